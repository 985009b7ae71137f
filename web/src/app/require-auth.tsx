import { useEffect } from 'react';
import { Alert, Button, Center } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { MeContext } from '../lib/session-context';
import { tokenStore } from '../lib/session-storage';
import { loginPathFor } from '../lib/safe-next';
import { PageLoader } from '../components/page-loader';
import { useMeQuery } from '../features/auth/api/me';
import { IdleWarning } from './idle-warning';
import { switchLanguage } from '../lib/i18n';

/** spec 1 §2: protected routes need a stored token, else /login?next=<where the user was going>. */
export function RequireAuth() {
  const location = useLocation();
  const hasToken = tokenStore.get() !== null;
  const me = useMeQuery(hasToken);
  const { t } = useTranslation();
  const language = me.data?.language;
  // The account's language once known (issue 33); with none chosen, the browser's.
  useEffect(() => {
    if (language !== undefined) switchLanguage(language);
  }, [language]);

  if (!hasToken) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  if (me.isPending) return <PageLoader label={t('session.loadingAccount')} />;
  if (me.isError) {
    return (
      <Center py={80}>
        <Alert color="red" title={t('session.accountFailed')}>
          {me.error.message}
          <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void me.refetch()}>
            {t('session.tryAgain')}
          </Button>
        </Alert>
      </Center>
    );
  }
  return (
    <MeContext.Provider value={me.data}>
      <Outlet />
      <IdleWarning />
    </MeContext.Provider>
  );
}
