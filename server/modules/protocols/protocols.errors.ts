import { defineErrors } from '../../platform/errors';

/** The protocols module's errors: code `protocols.<key>`, status, human title. */
export const protocolErrors = defineErrors('protocols', {
  code_taken: {
    status: 409,
    title: (code: string, title: string) => `Code ${code} is already used by the protocol ${title}.`,
    text: (code: string, title: string) => ({ values: { code, title } }),
  },
  event_code_taken: {
    status: 409,
    title: (code: string) => `Event code ${code} is already used in this protocol.`,
    text: (code: string) => ({ values: { code } }),
  },
  event_site: {
    status: 400,
    title: "Choose one of the protocol's sites for the event (add the site on the Sites page first).",
  },
  tree_parent: {
    status: 400,
    title: (key: string) => `Item ${key} names a parent that is not listed before it.`,
    text: (key: string) => ({ values: { key } }),
  },
  tree_key: {
    status: 400,
    title: (key: string) => `Item key ${key} is used twice.`,
    text: (key: string) => ({ values: { key } }),
  },
  aliquots_exceed: {
    status: 400,
    title: (parent: string, total: number, available: number) =>
      `The aliquots of ${parent} need ${total} together, more than its quantity of ${available}.`,
    // parent is the requirement's title or 'item <key>' (requirement-tree.ts): one key for each.
    text: (parent: string, total: number, available: number) => {
      const item = /^item (\S+)$/.exec(parent)?.[1];
      return item
        ? { variant: 'item', values: { key: item, total, available } }
        : { variant: 'requirement', values: { parent, total, available } };
    },
  },
  item_requirement: { status: 400, title: 'The item names another specimen requirement than the one in its path.' },
  aliquot_unit: { status: 400, title: "An aliquot has its parent's unit of measurement." },
  no_participants: { status: 400, title: 'Choose at least one participant to enrol.' },
  already_enrolled: {
    status: 409,
    title: (name: string) => `${name} is already enrolled in this protocol.`,
    text: (name: string) => ({ values: { name } }),
  },
  outside_dates: {
    status: 409,
    title: (protocol: string, range: string, today: string) =>
      `${protocol} runs ${range}; today (${today}) is outside it.`,
    // range is outsideDates' words ('from A to B', 'from A', 'until B'): one key per form, the dates as values.
    text: (protocol: string, range: string, today: string) => {
      const until = /^until (\S+)$/.exec(range)?.[1];
      const [, start = '', end = ''] = /^from (\S+)(?: to (\S+))?$/.exec(range) ?? [];
      const variant = until ? 'until' : end ? 'between' : 'from';
      return { variant, values: { protocol, today, start, end: until ?? end } };
    },
  },
  participant_disabled: { status: 409, title: 'This participant is disabled in the protocol.' },
  consent_disabled: { status: 409, title: 'This consent is disabled and cannot be signed.' },
  not_current_version: { status: 409, title: 'This consent has a newer text. Read the current version and sign it.' },
  signature_invalid: { status: 400, title: 'The signature must be a PNG image (data:image/png;base64,...).' },
  signature_blank: { status: 400, title: 'The signature is empty: draw a signature before saving.' },
  signature_too_large: {
    status: 400,
    title: (kb: number) => `The signature image is too large (at most ${kb} KB).`,
    text: (kb: number) => ({ values: { kb } }),
  },
  not_enrolled: {
    status: 409,
    title: 'This patient is not enrolled in this protocol: enrol them before signing a consent.',
  },
  consent_text_mismatch: {
    status: 409,
    title: (version: number, versionId: number) =>
      `The consent text given is not the current text (version ${version}, ConsentVersionId ${versionId}): read the current version and sign it.`,
    text: (version: number, versionId: number) => ({ values: { version, versionId } }),
  },
  already_signed: { status: 409, title: 'The participant has already signed this consent.' },
  already_withdrawn: { status: 409, title: 'This consent is already withdrawn.' },
  withdrawal_before_signing: { status: 400, title: 'The withdrawal date cannot be before the consent was signed.' },
  consent_withdrawn: {
    status: 409,
    title: (name: string, date: string, reconsent: { on: string; from: string } | null) =>
      reconsent
        ? `${name} withdrew consent on ${date} and consented again on ${reconsent.on}, keeping earlier samples blocked: this sample was collected before ${reconsent.from} and may not be used.`
        : `${name} withdrew consent on ${date}: their samples may not be used further.`,
    text: (name: string, date: string, reconsent: { on: string; from: string } | null) =>
      reconsent
        ? { variant: 'reconsent', values: { name, date, on: reconsent.on, from: reconsent.from } }
        : { variant: 'withdrawn', values: { name, date } },
  },
  reconsent_choice: {
    status: 400,
    title:
      'This is a re-consent after a withdrawal: choose whether the samples collected before it stay blocked (keep_blocked) or are covered by the new consent (covered).',
  },
  purpose_choices: {
    status: 400,
    title: (titles: string) =>
      `Record the participant's yes or no for each purpose this consent version grants (${titles}), and for no other.`,
    text: (titles: string) => ({ values: { titles } }),
  },
  not_a_reconsent: {
    status: 400,
    title:
      'The participant has no withdrawn signature of this consent: the choice for earlier samples is only for a re-consent after a withdrawal.',
  },
  reconsent_stale: {
    status: 409,
    title: 'This consent was signed again since you opened it: reload the consents and check its newest signature.',
  },
  // ---- issue 33, service messages: titles that were bare badRequest(...) in the services ----
  sites_not_enabled: {
    status: 400,
    title: (missing: string) => `Choose enabled institution sites (not found: ${missing}).`,
    text: (missing: string) => ({ values: { missing } }),
  },
  // ---- end of issue 33, service messages ----
});
