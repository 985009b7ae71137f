import { useState } from 'react';
import { Badge, Button, Divider, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { z } from 'zod';
import type { User } from '@contract/accounts.contract';
import { ROLES } from '@contract/permissions.contract';
import { MSG } from '@contract/messages';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { FullScreenForm } from '@/components/full-screen-form';
import { useMe } from '@/lib/session-context';
import { useAddMembership, useSetRoles } from '../api/users';
import { useLookupOptions } from '@/lib/lookup-options';
import { AccountHeading } from './account-heading';

const RolesForm = z.object({ roles: z.array(z.enum(ROLES)).min(1, MSG.requiredSelect) });

interface Props { user: User; onClose: () => void }

/** An account's roles (what it may do) and institutions (where): docs/permissions.md. */
export function AccessForm({ user, onClose }: Props) {
  const me = useMe();
  const setRoles = useSetRoles(user.id);
  const addMembership = useAddMembership(user.id);
  const [institutions, setInstitutions] = useState(user.institutions);
  const [joining, setJoining] = useState<string | null>(null);
  const options = useLookupOptions('institutions');
  const form = useForm<{ roles: string[] }>({ initialValues: { roles: user.roles }, validate: contractResolver(RolesForm) });
  // Only a Super Administrator may grant that role (the server refuses it too).
  const roleOptions = ROLES.filter((r) => r !== 'Super Administrator' || me.roles.includes('Super Administrator') || user.roles.includes(r));
  const joinable = options.options.filter((o) => !institutions.some((i) => String(i.id) === o.value));

  const submit = form.onSubmit((values) => setRoles.mutate(values.roles, {
    onSuccess: (u) => {
      notifications.show({ color: 'teal', autoClose: 3000, message: `The roles of ${u.email} were saved.` });
      onClose();
    },
    onError: (error) => form.setErrors(serverFormErrors(error).fields),
  }));

  const join = () => joining && addMembership.mutate(Number(joining), {
    onSuccess: (u) => {
      setInstitutions(u.institutions);
      setJoining(null);
      notifications.show({ color: 'teal', autoClose: 3000, message: `${u.email} now belongs to ${u.institutions.map((i) => i.title).join(', ')}.` });
    },
  });

  return (
    <FullScreenForm title="Roles and Institutions" opened onClose={onClose} onSubmit={submit}
      submitting={setRoles.isPending} error={serverFormErrors(setRoles.error).title}>
      <Stack gap="sm">
        <AccountHeading user={user} />
        <MultiSelect label="Roles" withAsterisk data={roleOptions} searchable {...form.getInputProps('roles')} />
        <Divider label="Institutions" labelPosition="left" mt="sm" />
        <Group gap={6}>{institutions.map((i) => <Badge key={i.id} variant="light" size="lg" tt="none">{i.title}</Badge>)}</Group>
        <Group align="flex-end" gap="sm">
          <Select label="Add to institution" placeholder={joinable.length ? 'Choose an institution' : 'No other institution'}
            data={joinable} value={joining} onChange={setJoining} disabled={!joinable.length} flex={1} />
          <Button variant="light" onClick={join} disabled={!joining} loading={addMembership.isPending}>Add</Button>
        </Group>
        <Text size="xs" c="dimmed">Roles are saved with Submit; an institution is added at once.</Text>
      </Stack>
    </FullScreenForm>
  );
}
