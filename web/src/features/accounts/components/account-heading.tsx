import { Badge, Group, Stack, Text } from '@mantine/core';
import type { User } from '@contract/accounts.contract';
import { useTranslation } from 'react-i18next';
import { fullName } from '@/lib/format';
import { roleLabel } from './role-label';

/** Whose account a form changes: name, e-mail and, when asked, the roles in each institution. */
export function AccountHeading({ user, withRoles }: { user: User; withRoles?: boolean }) {
  return (
    <div>
      <Text fw={600}>{fullName(user)}</Text>
      <Text size="sm" c="dimmed">
        {user.email}
      </Text>
      {withRoles && <MembershipRoles user={user} />}
    </div>
  );
}

/** One line per institution the viewer may see: its title and the roles held there. */
export function MembershipRoles({ user }: { user: User }) {
  const { t } = useTranslation('accounts');
  return (
    <Stack gap={4} mt={6}>
      {user.isSuperAdmin && (
        <Group gap={4}>
          <Badge size="sm" color="grape" variant="light">
            {t('roles.Super Administrator')}
          </Badge>
        </Group>
      )}
      {user.institutions.map((i) => (
        <Group key={i.id} gap={4} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {i.title}:
          </Text>
          {i.roles.map((r) => (
            <Badge key={r} size="sm" variant="light">
              {roleLabel(t, r)}
            </Badge>
          ))}
        </Group>
      ))}
    </Stack>
  );
}
