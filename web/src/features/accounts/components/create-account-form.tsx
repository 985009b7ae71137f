import { MultiSelect, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { UserCreate, type UserCreateValues } from '@contract/accounts.contract';
import { ROLES, type Role } from '@contract/permissions.contract';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { withPasswordStrength } from '@/lib/password-strength';
import { NewPasswordInput } from '@/components/password-fields';
import { formChanged, useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { FullScreenForm, isCreateAnother } from '@/components/full-screen-form';
import { useCreateUser } from '../api/users';
import { useLookupOptions } from '@/lib/lookup-options';
import { roleOptions } from './role-label';

interface Props {
  opened: boolean;
  onClose: () => void;
  institutionId: number;
}

/** The new account's own words: its password is scored against them (issue 26). */
const ownerOf = (v: UserCreateValues) => ({ email: v.email, userInputs: [v.firstName, v.lastName] });

/** 'Create an Account' (spec 2 §2, §5): rules and messages come from the contract's UserCreate. */
export function CreateAccountForm({ opened, onClose, institutionId }: Props) {
  const { t } = useTranslation('accounts');
  const create = useCreateUser();
  const institutions = useLookupOptions('institutions', { enabled: opened });
  const form = useForm<UserCreateValues>({
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      phoneNumber: '',
      roles: [],
      institutionId: String(institutionId),
    },
    validate: withPasswordStrength(contractResolver(UserCreate), 'password', ownerOf),
  });
  const guard = useUnsavedChangesGuard(formChanged(form));

  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };

  const submit = form.onSubmit((values, event) => {
    const again = isCreateAnother(event);
    create.mutate(values, {
      onSuccess: (user) => {
        notifications.show({ color: 'teal', message: t('createForm.created', { email: user.email }), autoClose: 3000 });
        if (again) {
          form.reset();
          document.getElementById('account-first-name')?.focus();
        } else {
          guard.release();
          close();
        }
      },
      onError: (error) => form.setErrors(serverFormErrors(error).fields),
    });
  });

  return (
    <FullScreenForm
      title={t('createForm.title')}
      opened={opened}
      onClose={close}
      guard={guard}
      onSubmit={submit}
      allowAnother
      submitting={create.isPending}
      error={serverFormErrors(create.error).title}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            id="account-first-name"
            label={t('createForm.firstName')}
            withAsterisk
            data-autofocus
            autoComplete="off"
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={t('createForm.lastName')}
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label={t('createForm.email')}
          type="email"
          withAsterisk
          autoComplete="off"
          description={t('createForm.emailHelp')}
          {...form.getInputProps('email')}
        />
        <NewPasswordInput
          label={t('createForm.password')}
          notEmail
          owner={ownerOf(form.values)}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('createForm.confirmPassword')}
          withAsterisk
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        <TextInput
          label={t('createForm.phoneNumber')}
          withAsterisk
          type="tel"
          autoComplete="off"
          {...form.getInputProps('phoneNumber')}
        />
        <MultiSelect
          label={t('createForm.roles')}
          withAsterisk
          data={roleOptions(t, ROLES)}
          searchable
          clearable
          value={form.values.roles as string[]}
          error={form.errors.roles}
          onChange={(roles) => form.setFieldValue('roles', roles as Role[])}
        />
        <Select
          label={t('createForm.institution')}
          withAsterisk
          data={institutions.options}
          searchable
          allowDeselect={false}
          placeholder={institutions.isPending ? t('createForm.loadingInstitutions') : undefined}
          {...form.getInputProps('institutionId')}
        />
      </Stack>
    </FullScreenForm>
  );
}
