import { PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ChangePassword, type ChangePasswordValues } from '@contract/auth.contract';
import { passwordNotEmail } from '@contract/password-policy';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { withPasswordStrength } from '@/lib/password-strength';
import { formChanged, useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { FullScreenForm } from '@/components/full-screen-form';
import { NewPasswordInput } from '@/components/password-fields';
import { useMe } from '@/lib/session-context';
import { useChangeOwnPassword } from '../api/change-password';

interface Props {
  onClose: () => void;
}

/** issue 9: any account changes its own password; the old one confirms it, other sessions are signed out. */
export function ChangeOwnPasswordForm({ onClose }: Props) {
  const me = useMe();
  const change = useChangeOwnPassword();
  const { t } = useTranslation('auth');
  // Your own words lower the score, and the current password is refused (issue 26).
  const ownerOf = (v: ChangePasswordValues) => ({
    email: me.email,
    userInputs: [me.firstName, me.lastName, me.userName],
    current: v.oldPassword,
  });
  const form = useForm<ChangePasswordValues>({
    initialValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    validate: withPasswordStrength(
      contractResolver(ChangePassword.superRefine(passwordNotEmail('newPassword', () => me.email))),
      'newPassword',
      ownerOf,
    ),
  });
  const guard = useUnsavedChangesGuard(formChanged(form));

  const submit = form.onSubmit((values) => {
    change.mutate(values, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('changePassword.done'), autoClose: 3000 });
        guard.release();
        onClose();
      },
      onError: (error) => form.setErrors(serverFormErrors(error).fields),
    });
  });

  return (
    <FullScreenForm
      title={t('changePassword.title')}
      opened
      onClose={onClose}
      guard={guard}
      onSubmit={submit}
      submitting={change.isPending}
      error={serverFormErrors(change.error).title}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {me.email}
        </Text>
        <PasswordInput
          label={t('changePassword.current')}
          withAsterisk
          data-autofocus
          autoComplete="current-password"
          {...form.getInputProps('oldPassword')}
        />
        <NewPasswordInput
          label={t('changePassword.new')}
          notEmail
          consequence={t('changePassword.consequence')}
          owner={ownerOf(form.values)}
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label={t('changePassword.confirm')}
          withAsterisk
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
      </Stack>
    </FullScreenForm>
  );
}
