import { MultiSelect, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
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

interface Props {
  opened: boolean;
  onClose: () => void;
  institutionId: number;
}

/** The new account's own words: its password is scored against them (issue 26). */
const ownerOf = (v: UserCreateValues) => ({ email: v.email, userInputs: [v.firstName, v.lastName] });

/** 'Create an Account' (spec 2 §2, §5): rules and messages come from the contract's UserCreate. */
export function CreateAccountForm({ opened, onClose, institutionId }: Props) {
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
        notifications.show({ color: 'teal', message: `Account ${user.email} created.`, autoClose: 3000 });
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
      title="Create an Account"
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
            label="First Name"
            withAsterisk
            data-autofocus
            autoComplete="off"
            {...form.getInputProps('firstName')}
          />
          <TextInput label="Last Name" withAsterisk autoComplete="off" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          withAsterisk
          autoComplete="off"
          description="The account signs in with this e-mail address."
          {...form.getInputProps('email')}
        />
        <NewPasswordInput label="Password" notEmail owner={ownerOf(form.values)} {...form.getInputProps('password')} />
        <PasswordInput
          label="Confirm Password"
          withAsterisk
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        <TextInput
          label="Phone Number"
          withAsterisk
          type="tel"
          autoComplete="off"
          {...form.getInputProps('phoneNumber')}
        />
        <MultiSelect
          label="Roles"
          withAsterisk
          data={[...ROLES]}
          searchable
          clearable
          value={form.values.roles as string[]}
          error={form.errors.roles}
          onChange={(roles) => form.setFieldValue('roles', roles as Role[])}
        />
        <Select
          label="Institution"
          withAsterisk
          data={institutions.options}
          searchable
          allowDeselect={false}
          placeholder={institutions.isPending ? 'Loading institutions…' : undefined}
          {...form.getInputProps('institutionId')}
        />
      </Stack>
    </FullScreenForm>
  );
}
