import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { Dialog } from '@/components/dialog';

const OUTSIDE_CODES = ['protocols.outside_dates', 'samples.outside_dates'];

/** The server's "outside the protocol's dates" title of a failed save (enrolment, collection), else null. */
export function outsideDatesTitle(error: unknown): string | null {
  return error instanceof ApiError && OUTSIDE_CODES.includes(error.problem.code ?? '') ? error.problem.title : null;
}

interface Props {
  /** The dialog's heading: another confirmation (a deceased participant) asks the same way. */
  title?: string;
  /** The server's title; the dialog is open while it is set. */
  message: string | null;
  /** e.g. 'Enrol anyway', 'Collect anyway'. */
  action: string;
  /** What confirming records. */
  note: string;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Enrolment or collection outside the protocol's start/end dates asks first (issue 12); confirming is noted by the server. */
export function OutsideDatesDialog({ title, message, action, note, loading, onConfirm, onCancel }: Props) {
  const { t } = useTranslation('common');
  return (
    <Dialog opened={message !== null} onClose={onCancel} title={title ?? t('outsideDates.title')} size={480}>
      <Stack>
        <Alert color="orange" icon={<IconAlertTriangle />}>
          {message}
        </Alert>
        <Text size="sm">{note}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button color="orange" loading={loading} onClick={onConfirm}>
            {action}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
