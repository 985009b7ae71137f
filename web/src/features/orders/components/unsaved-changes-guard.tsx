import { useEffect } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from 'react-router';

/** Asks before leaving the screen (in-app navigation, reload or closing the tab) while results are unsaved. */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search));

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  if (blocker.state !== 'blocked') return null;
  return (
    <Modal opened onClose={() => blocker.reset()} title="Leave without saving?" size={420} transitionProps={{ duration: 0 }}>
      <Text size="sm">Some results are entered but not saved. If you leave now, they are lost.</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset()} data-autofocus>Stay</Button>
        <Button color="red" onClick={() => blocker.proceed()}>Leave without saving</Button>
      </Group>
    </Modal>
  );
}
