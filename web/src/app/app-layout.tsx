import { Suspense, type ReactNode } from 'react';
import { AppShell } from '@mantine/core';
import { useDisclosure, useReducedMotion } from '@mantine/hooks';
import type { CurrentInstitution } from '../lib/session-context';
import { PageLoader } from '../components/page-loader';
import { useUnsavedChangesBlocker } from '../lib/unsaved-changes';
import { TopNav } from './top-nav';
import { MainLinks } from './main-links';

interface Props { current: CurrentInstitution | null; children: ReactNode }

/** Header with the navigation (second row and burger menu only once an institution is chosen). */
export function AppLayout({ current, children }: Props) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const reduceMotion = useReducedMotion();
  useUnsavedChangesBlocker();
  return (
    <AppShell
      transitionDuration={reduceMotion ? 0 : 200}
      header={{ height: { base: 60, lg: current ? 108 : 60 } }}
      navbar={{ width: 260, breakpoint: 'lg', collapsed: { mobile: !opened || !current, desktop: true } }}
      padding="md"
    >
      <AppShell.Header>
        <TopNav current={current} menuOpened={opened} onToggleMenu={toggle} />
      </AppShell.Header>
      {current && (
        <AppShell.Navbar p="sm" hiddenFrom="lg">
          {/* Only rendered while open, so exactly one 'Main' navigation exists at any size. */}
          {opened && <MainLinks orientation="vertical" onNavigate={close} />}
        </AppShell.Navbar>
      )}
      <AppShell.Main bg="gray.0">
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
