import { useMemo, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { DirectionSync } from './direction-sync';
import { cssVariablesResolver, theme, themeWords } from './theme';

export function Providers({ children }: { children: ReactNode }) {
  // The theme's icon buttons are named in the screens' language; `t` changes with it, so a switch renames them.
  const { t } = useTranslation('common');
  const worded = useMemo(
    () =>
      mergeThemeOverrides(
        theme,
        themeWords({
          close: t('close'),
          closeNotification: t('theme.closeNotification'),
          clearFile: t('theme.clearFile'),
        }),
      ),
    [t],
  );
  return (
    // A right-to-left language mirrors the layout (issue 33 item 5): `<html dir>` and Mantine's direction follow it.
    <DirectionProvider>
      <DirectionSync />
      <MantineProvider theme={worded} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>
          <ModalsProvider>
            <Notifications position="bottom-right" limit={4} />
            {children}
          </ModalsProvider>
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
