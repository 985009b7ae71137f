import { createTheme, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { inputDefaults } from '../lib/input-defaults';

// A calm clinical teal-blue. Shade 8 is the primary: white on it is 5.35:1 (WCAG AA asks 4.5:1; shade 7
// gave 4.36:1). Shade 2 is the light variant's hover background, kept light enough that the light variant's
// text (shade 9) stays at 4.78:1 on it. Ratios: docs/accessibility.md.
const clinical: MantineColorsTuple = [
  '#e7f6f8',
  '#d5ebee',
  '#bfe0e5',
  '#7abfc8',
  '#55acb7',
  '#3ca0ac',
  '#2d99a6',
  '#1d8591',
  '#0b7681',
  '#006671',
];

/**
 * Mantine's palette with shades 8 and 9 darkened where they fail WCAG AA: shade 8 is what filled badges
 * and buttons put white text on and what outline variants write on white; shade 9 is the light variant's
 * text on shade 1. Each pair below reaches 4.6:1 (docs/accessibility.md lists them).
 */
const darkerEnds = (name: keyof typeof DEFAULT_THEME.colors, shade8: string, shade9: string): MantineColorsTuple => {
  const c = DEFAULT_THEME.colors[name];
  return [c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], shade8, shade9];
};

const accessiblePalette = {
  // Red carries error text (red.8, also '--mantine-color-error' below): Mantine's #e03131 is 4.28:1 on gray.0.
  red: darkerEnds('red', '#c92a2a', '#b72525'),
  cyan: darkerEnds('cyan', '#0c8093', '#0b7285'),
  teal: darkerEnds('teal', '#08855f', '#087a57'),
  green: darkerEnds('green', '#28863a', '#267b37'),
  lime: darkerEnds('lime', '#4f810c', '#4b790b'),
  yellow: darkerEnds('yellow', '#9e5c00', '#a85700'),
  orange: darkerEnds('orange', '#c84d0a', '#bb3e0d'),
};

export const theme = createTheme({
  primaryColor: 'clinical',
  primaryShade: 8,
  colors: { clinical, ...accessiblePalette },
  focusRing: 'auto',
  respectReducedMotion: true,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
  components: {
    ...inputDefaults,
    // A link inside a sentence differs from its text by more than colour (axe: link-in-text-block).
    Anchor: { defaultProps: { underline: 'always' } },
    Button: { defaultProps: { radius: 'md' } },
    // Mantine renders a dialog's or drawer's header as <header>: a second banner landmark beside the app's
    // own (axe: landmark-no-duplicate-banner, landmark-unique). The dialog's name is its title already.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    TextInput: { defaultProps: { radius: 'md' } },
  },
});

/**
 * Mantine's 'dimmed' text is gray.6 (#868e96): 3.32:1 on white, 3.15:1 on the page's gray.0. #5f666d
 * gives 5.82:1 on white, 5.52:1 on gray.0 and 5.23:1 on gray.1 (table stripes, hovered rows).
 * Placeholders (gray.5, 2.07:1) are text a person must read too: #6b7178 gives 4.93:1 on an input's white,
 * still lighter than typed text (gray.9) so an empty field looks empty.
 * Error text (field errors, form problems) is Mantine's red.6 (3.28:1): red.8 of the palette above is
 * #c92a2a, 5.46:1 on white and 5.18:1 on gray.0.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f666d',
    '--mantine-color-placeholder': '#6b7178',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {},
});

/**
 * The theme's words, in the screens' language (providers.tsx rebuilds them on a switch): a notification's close
 * button and a modal's are icons, so they need a name (axe: button-name, critical), and so does a clearable file
 * field's clear button (a Select's is hidden from screen readers by Mantine).
 */
export const themeWords = (words: { close: string; closeNotification: string; clearFile: string }) =>
  createTheme({
    components: {
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': words.closeNotification } } },
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': words.close } } },
      FileInput: { defaultProps: { clearButtonProps: { 'aria-label': words.clearFile } } },
    },
  });
