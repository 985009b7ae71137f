import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnsavedChangesGuard } from '@/lib/unsaved-changes';
import { Dialog } from './dialog';
import { blockedByAdders, newAdderRegistry, PendingAddersProvider } from './pending-adders';

interface Props {
  title: string;
  opened: boolean;
  onClose: () => void;
  /** Pass mantine-form's `form.onSubmit(...)`; use `isCreateAnother(event)` to tell the two buttons apart. */
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  submitting?: boolean;
  /** The server's problem title after a failed save. */
  error?: string | null;
  /** Show 'Submit and create another' (create forms). */
  allowAnother?: boolean;
  width?: number;
  /** From `useUnsavedChangesGuard(formChanged(form))`: Escape and the close button ask first while dirty. */
  guard?: UnsavedChangesGuard;
  children: ReactNode;
}

/** The one full-screen form shell: title, close icon, body of fixed width, Submit (and create another). */
export function FullScreenForm({
  title,
  opened,
  onClose,
  onSubmit,
  submitting,
  error,
  allowAnother,
  width = 500,
  guard,
  children,
}: Props) {
  const [adders] = useState(newAdderRegistry);
  const { t } = useTranslation();
  // An entry typed in an adder row but not added stops the submit and says so next to it.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (blockedByAdders(adders)) event.preventDefault();
    else onSubmit(event);
  };
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      guard={guard}
      fullScreen
      title={title}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 600 } }}
    >
      <Box maw={width} mx="auto" mt="md">
        <PendingAddersProvider registry={adders}>
          <form onSubmit={submit} noValidate>
            {error && <Alert color="red" mb="md" title={error} />}
            {children}
            {/* Submit comes first in the DOM so Enter in a field means Submit; row-reverse shows it last. */}
            <Group mt="xl" style={{ flexDirection: 'row-reverse' }}>
              <Button type="submit" loading={submitting}>
                {t('form.submit')}
              </Button>
              {allowAnother && (
                <Button type="submit" variant="light" data-another="1" loading={submitting}>
                  {t('form.submitAnother')}
                </Button>
              )}
            </Group>
          </form>
        </PendingAddersProvider>
      </Box>
    </Dialog>
  );
}

/** True when the form was sent with 'Submit and create another'. */
export function isCreateAnother(event?: FormEvent<HTMLFormElement>): boolean {
  const submitter = (event?.nativeEvent as SubmitEvent | undefined)?.submitter;
  return submitter?.dataset.another === '1';
}
