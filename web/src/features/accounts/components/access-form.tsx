import { useState } from 'react';
import { Button, Divider, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
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
import { roleOptions } from './role-label';

const ROLE_OPTIONS = ROLES.filter((r) => r !== SUPER_ADMIN);

interface Props {
  user: User;
  onClose: () => void;
}

/** An account's roles, one row per institution (ADR 0007): editable where the signed-in admin administers. */
export function AccessForm({ user, onClose }: Props) {
  const { t } = useTranslation('accounts');
  const me = useMe();
  const roleData = roleOptions(t, ROLE_OPTIONS);
  const setRoles = useSetRoles(user.id);
  const addMembership = useAddMembership(user.id);
  const [current, setCurrent] = useState(user);
  const administers = (institutionId: number) => permissionsIn(me, institutionId).includes('accounts.manage');
  const rolesOf = (u: User) => Object.fromEntries(u.institutions.map((i) => [String(i.id), i.roles as string[]]));
  const form = useForm<{ roles: Record<string, string[]> }>({
    initialValues: { roles: rolesOf(user) },
    validate: {
      roles: (value) => (Object.values(value).some((r) => !r.length) ? t('access.everyNeedsRole') : null),
    },
  });
  const guard = useUnsavedChangesGuard(formChanged(form));
  const join = useForm<{ institutionId: string; roles: string[] }>({
    initialValues: { institutionId: '', roles: [] },
    validate: contractResolver(
      z.object({ institutionId: z.string().min(1, t('access.chooseInstitution')), roles: InstitutionRoles }),
    ),
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
      notifications.show({ color: 'teal', autoClose: 3000, message: t('access.saved', { email: user.email }) });
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
            message: t('access.joined', {
              email: u.email,
              institutions: u.institutions.map((i) => i.title).join(', '),
            }),
          });
        },
        onError: (error) => join.setErrors(serverFormErrors(error).fields),
      },
    ),
  );

  return (
    <FullScreenForm
      title={t('access.title')}
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
        {current.isSuperAdmin && <Text size="sm">{t('access.superAdmin')}</Text>}
        {current.institutions.map((i) => (
          <MultiSelect
            key={i.id}
            label={t('access.rolesIn', { institution: i.title })}
            data={roleData}
            searchable
            disabled={!administers(i.id)}
            description={administers(i.id) ? undefined : t('access.notAdministered')}
            value={form.values.roles[String(i.id)] ?? []}
            onChange={(roles) => {
              form.clearFieldError('roles');
              form.setFieldValue(`roles.${i.id}`, roles);
            }}
            error={form.values.roles[String(i.id)]?.length === 0 ? t('requiredSelect', { ns: 'messages' }) : undefined}
          />
        ))}
        {current.otherInstitutionCount > 0 && (
          <Text size="xs" c="dimmed">
            {t('access.hidden', { count: current.otherInstitutionCount })}
          </Text>
        )}
        <Divider label={t('access.addTo')} labelPosition="left" mt="sm" />
        <Group align="flex-start" gap="sm" grow>
          <Select
            label={t('access.institution')}
            placeholder={joinable.length ? t('access.chooseInstitution') : t('access.noOther')}
            data={joinable}
            disabled={!joinable.length}
            {...join.getInputProps('institutionId')}
          />
          <MultiSelect
            label={t('access.rolesThere')}
            data={roleData}
            searchable
            disabled={!joinable.length}
            {...join.getInputProps('roles')}
          />
        </Group>
        <Group justify="flex-end">
          <Button variant="light" onClick={() => add()} disabled={!joinable.length} loading={addMembership.isPending}>
            {t('access.add')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('access.howSaved')}
        </Text>
      </Stack>
    </FullScreenForm>
  );
}
