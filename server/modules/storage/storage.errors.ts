import { defineErrors } from '../../platform/errors';

/** The storage module's errors: code `storage.<key>`, status, human title. */
export const storageErrors = defineErrors('storage', {
  code_taken: {
    status: 409,
    title: (code: string, where: string) => `Code ${code} is already used ${where}.`,
    text: (code: string, where: string) => ({
      variant: where === 'here' ? 'here' : where.startsWith('in ') ? 'in' : 'container',
      values: { code, parent: where.replace(/^in /, '') },
    }),
  },
  full: {
    status: 409,
    title: (parent: string, capacity: number, child: string) =>
      `${parent} is full: it holds at most ${capacity} ${child} (rows x columns).`,
    text: (parent: string, capacity: number, child: string) => ({ variant: child, values: { parent, capacity } }),
  },
  too_small: {
    status: 409,
    title: (count: number, capacity: number) =>
      `${count} enabled items are inside: rows x columns (${capacity}) cannot be fewer.`,
    text: (count: number, capacity: number) => ({ values: { count, capacity } }),
  },
  box_layout_fixed: {
    status: 409,
    title:
      "A box's rows, columns, labeling and fill order cannot change: its positions are already made. Create a new box instead.",
  },
  wrong_parent: {
    status: 400,
    title: (level: string, parents: readonly string[], parent: string | null) =>
      parents.length
        ? `A ${level} goes in a ${parents.length > 1 ? `${parents.slice(0, -1).join(', ')} or ${parents.at(-1)}` : parents[0]}${parent ? `, not in a ${parent}` : ''}.`
        : `A ${level} is at the top: it goes in nothing.`,
    text: (level: string) => ({ variant: level, values: {} }),
  },
  has_children: {
    status: 409,
    title: (what: string) => `This ${what} still holds enabled items: disable them first.`,
    text: (what: string) => ({ variant: what, values: {} }),
  },
  parent_disabled: {
    status: 409,
    title: (what: string) => `The ${what} above is disabled: enable it first.`,
    text: (what: string) => ({ variant: what, values: {} }),
  },
  unknown_option: {
    status: 400,
    title: (title: string) =>
      `Position labeling option ${title} has no labeling rule: choose Linear or Two Dimensional.`,
    text: (title: string) => ({ values: { title } }),
  },
  unknown_schema: {
    status: 400,
    title: (title: string) =>
      `Labeling schema ${title} has no labeling rule: choose Numbers, Letters or Roman (upper or lower case).`,
    text: (title: string) => ({ values: { title } }),
  },
  column_schema_required: {
    status: 400,
    title: 'Column labeling schema: *Required (only a Linear box numbers its positions from the row schema alone).',
  },
  // Allocation (docs/storage.md "Allocation").
  position_occupied: {
    status: 409,
    title: (code: string, box: string, occupant: string) =>
      `Position ${code} of ${box} is already occupied${occupant ? ` by sample ${occupant}` : ''}: choose a free position.`,
    text: (code: string, box: string, occupant: string) => ({
      variant: occupant ? 'by' : 'unknown',
      values: { code, box, occupant },
    }),
  },
  sample_placed: {
    status: 409,
    title: (sampleId: string, where: string) =>
      `Sample ${sampleId} is already stored at ${where}: vacate it there first.`,
    text: (sampleId: string, where: string) => ({ values: { sampleId, where } }),
  },
  sample_in_transit: {
    status: 409,
    title: (sampleId: string, shipment: string) =>
      `Sample ${sampleId} is in the open shipment ${shipment}: it can be stored once received.`,
    text: (sampleId: string, shipment: string) => ({ values: { sampleId, shipment } }),
  },
  sample_disabled: {
    status: 409,
    title: (sampleId: string) => `Sample ${sampleId} is disabled: it cannot be stored.`,
    text: (sampleId: string) => ({ values: { sampleId } }),
  },
  sample_held_elsewhere: {
    status: 409,
    title: (sampleId: string, holder: string) =>
      `Sample ${sampleId} was received by ${holder}: it is in their custody and can no longer be stored here.`,
    text: (sampleId: string, holder: string) => ({ values: { sampleId, holder } }),
  },
  received_consent_withdrawn: {
    status: 409,
    title: (sampleId: string) =>
      `Sample ${sampleId}: its donor withdrew consent at the sending institution, so it cannot be stored.`,
    text: (sampleId: string) => ({ values: { sampleId } }),
  },
  box_disabled: {
    status: 409,
    title: (box: string) => `${box} is disabled: enable the box before storing samples in it.`,
    text: (box: string) => ({ values: { box } }),
  },
  box_lacks_room: {
    status: 409,
    title: (box: string, free: number, wanted: number) =>
      `${box} has ${free} free position${free === 1 ? '' : 's'}; ${wanted} samples do not fit. Nothing was allocated.`,
    text: (box: string, free: number, wanted: number) => ({
      variant: free <= 1 ? 'one' : 'other',
      values: { box, free, wanted },
    }),
  },
  box_occupied: {
    status: 409,
    title: (n: number) =>
      `This box still holds ${n} sample${n === 1 ? '' : 's'}: vacate ${n === 1 ? 'it' : 'them'} first.`,
    text: (n: number) => ({ variant: n === 1 ? 'one' : 'other', values: { n } }),
  },
  already_vacated: {
    status: 409,
    title: (sampleId: string, code: string) => `Sample ${sampleId} was already taken out of position ${code}.`,
    text: (sampleId: string, code: string) => ({ values: { sampleId, code } }),
  },
  // Rack-scanner reconcile (docs/storage.md "Rack-scanner reconcile").
  rack_scan_invalid: {
    status: 400,
    title: (n: number) =>
      `The scan has ${n} line${n === 1 ? '' : 's'} in error: fix ${n === 1 ? 'it' : 'them'} and scan again. Nothing was changed.`,
    text: (n: number) => ({ variant: n === 1 ? 'one' : 'other', values: { n } }),
  },
  rack_scan_stale: {
    status: 409,
    title:
      'The box or its samples changed since the scan was read: read the scan again before applying it. Nothing was changed.',
  },
  rack_scan_position_held: {
    status: 409,
    title: (code: string, sampleId: string) =>
      `Position ${code} still holds sample ${sampleId}, which the scan does not find: choose to vacate missing samples, or take it out first. Nothing was changed.`,
    text: (code: string, sampleId: string) => ({ values: { code, sampleId } }),
  },
  position_mismatch: { status: 400, title: 'StorageContainerBoxPositionId names another position than the path.' },
});
