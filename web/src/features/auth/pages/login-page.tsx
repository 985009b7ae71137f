import { Alert, Anchor, Button, Checkbox, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconClockHour4 } from '@tabler/icons-react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@contract/messages';
import { ApiError, type LoginNotice } from '@/lib/api-client';
import { safeNext } from '@/lib/safe-next';
import { tokenStore } from '@/lib/session-storage';
import { useLogin } from '../api/login';
import classes from './login-page.module.css';

// spec 1 §8: login 401 and 500 have fixed texts; other failures (429 throttling) show the server's title.
function loginErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return MSG.internal;
  if (error.status === 401) return MSG.badLogin;
  if (error.status >= 500) return MSG.internal;
  return error.problem.title;
}

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const sessionEnded = (useLocation().state as LoginNotice | null)?.sessionEnded;
  const next = safeNext(params.get('next'));
  // spec 1 §5: login has no client-side rules; the server decides.
  const form = useForm({ initialValues: { userName: '', password: '', stayLoggedIn: true } });

  if (tokenStore.get() && !login.isPending && !login.isSuccess) return <Navigate to={next} replace />;

  const submit = form.onSubmit((values) => {
    login.mutate(values, { onSuccess: () => void navigate(next, { replace: true }) });
  });

  return (
    <div className={classes.page}>
      <Paper component="main" className={classes.card} withBorder shadow="md" radius="md" p="xl">
        <Stack gap={4} mb="lg" ta="center">
          <Title order={1} fz={28}>
            Biobanking LIMS
          </Title>
          <Text c="dimmed">Log in to your portal</Text>
        </Stack>
        <form onSubmit={submit} noValidate>
          <Stack>
            {sessionEnded && !login.isError && (
              <Alert color="yellow" icon={<IconClockHour4 />} role="status" title="Signed out">
                {sessionEnded}
              </Alert>
            )}
            {login.isError && (
              <Alert color="red" variant="filled" icon={<IconAlertCircle />} role="alert">
                {loginErrorText(login.error)}
              </Alert>
            )}
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              autoFocus
              data-autofocus
              {...form.getInputProps('userName')}
            />
            <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
            <Checkbox label="Stay logged in?" {...form.getInputProps('stayLoggedIn', { type: 'checkbox' })} />
            <Button type="submit" fullWidth loading={login.isPending}>
              Sign in
            </Button>
          </Stack>
        </form>
        <Text c="dimmed" size="xs" ta="center" mt="xl">
          © 2021. All rights reserved.{' '}
          <Anchor href="/about" size="xs">
            About
          </Anchor>
        </Text>
      </Paper>
    </div>
  );
}
