import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { inputDefaults } from '../lib/input-defaults';

// A calm clinical teal-blue; shade 7 keeps white text on buttons above WCAG AA contrast.
const clinical: MantineColorsTuple = [
  '#e7f6f8', '#d5ebee', '#a9d6dc', '#7abfc8', '#55acb7', '#3ca0ac', '#2d99a6', '#1d8591', '#0b7681', '#006671',
];

export const theme = createTheme({
  primaryColor: 'clinical',
  primaryShade: 7,
  colors: { clinical },
  focusRing: 'auto',
  respectReducedMotion: true,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
  components: {
    ...inputDefaults,
    Button: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { radius: 'md' } },
  },
});
