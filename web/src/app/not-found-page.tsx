import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** spec 1 §2: the 404 screen for any unmatched path. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={1} fz={64} c="clinical.7">
          {t('notFound.oops')}
        </Title>
        <Title order={2} fz="xl">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button component={Link} to="/" mt="md">
          {t('goHome')}
        </Button>
      </Stack>
    </Center>
  );
}
