import { defineErrors } from '../../platform/errors';

/** The storage module's errors: code `storage.<key>`, status, human title. */
export const storageErrors = defineErrors('storage', {
  code_taken: { status: 409, title: (code: string, where: string) => `Code ${code} is already used ${where}.` },
  full: {
    status: 409,
    title: (parent: string, capacity: number, child: string) =>
      `${parent} is full: it holds at most ${capacity} ${child} (rows x columns).`,
  },
  too_small: {
    status: 409,
    title: (count: number, capacity: number) =>
      `${count} enabled items are inside: rows x columns (${capacity}) cannot be fewer.`,
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
  },
  has_children: { status: 409, title: (what: string) => `This ${what} still holds enabled items: disable them first.` },
  parent_disabled: { status: 409, title: (what: string) => `The ${what} above is disabled: enable it first.` },
  unknown_option: {
    status: 400,
    title: (title: string) =>
      `Position labeling option ${title} has no labeling rule: choose Linear or Two Dimensional.`,
  },
  unknown_schema: {
    status: 400,
    title: (title: string) =>
      `Labeling schema ${title} has no labeling rule: choose Numbers, Letters or Roman (upper or lower case).`,
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
  },
  sample_placed: {
    status: 409,
    title: (sampleId: string, where: string) =>
      `Sample ${sampleId} is already stored at ${where}: vacate it there first.`,
  },
  sample_in_transit: {
    status: 409,
    title: (sampleId: string, shipment: string) =>
      `Sample ${sampleId} is in the open shipment ${shipment}: it can be stored once received.`,
  },
  sample_disabled: { status: 409, title: (sampleId: string) => `Sample ${sampleId} is disabled: it cannot be stored.` },
  sample_held_elsewhere: {
    status: 409,
    title: (sampleId: string, holder: string) =>
      `Sample ${sampleId} was received by ${holder}: it is in their custody and can no longer be stored here.`,
  },
  received_consent_withdrawn: {
    status: 409,
    title: (sampleId: string) =>
      `Sample ${sampleId}: its donor withdrew consent at the sending institution, so it cannot be stored.`,
  },
  box_disabled: {
    status: 409,
    title: (box: string) => `${box} is disabled: enable the box before storing samples in it.`,
  },
  box_lacks_room: {
    status: 409,
    title: (box: string, free: number, wanted: number) =>
      `${box} has ${free} free position${free === 1 ? '' : 's'}; ${wanted} samples do not fit. Nothing was allocated.`,
  },
  box_occupied: {
    status: 409,
    title: (n: number) =>
      `This box still holds ${n} sample${n === 1 ? '' : 's'}: vacate ${n === 1 ? 'it' : 'them'} first.`,
  },
  already_vacated: {
    status: 409,
    title: (sampleId: string, code: string) => `Sample ${sampleId} was already taken out of position ${code}.`,
  },
  // Rack-scanner reconcile (docs/storage.md "Rack-scanner reconcile").
  rack_scan_invalid: {
    status: 400,
    title: (n: number) =>
      `The scan has ${n} line${n === 1 ? '' : 's'} in error: fix ${n === 1 ? 'it' : 'them'} and scan again. Nothing was changed.`,
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
  },
  position_mismatch: { status: 400, title: 'StorageContainerBoxPositionId names another position than the path.' },
});
