import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * True below the theme's `sm` breakpoint (768 px): phone-size screens, where wide tables become
 * stacked cards. Read on the first render (no server rendering here), so a phone never mounts the
 * wide layout first.
 */
export function usePhone(): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(width < ${theme.breakpoints.sm})`, false, { getInitialValueInEffect: false });
}
