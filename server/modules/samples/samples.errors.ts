import { defineErrors } from '../../platform/errors';

/** Why an aliquot's unit does not convert into its parent's: no unit facts, other unit types, a factor missing. */
export type AliquotUnitRefusal = 'unknown' | 'types' | 'factor';
export function aliquotUnitWhy(kind: AliquotUnitRefusal, child: string, parent: string, missing: string) {
  if (kind === 'unknown') return "This unit cannot be converted into the parent's unit.";
  if (kind === 'types') return `${child} and ${parent} cannot be converted: different unit types.`;
  return `${child} and ${parent} cannot be converted: set a conversion factor on ${missing} in Configuration > Unit Of Measurement.`;
}

/** The samples module's errors: code `samples.<key>`, status, human title. */
export const sampleErrors = defineErrors('samples', {
  sample_id_taken: {
    status: 409,
    title: (sampleId: string) => `Sample ID ${sampleId} is already used in this institution.`,
    text: (sampleId: string) => ({ values: { sampleId } }),
  },
  sample_id_twice: {
    status: 400,
    title: (sampleId: string) => `Sample ID ${sampleId} is given to two rows.`,
    text: (sampleId: string) => ({ values: { sampleId } }),
  },
  overdraw: {
    status: 409,
    title: (sampleId: string, remaining: number, unit: string, wanted: number) =>
      `Sample ${sampleId} has ${remaining} ${unit} remaining; ${wanted} ${unit} cannot be taken from it.`,
    text: (sampleId: string, remaining: number, unit: string, wanted: number) => ({
      values: { sampleId, remaining, unit, wanted },
    }),
  },
  over_return: {
    status: 409,
    title: (sampleId: string, collected: number, unit: string) =>
      `Sample ${sampleId} cannot hold more than its collected ${collected} ${unit}.`,
    text: (sampleId: string, collected: number, unit: string) => ({ values: { sampleId, collected, unit } }),
  },
  outside_dates: {
    status: 409,
    title: (protocol: string, range: string, day: string) =>
      `${protocol} runs ${range}; the collection date ${day} is outside it.`,
    // range is outsideDates' words ('from A to B', 'from A', 'until B'): one key per form, the dates as values.
    text: (protocol: string, range: string, day: string) => {
      const [, start = '', end = ''] = /^(?:from (\S+))?(?: ?to (\S+)| ?until (\S+))?$/.exec(range) ?? [];
      const until = /^until (\S+)$/.exec(range)?.[1];
      const variant = until ? 'until' : end ? 'between' : 'from';
      return { variant, values: { protocol, day, start, end: until ?? end } };
    },
  },
  /** Issue 28 item 2: at most today in the institution's time zone. */
  future_date: {
    status: 400,
    title: (day: string, today: string) => `Collected date cannot be in the future: ${day} is after today (${today}).`,
    text: (day: string, today: string) => ({ values: { day, today } }),
  },
  not_enrolled: {
    status: 409,
    title: (name: string) => `${name} is not enrolled in this protocol: enrol the participant first.`,
    text: (name: string) => ({ values: { name } }),
  },
  participant_disabled: {
    status: 409,
    title: (name: string) => `${name} is disabled in this protocol.`,
    text: (name: string) => ({ values: { name } }),
  },
  event_not_in_protocol: { status: 400, title: 'Choose an event of this protocol.' },
  site_not_in_protocol: {
    status: 400,
    title: "Choose one of the protocol's sites (add the site on the Sites page first).",
  },
  site_required: {
    status: 400,
    title: 'Choose the institution site where the samples were collected (the event names none).',
  },
  aliquot_type: { status: 400, title: "An aliquot has its parent's specimen type." },
  /** An aliquot's unit that does not convert into its parent's: `why` names both units and what to do. */
  aliquot_unit: {
    status: 400,
    title: (kind: AliquotUnitRefusal, child: string, parent: string, missing: string) =>
      aliquotUnitWhy(kind, child, parent, missing),
    text: (kind: AliquotUnitRefusal, child: string, parent: string, missing: string) => ({
      // Both units lack a factor: 'X and Y' is English, so French names both in its own sentence.
      variant: kind === 'factor' && missing === `${child} and ${parent}` ? 'factor_both' : kind,
      values: { child, parent, missing },
    }),
  },
  lineage_required: { status: 400, title: 'Choose the sub sample lineage of a child row.' },
  unit_required: { status: 400, title: 'Choose the unit of measurement of a sample.' },
  row_parent: {
    status: 400,
    title: (key: string) => `Row ${key} names a parent row that is not listed before it.`,
    text: (key: string) => ({ values: { key } }),
  },
  row_key: {
    status: 400,
    title: (key: string) => `Row key ${key} is used twice.`,
    text: (key: string) => ({ values: { key } }),
  },
  in_transit: {
    status: 409,
    title: (sampleId: string, shipment: string) =>
      `Sample ${sampleId} is in the shipment "${shipment}": it cannot be aliquoted or sub-sampled until the shipment is received or cancelled.`,
    text: (sampleId: string, shipment: string) => ({ values: { sampleId, shipment } }),
  },
  held_elsewhere: {
    status: 409,
    title: (sampleId: string, holder: string) =>
      `Sample ${sampleId} was received by ${holder}: it is in their custody, so it cannot be aliquoted or sub-sampled here.`,
    text: (sampleId: string, holder: string) => ({ values: { sampleId, holder } }),
  },
  /** Accepting a shipped sample: the receiver's lists must have its specimen type and unit (docs/decisions/0014). */
  received_type_unknown: {
    status: 409,
    title: (sampleId: string, what: string, value: string) =>
      `Sample ${sampleId} cannot be accepted: its ${what} "${value}" is not in your institution's list. Add it in Configuration, then accept again.`,
    text: (sampleId: string, what: string, value: string) => ({
      variant: what.replace(/\s+/g, '_'),
      values: { sampleId, value },
    }),
  },
  /** The sender's record of a sample another institution accepted: no use of it here any more (labels, adjustments). */
  held_elsewhere_use: {
    status: 409,
    title: (sampleId: string, holder: string, what: string) =>
      `Sample ${sampleId} was received by ${holder}: it is in their custody, so it cannot be ${what} here.`,
    text: (sampleId: string, holder: string, what: string) => ({ variant: what, values: { sampleId, holder } }),
  },
  /** A received record whose stored consent state (sample_origins, at shipping) is not usable: the donor is not named. */
  received_consent_blocked: {
    status: 409,
    title: (sampleId: string) =>
      `Sample ${sampleId}: its donor's consent at the sending institution does not allow further use, so it cannot be labelled.`,
    text: (sampleId: string) => ({ values: { sampleId } }),
  },
  parent_disabled: {
    status: 409,
    title: (sampleId: string) => `Sample ${sampleId} is disabled: nothing can be taken from it.`,
    text: (sampleId: string) => ({ values: { sampleId } }),
  },
});
