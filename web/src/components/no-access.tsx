import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PERMISSION_LABELS } from '@contract/permission-labels';
import type { Permission } from '@contract/permissions.contract';
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
  const one = roles.length === 1;
  return (
    <Center py={80}>
      <Stack align="center" gap="sm" maw={560} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray">
          <IconLock size={34} />
        </ThemeIcon>
        <Title order={1} fz={26}>
          You don't have access to {what}
        </Title>
        <Text c="dimmed">
          You need permission to {PERMISSION_LABELS[permission]}, and your {one ? 'role' : 'roles'} in{' '}
          {institution.title} ({roles.join(', ') || 'none'}) {one ? 'does' : 'do'} not include it. An administrator of{' '}
          {institution.title} can grant you a role that does, or choose another institution with the institution button
          at the top.
        </Text>
        <Button component={Link} to="/" mt="sm">
          Go To Homepage
        </Button>
      </Stack>
    </Center>
  );
}
