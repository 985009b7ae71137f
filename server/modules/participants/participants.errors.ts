import { defineErrors } from '../../platform/errors';

/** The participants module's errors: code `participants.<key>`, status, human title (English; French in contract/i18n/fr.ts). */
export const participantErrors = defineErrors('participants', {
  mrn_taken: {
    status: 409,
    title: (mrn: string, owner: string, atSite: boolean) =>
      owner.toLowerCase() === mrn.toLowerCase()
        ? `MRN ${mrn} is already registered to another participant.`
        : `MRN ${mrn} is already registered${atSite ? ' at this site' : ''} to the participant with MRN ${owner}.`,
    // One key per sentence: participants.mrn_taken_same, _site, _other (contract/i18n).
    text: (mrn: string, owner: string, atSite: boolean) => ({
      variant: owner.toLowerCase() === mrn.toLowerCase() ? 'same' : atSite ? 'site' : 'other',
      values: { mrn, owner },
    }),
  },
  child_duplicate: {
    status: 409,
    title: (label: string) => `This ${label} is already recorded for the participant.`,
    // One key per kind ('phone number' -> participants.child_duplicate_phone_number): the noun's gender differs.
    text: (label: string) => ({ variant: label.toLowerCase().replace(/\s+/g, '_'), values: { label } }),
  },
  // ---- issue 33, service messages: titles that were bare badRequest(...) in the services ----
  /** A local phone rule refused a number; `problemMessage` is said through `messages` (server/platform/i18n.ts). */
  phone_rule: {
    status: 400,
    title: (problem: string) => `Phone number: ${problem}`,
    text: (problem: string) => ({ values: { problemMessage: problem } }),
  },
  other_institution: { status: 400, title: 'Choose participants of this institution.' },
  // ---- end of issue 33, service messages ----
});
