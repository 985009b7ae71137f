import { Alert, Anchor, Button, Checkbox, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconClockHour4 } from '@tabler/icons-react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ApiError, type LoginNotice } from '@/lib/api-client';
import { safeNext } from '@/lib/safe-next';
import { tokenStore } from '@/lib/session-storage';
import { useLogin } from '../api/login';
import classes from './login-page.module.css';

// spec 1 §8: login 401 and 500 have fixed texts; other failures (429 throttling) show the server's title.
function loginErrorText(error: unknown, t: TFunction<'auth'>): string {
  if (!(error instanceof ApiError) || error.status >= 500) return t('internal', { ns: 'messages' });
  if (error.status === 401) return t('badLogin', { ns: 'messages' });
  return error.problem.title;
}

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const { t } = useTranslation('auth');
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
            {t('appName', { ns: 'shell' })}
          </Title>
          <Text c="dimmed">{t('login.tagline')}</Text>
        </Stack>
        <form onSubmit={submit} noValidate>
          <Stack>
            {sessionEnded && !login.isError && (
              <Alert color="yellow" icon={<IconClockHour4 />} role="status" title={t('login.signedOut')}>
                {sessionEnded}
              </Alert>
            )}
            {login.isError && (
              <Alert color="red" variant="filled" icon={<IconAlertCircle />} role="alert">
                {loginErrorText(login.error, t)}
              </Alert>
            )}
            <TextInput
              label={t('login.email')}
              type="email"
              autoComplete="username"
              autoFocus
              data-autofocus
              {...form.getInputProps('userName')}
            />
            <PasswordInput
              label={t('login.password')}
              autoComplete="current-password"
              {...form.getInputProps('password')}
            />
            <Checkbox label={t('login.stayLoggedIn')} {...form.getInputProps('stayLoggedIn', { type: 'checkbox' })} />
            <Button type="submit" fullWidth loading={login.isPending}>
              {t('login.submit')}
            </Button>
          </Stack>
        </form>
        <Text c="dimmed" size="xs" ta="center" mt="xl">
          {t('login.rights')}{' '}
          <Anchor href="/about" size="xs">
            {t('login.about')}
          </Anchor>
        </Text>
      </Paper>
    </div>
  );
}
