import { useState } from 'react';
import { Button, Divider, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { z } from 'zod';
import { InstitutionRoles, type User } from '@contract/accounts.contract';
import { permissionsIn } from '@contract/auth.contract';
import { ROLES, SUPER_ADMIN } from '@contract/permissions.contract';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { formChanged, useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { FullScreenForm } from '@/components/full-screen-form';
import { useMe } from '@/lib/session-context';
import { useAddMembership, useSetRoles } from '../api/users';
import { useLookupOptions } from '@/lib/lookup-options';
import { AccountHeading } from './account-heading';

const ROLE_OPTIONS = ROLES.filter((r) => r !== SUPER_ADMIN);
const JoinForm = z.object({ institutionId: z.string().min(1, 'Choose an institution'), roles: InstitutionRoles });

interface Props {
  user: User;
  onClose: () => void;
}

/** An account's roles, one row per institution (ADR 0007): editable where the signed-in admin administers. */
export function AccessForm({ user, onClose }: Props) {
  const me = useMe();
  const setRoles = useSetRoles(user.id);
  const addMembership = useAddMembership(user.id);
  const [current, setCurrent] = useState(user);
  const administers = (institutionId: number) => permissionsIn(me, institutionId).includes('accounts.manage');
  const rolesOf = (u: User) => Object.fromEntries(u.institutions.map((i) => [String(i.id), i.roles as string[]]));
  const form = useForm<{ roles: Record<string, string[]> }>({
    initialValues: { roles: rolesOf(user) },
    validate: {
      roles: (value) => (Object.values(value).some((r) => !r.length) ? 'Every institution needs a role' : null),
    },
  });
  const guard = useUnsavedChangesGuard(formChanged(form));
  const join = useForm<{ institutionId: string; roles: string[] }>({
    initialValues: { institutionId: '', roles: [] },
    validate: contractResolver(JoinForm),
  });
  const options = useLookupOptions('institutions');
  const joinable = options.options.filter(
    (o) => administers(Number(o.value)) && !current.institutions.some((i) => String(i.id) === o.value),
  );

  // One PUT per changed membership; each answer carries the stamp the next one needs.
  const submit = form.onSubmit(async (values) => {
    let stamp = current.concurrencyStamp;
    try {
      for (const m of current.institutions.filter((i) => administers(i.id))) {
        const roles = values.roles[String(m.id)] ?? [];
        if (roles.join() === m.roles.join()) continue;
        stamp = (
          await setRoles.mutateAsync({ institutionId: m.id, roles: roles as InstitutionRoles, concurrencyStamp: stamp })
        ).concurrencyStamp;
      }
      notifications.show({ color: 'teal', autoClose: 3000, message: `The roles of ${user.email} were saved.` });
      guard.release();
      onClose();
    } catch {
      // the form shows the server's title
    }
  });

  const add = join.onSubmit((values) =>
    addMembership.mutate(
      { institutionId: Number(values.institutionId), roles: values.roles as InstitutionRoles },
      {
        onSuccess: (u) => {
          setCurrent(u);
          form.setFieldValue('roles', { ...form.values.roles, [values.institutionId]: values.roles });
          // Saved already: the new membership's roles are not an unsaved change.
          form.setInitialValues({ roles: { ...form.getInitialValues().roles, [values.institutionId]: values.roles } });
          join.reset();
          notifications.show({
            color: 'teal',
            autoClose: 3000,
            message: `${u.email} now belongs to ${u.institutions.map((i) => i.title).join(', ')}.`,
          });
        },
        onError: (error) => join.setErrors(serverFormErrors(error).fields),
      },
    ),
  );

  return (
    <FullScreenForm
      title="Roles and Institutions"
      opened
      onClose={onClose}
      guard={guard}
      onSubmit={submit}
      width={640}
      submitting={setRoles.isPending}
      error={serverFormErrors(setRoles.error).title ?? (form.errors.roles as string | undefined)}
    >
      <Stack gap="sm">
        <AccountHeading user={current} />
        {current.isSuperAdmin && <Text size="sm">Super Administrator: every permission in every institution.</Text>}
        {current.institutions.map((i) => (
          <MultiSelect
            key={i.id}
            label={`Roles in ${i.title}`}
            data={ROLE_OPTIONS}
            searchable
            disabled={!administers(i.id)}
            description={administers(i.id) ? undefined : 'You do not administer this institution.'}
            value={form.values.roles[String(i.id)] ?? []}
            onChange={(roles) => {
              form.clearFieldError('roles');
              form.setFieldValue(`roles.${i.id}`, roles);
            }}
            error={form.values.roles[String(i.id)]?.length === 0 ? '*Required' : undefined}
          />
        ))}
        {current.otherInstitutionCount > 0 && (
          <Text size="xs" c="dimmed">
            Also belongs to {current.otherInstitutionCount} institution(s) you cannot see.
          </Text>
        )}
        <Divider label="Add to institution" labelPosition="left" mt="sm" />
        <Group align="flex-start" gap="sm" grow>
          <Select
            label="Institution"
            placeholder={joinable.length ? 'Choose an institution' : 'No other institution'}
            data={joinable}
            disabled={!joinable.length}
            {...join.getInputProps('institutionId')}
          />
          <MultiSelect
            label="Roles there"
            data={ROLE_OPTIONS}
            searchable
            disabled={!joinable.length}
            {...join.getInputProps('roles')}
          />
        </Group>
        <Group justify="flex-end">
          <Button variant="light" onClick={() => add()} disabled={!joinable.length} loading={addMembership.isPending}>
            Add
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Roles are saved with Submit; an institution is added at once.
        </Text>
      </Stack>
    </FullScreenForm>
  );
}
