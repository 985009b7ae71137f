import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Permission } from '@contract/permissions.contract';
import { permissionText, roleText } from '@/lib/permission-words';
import { useCurrentInstitution, useCurrentRoles } from '@/lib/session-context';

interface Props {
  /** Completes "You don't have access to ...", e.g. "accounts". */
  what: string;
  permission: Permission;
}

/**
 * The one screen for an address the current membership may not use (a deep link, a bookmark, a URL typed):
 * it says what is refused and why (the roles held here), and leads Home, instead of an empty list or a form
 * that fails on save.
 */
export function NoAccess({ what, permission }: Props) {
  const { institution } = useCurrentInstitution();
  const roles = useCurrentRoles();
  const { t } = useTranslation('common');
  const { t: tp } = useTranslation('permissions');
  return (
    <Center py={80}>
      <Stack align="center" gap="sm" maw={560} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray">
          <IconLock size={34} />
        </ThemeIcon>
        <Title order={1} fz={26}>
          {t('noAccess.title', { what })}
        </Title>
        <Text c="dimmed">
          {t('noAccess.text', {
            count: roles.length,
            permission: permissionText(tp, permission),
            institution: institution.title,
            roles: roles.map((r) => roleText(tp, r)).join(', ') || t('noAccess.none'),
          })}
        </Text>
        <Button component={Link} to="/" mt="sm">
          {t('goHome')}
        </Button>
      </Stack>
    </Center>
  );
}
