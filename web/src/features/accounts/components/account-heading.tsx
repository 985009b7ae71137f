import { Badge, Group, Text } from '@mantine/core';
import type { User } from '@contract/accounts.contract';
import { fullName } from '@/lib/format';

/** Whose account a form changes: name, e-mail and, when asked, the roles. */
export function AccountHeading({ user, withRoles }: { user: User; withRoles?: boolean }) {
  return (
    <div>
      <Text fw={600}>{fullName(user)}</Text>
      <Text size="sm" c="dimmed">{user.email}</Text>
      {withRoles && <Group gap={4} mt={6}>{user.roles.map((r) => <Badge key={r} size="sm" variant="light">{r}</Badge>)}</Group>}
    </div>
  );
}
