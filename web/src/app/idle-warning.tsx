import { useEffect, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { authEndpoints } from '@contract/auth.endpoints';
import { call, lastSessionRequestAt } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';
import { useMe } from '../lib/session-context';
import { Dialog } from '../components/dialog';

/**
 * The server ends a session after SESSION_IDLE_MINUTES without a request (HIPAA automatic logoff), and
 * anything typed but not saved would be lost at the next save. The server counts idleness from the last
 * request (issue 26: never earlier), so warn three minutes before the limit, or at half of a limit shorter
 * than six minutes. Staying signed in is one request; ignoring the warning lets the logoff happen as before.
 */
const WARN_BEFORE_MS = 3 * 60_000;
const CHECK_EVERY_MS = 10_000;

// zIndex: above any open form or dialog (Mantine modals default to 200), which it must not close.
export function IdleWarning() {
  const { sessionIdleMinutes } = useMe();
  const queryClient = useQueryClient();
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const idleMs = sessionIdleMinutes * 60_000;
  const warnAfter = idleMs - Math.min(WARN_BEFORE_MS, idleMs / 2);

  useEffect(() => {
    const check = () => setOpen(Date.now() - lastSessionRequestAt() >= warnAfter);
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [warnAfter]);

  const stay = async () => {
    setBusy(true);
    try {
      queryClient.setQueryData(queryKeys.me, await call(authEndpoints.me, {}));
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      opened={open}
      onClose={() => void stay()}
      title={t('idle.title')}
      centered
      withCloseButton={false}
      zIndex={1000}
    >
      <Text size="sm">{t('idle.text', { minutes: t('idle.minutes', { count: sessionIdleMinutes }) })}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={() => void stay()} loading={busy} data-autofocus>
          {t('idle.stay')}
        </Button>
      </Group>
    </Dialog>
  );
}
