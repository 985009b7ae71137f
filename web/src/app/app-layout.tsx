import { Suspense, type ReactNode } from 'react';
import { AppShell } from '@mantine/core';
import { useDisclosure, useReducedMotion } from '@mantine/hooks';
import type { CurrentInstitution } from '../lib/session-context';
import { PageLoader } from '../components/page-loader';
import { SkipLink } from '../components/skip-link';
import { useFocusHeading } from '../lib/use-focus-heading';
import { useUnsavedChangesBlocker } from '../lib/unsaved-changes';
import { TopNav } from './top-nav';
import { MainLinks } from './main-links';

/** The <main> element: the skip link's target; the page heading inside it gets focus after navigation. */
const MAIN_ID = 'main-content';

interface Props {
  current: CurrentInstitution | null;
  /** The chosen institution's id, known (stored) before it has loaded: a new choice is a new view. */
  institutionId: number | null;
  children: ReactNode;
}

/** Skip link, header with the navigation (second row and burger menu only once an institution is chosen). */
export function AppLayout({ current, institutionId, children }: Props) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const reduceMotion = useReducedMotion();
  useUnsavedChangesBlocker();
  useFocusHeading(MAIN_ID, institutionId);
  return (
    <AppShell
      transitionDuration={reduceMotion ? 0 : 200}
      header={{ height: { base: 60, lg: current ? 108 : 60 } }}
      navbar={{ width: 260, breakpoint: 'lg', collapsed: { mobile: !opened || !current, desktop: true } }}
      padding="md"
    >
      <SkipLink targetId={MAIN_ID} />
      <AppShell.Header>
        <TopNav current={current} menuOpened={opened} onToggleMenu={toggle} />
      </AppShell.Header>
      {current && (
        <AppShell.Navbar p="sm" hiddenFrom="lg">
          {/* Only rendered while open, so exactly one 'Main' navigation exists at any size. */}
          {opened && <MainLinks orientation="vertical" onNavigate={close} />}
        </AppShell.Navbar>
      )}
      <AppShell.Main id={MAIN_ID} tabIndex={-1} bg="gray.0">
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
