import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Shown for areas whose screens are not built yet, so navigation works and nothing pretends. */
export function ComingSoon({ area }: { area: string }) {
  const { t } = useTranslation('common');
  return (
    <Center py={80}>
      <Stack align="center" gap="sm" maw={520} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconTools size={34} />
        </ThemeIcon>
        <Title order={1} fz={26}>
          {area}
        </Title>
        <Text c="dimmed">{t('comingSoon.text', { area })}</Text>
        <Button component={Link} to="/" variant="light">
          {t('goHome')}
        </Button>
      </Stack>
    </Center>
  );
}
