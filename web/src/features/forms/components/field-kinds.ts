import type { FieldKind } from '@contract/forms.contract';

/** The editor's names for the nine field types (spec 2 §2 "Form editor"), in the left panel's order. */
export const KIND_LABELS: Record<FieldKind, string> = {
  TB: 'Single Line',
  TA: 'Multi Line',
  TP: 'Time Picker',
  DP: 'Date Picker',
  DTP: 'Date & Time Picker',
  CB: 'Checkbox',
  CBL: 'Checkbox List',
  RL: 'Radio List',
  SL: 'Select',
};
