import { Autocomplete, MultiSelect, Select, TagsInput, type MantineThemeComponents } from '@mantine/core';

/**
 * Pickers open on click, ArrowDown or typing, never merely because they got focus (issue 11): a
 * keyboard user tabs through a form, or a form opens with its first select focused, without lists
 * springing open. Dates go through components/date-field.tsx for the same rule.
 */
export const inputDefaults: MantineThemeComponents = {
  Select: Select.extend({ defaultProps: { openOnFocus: false } }),
  MultiSelect: MultiSelect.extend({ defaultProps: { openOnFocus: false } }),
  Autocomplete: Autocomplete.extend({ defaultProps: { openOnFocus: false } }),
  TagsInput: TagsInput.extend({ defaultProps: { openOnFocus: false } }),
};
