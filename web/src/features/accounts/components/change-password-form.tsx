import { PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { OverwritePassword, type OverwritePasswordValues, type User } from '@contract/accounts.contract';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { withPasswordStrength } from '@/lib/password-strength';
import { formChanged, useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { FullScreenForm } from '@/components/full-screen-form';
import { NewPasswordInput } from '@/components/password-fields';
import { useOverwritePassword } from '../api/users';
import { AccountHeading } from './account-heading';

interface Props {
  user: User;
  onClose: () => void;
}

/** The account edit form: it only changes the password (spec 2 §2); the admin's password confirms it. */
export function ChangePasswordForm({ user, onClose }: Props) {
  const { t } = useTranslation('accounts');
  const change = useOverwritePassword();
  // Scored against the account's own words (issue 26); the server also refuses its current password.
  const owner = { email: user.email, userInputs: [user.firstName, user.lastName, user.userName] };
  const form = useForm<OverwritePasswordValues>({
    initialValues: { user: user.id, newPassword: '', oldPassword: '', adminPassword: '' },
    validate: withPasswordStrength(contractResolver(OverwritePassword), 'newPassword', () => owner),
  });
  const guard = useUnsavedChangesGuard(formChanged(form));

  const submit = form.onSubmit((values) => {
    change.mutate(
      { ...values, oldPassword: values.oldPassword || undefined },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('password.changed', { email: user.email }), autoClose: 3000 });
          guard.release();
          onClose();
        },
        onError: (error) => form.setErrors(serverFormErrors(error).fields),
      },
    );
  });

  return (
    <FullScreenForm
      title={t('password.title')}
      opened
      onClose={onClose}
      guard={guard}
      onSubmit={submit}
      submitting={change.isPending}
      error={serverFormErrors(change.error).title}
    >
      <Stack gap="sm">
        <AccountHeading user={user} withRoles />
        <NewPasswordInput
          label={t('password.newPassword')}
          data-autofocus
          consequence={t('password.consequence')}
          owner={owner}
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label={t('password.oldPassword')}
          autoComplete="off"
          description={t('password.oldHelp')}
          {...form.getInputProps('oldPassword')}
        />
        <PasswordInput
          label={t('password.adminPassword')}
          withAsterisk
          autoComplete="current-password"
          {...form.getInputProps('adminPassword')}
        />
      </Stack>
    </FullScreenForm>
  );
}
