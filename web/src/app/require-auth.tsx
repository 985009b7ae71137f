import { Alert, Button, Center } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { MeContext } from '../lib/session-context';
import { tokenStore } from '../lib/session-storage';
import { loginPathFor } from '../lib/safe-next';
import { PageLoader } from '../components/page-loader';
import { useMeQuery } from '../features/auth/api/me';
import { IdleWarning } from './idle-warning';

/** spec 1 §2: protected routes need a stored token, else /login?next=<where the user was going>. */
export function RequireAuth() {
  const location = useLocation();
  const hasToken = tokenStore.get() !== null;
  const me = useMeQuery(hasToken);

  if (!hasToken) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  if (me.isPending) return <PageLoader label="Loading your account" />;
  if (me.isError) {
    return (
      <Center py={80}>
        <Alert color="red" title="Your account could not be loaded">
          {me.error.message}
          <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void me.refetch()}>
            Try again
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
