import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconBan,
  IconCheck,
  IconMessageCircle,
  IconPencil,
  IconSend,
  IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ResearchRequest } from '@contract/requests.contract';
import { Dialog, DialogClose } from '@/components/dialog';
import { errorTitle } from '@/lib/api-client';
import { useCurrentInstitution } from '@/lib/session-context';
import { useReasonAction, useStampAction, type ReasonAction, type StampAction } from '../api/requests';

type Step = StampAction | ReasonAction;
const isReasonStep = (s: Step | null): s is ReasonAction => s === 'reject' || s === 'requestChanges' || s === 'cancel';

/**
 * What the caller may do with the request now (the server's `may`, checked again on each call): the requester
 * edits, submits and cancels; a reviewer approves, rejects or asks for changes; fulfilment staff close it.
 */
export function RequestActions({ request: r }: { request: ResearchRequest }) {
  const { t } = useTranslation('requests');
  const navigate = useNavigate();
  const [step, setStep] = useState<Step | null>(null);
  const canSubmit = r.may.edit && (r.state === 'draft' || r.state === 'changes_requested');
  const canDecide = r.may.decide && r.state === 'submitted';
  const canClose = r.may.fulfil && (r.state === 'distributed' || r.state === 'returned');
  return (
    <Group gap="sm">
      {r.may.edit && (
        <Button
          variant="light"
          leftSection={<IconPencil size={16} />}
          onClick={() => void navigate(`/research-requests/${r.id}/edit`)}
        >
          {t('actions.edit')}
        </Button>
      )}
      {canSubmit && (
        <Button leftSection={<IconSend size={16} />} onClick={() => setStep('submit')}>
          {t('actions.submit')}
        </Button>
      )}
      {canDecide && (
        <>
          <Button color="teal" leftSection={<IconCheck size={16} />} onClick={() => setStep('approve')}>
            {t('actions.approve')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconMessageCircle size={16} />}
            onClick={() => setStep('requestChanges')}
          >
            {t('actions.requestChanges')}
          </Button>
          <Button variant="light" color="red" leftSection={<IconX size={16} />} onClick={() => setStep('reject')}>
            {t('actions.reject')}
          </Button>
        </>
      )}
      {canClose && (
        <Button variant="light" onClick={() => setStep('close')}>
          {t('actions.close')}
        </Button>
      )}
      {r.may.cancel && (
        <Button variant="subtle" color="red" leftSection={<IconBan size={16} />} onClick={() => setStep('cancel')}>
          {t('actions.cancel')}
        </Button>
      )}
      {isReasonStep(step) && <ReasonDialog request={r} step={step} onClose={() => setStep(null)} />}
      {(step === 'submit' || step === 'approve' || step === 'close') && (
        <StampDialog request={r} step={step} onClose={() => setStep(null)} />
      )}
    </Group>
  );
}

/** Submit, approve or close: a confirmation with an optional comment (kept in the request's history). */
function StampDialog({
  request: r,
  step,
  onClose,
}: {
  request: ResearchRequest;
  step: StampAction;
  onClose: () => void;
}) {
  const { t } = useTranslation('requests');
  const { institution } = useCurrentInstitution();
  const act = useStampAction(institution.id, r.id, step);
  const [comment, setComment] = useState('');
  return (
    <Dialog onClose={onClose} dirty={comment.trim() !== ''} title={t(`dialogs.${step}.title`, { title: r.title })}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          act.mutate(
            { concurrencyStamp: r.concurrencyStamp, comment },
            {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t(`dialogs.${step}.done`) });
                onClose();
              },
            },
          );
        }}
      >
        <Stack>
          <Text size="sm">{t(`dialogs.${step}.body`)}</Text>
          <Textarea
            label={t('dialogs.comment')}
            autosize
            minRows={2}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            data-autofocus
          />
          {act.isError && <Alert color="red" icon={<IconAlertCircle />} title={errorTitle(act.error)} role="alert" />}
          <Group justify="flex-end">
            <DialogClose>{t('dialogs.back')}</DialogClose>
            <Button type="submit" loading={act.isPending} color={step === 'approve' ? 'teal' : undefined}>
              {t(`dialogs.${step}.confirm`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

/** Reject, ask for changes, cancel: the reason is required, and the requester reads it. */
function ReasonDialog({
  request: r,
  step,
  onClose,
}: {
  request: ResearchRequest;
  step: ReasonAction;
  onClose: () => void;
}) {
  const { t } = useTranslation('requests');
  const { institution } = useCurrentInstitution();
  const act = useReasonAction(institution.id, r.id, step);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const fieldError = missing ? t('dialogs.reasonRequired') : undefined;
  return (
    <Dialog onClose={onClose} dirty={reason.trim() !== ''} title={t(`dialogs.${step}.title`, { title: r.title })}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason.trim()) return setMissing(true);
          act.mutate(
            { concurrencyStamp: r.concurrencyStamp, reason },
            {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t(`dialogs.${step}.done`) });
                onClose();
              },
            },
          );
        }}
      >
        <Stack>
          <Text size="sm">{t(`dialogs.${step}.body`)}</Text>
          <Textarea
            label={t('dialogs.reason')}
            description={t('dialogs.reasonHint')}
            withAsterisk
            autosize
            minRows={3}
            value={reason}
            error={fieldError}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setMissing(false);
            }}
            data-autofocus
          />
          {act.isError && <Alert color="red" icon={<IconAlertCircle />} title={errorTitle(act.error)} role="alert" />}
          <Group justify="flex-end">
            <DialogClose>{t('dialogs.back')}</DialogClose>
            <Button type="submit" loading={act.isPending} color={step === 'requestChanges' ? undefined : 'red'}>
              {t(`dialogs.${step}.confirm`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
