import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDownload, IconFileCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MtaInput, type ResearchRequest } from '@contract/requests.contract';
import { requestEndpoints as e } from '@contract/requests.endpoints';
import { DateField } from '@/components/date-field';
import { Dialog, DialogClose } from '@/components/dialog';
import { DocumentFileInput, type ReadDocument } from '@/components/document-file-input';
import { errorTitle } from '@/lib/api-client';
import { downloadCall } from '@/lib/download';
import { formatCount, formatDate, formatDateTime, today } from '@/lib/format';
import { useCurrentInstitution } from '@/lib/session-context';
import { useUploadMta } from '../api/requests';

/**
 * The material transfer agreement (issue 32 item 5): its signed date and document. The requester and staff
 * download it; fulfilment staff file it (again, to replace it) while the request is approved.
 */
export function MtaPanel({ request: r }: { request: ResearchRequest }) {
  const { t } = useTranslation('requests');
  const { institution } = useCurrentInstitution();
  const [recording, setRecording] = useState(false);
  const canFile = r.may.fulfil && r.state === 'approved';
  const mta = r.mta;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={2} fz="md">
            {t('mta.heading')}
          </Title>
          {canFile && (
            <Button variant="light" leftSection={<IconFileCheck size={16} />} onClick={() => setRecording(true)}>
              {mta ? t('mta.replace') : t('mta.record')}
            </Button>
          )}
        </Group>
        {mta ? (
          <Group justify="space-between" wrap="wrap">
            <div>
              <Text size="sm" fw={600} data-testid="mta-signed">
                {t('mta.signed', { date: formatDate(mta.signedDate) })}
              </Text>
              <Text size="sm">
                {t('mta.file', {
                  name: mta.fileName,
                  size: formatCount(Math.ceil(mta.size / 1024)),
                  date: formatDateTime(mta.uploadedDate),
                })}
              </Text>
            </div>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() =>
                void downloadCall(
                  e.mta,
                  { params: { instId: institution.id, researchRequestId: r.id } },
                  mta.fileName,
                  t('mta.downloadFailed'),
                )
              }
            >
              {t('mta.download')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="gray.7">
            {t('mta.none')}
          </Text>
        )}
      </Stack>
      {recording && <MtaDialog request={r} onClose={() => setRecording(false)} />}
    </Paper>
  );
}

function MtaDialog({ request: r, onClose }: { request: ResearchRequest; onClose: () => void }) {
  const { t } = useTranslation('requests');
  const { institution } = useCurrentInstitution();
  const upload = useUploadMta(institution.id, r.id);
  const [signedDate, setSignedDate] = useState<string | null>(today());
  const [file, setFile] = useState<ReadDocument | null>(null);
  const [errors, setErrors] = useState<{ signedDate?: string; file?: string }>({});
  return (
    <Dialog onClose={onClose} dirty={file !== null} title={t('mta.dialogTitle', { title: r.title })}>
      <form
        noValidate
        onSubmit={(ev) => {
          ev.preventDefault();
          if (!file) return setErrors({ file: t('mta.needFile') });
          const parsed = MtaInput.safeParse({ ...file, signedDate: signedDate ?? '' });
          if (!parsed.success) {
            const dateIssue = parsed.error.issues.find((i) => i.path[0] === 'signedDate');
            const other = parsed.error.issues.find((i) => i.path[0] !== 'signedDate');
            return setErrors({ signedDate: dateIssue?.message, file: other?.message });
          }
          setErrors({});
          upload.mutate(parsed.data, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: t('mta.saved', { name: file.fileName }) });
              onClose();
            },
          });
        }}
      >
        <Stack>
          <DateField
            label={t('mta.signedDate')}
            withAsterisk
            maxDate={today()}
            value={signedDate}
            onChange={setSignedDate}
            error={errors.signedDate}
            data-autofocus
          />
          <DocumentFileInput
            withAsterisk
            onRead={setFile}
            error={errors.file}
            disabled={upload.isPending}
            texts={{
              label: t('mta.document'),
              description: t('mta.documentHint'),
              placeholder: t('mta.placeholder'),
              wrongType: t('mta.wrongType'),
              tooLarge: t('mta.tooLarge'),
              unreadable: t('mta.unreadable'),
            }}
          />
          {upload.isError && (
            <Alert color="red" icon={<IconAlertCircle />} title={errorTitle(upload.error)} role="alert" />
          )}
          <Group justify="flex-end">
            <DialogClose>{t('dialogs.back')}</DialogClose>
            <Button type="submit" loading={upload.isPending}>
              {t('mta.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
