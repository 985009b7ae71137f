import { Anchor, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** spec 1 §2: the lazily loaded About page: product, version and the API documentation. */
export function AboutPage() {
  const { t } = useTranslation('home');
  return (
    <Center mih="100vh" p="md" component="main" bg="gray.0">
      <Paper withBorder radius="md" p="xl" maw={520}>
        <Stack gap="sm">
          <Title order={1} fz={28}>
            {t('appName', { ns: 'shell' })}
          </Title>
          <Text c="dimmed">{t('about.version', { version: import.meta.env.VITE_APP_VERSION })}</Text>
          <Text>{t('about.description')}</Text>
          <Text>
            <Trans
              t={t}
              i18nKey="about.api"
              components={{ docs: <Anchor href="/api/docs" />, openapi: <Anchor href="/api/openapi.json" /> }}
            />
          </Text>
          <Button component={Link} to="/" variant="light" mt="sm" w="fit-content">
            {t('goHome', { ns: 'common' })}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
