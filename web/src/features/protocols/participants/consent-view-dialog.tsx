import { useState } from 'react';
import {
  Alert,
  Button,
  Code,
  Group,
  Image,
  Paper,
  Radio,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertOctagon, IconSignature, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  WITHDRAWAL_EFFECTS,
  type ParticipantConsent,
  type WithdrawValues,
} from '@contract/protocol-participants.contract';
import { ConsentHtml } from '@/components/consent-html';
import { DateField } from '@/components/date-field';
import { formatDateTime, fullName, today } from '@/lib/format';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { participantPath, useCurrentParticipant } from '@/lib/participant-context';
import { useWithdrawConsent } from '../api/participants';
import { ConsentStatus } from './status-badges';
import { effectWords } from './withdrawal-effects';
import { coverageText } from './earlier-samples';
import { Dialog, DialogClose } from '@/components/dialog';

/**
 * spec 2 §2: a signed consent's title, text and signature image, plus what proves it (the version, who
 * recorded it and when, the SHA-256 of text and image), and Withdraw for a consent still in force.
 */
export function ConsentViewDialog({ consent: c, onClose }: { consent: ParticipantConsent; onClose: () => void }) {
  const canManage = useCan('protocols.manage');
  const participant = useCurrentParticipant();
  const { patient } = participant;
  const navigate = useNavigate();
  const [withdrawing, setWithdrawing] = useState(false);
  const { t } = useTranslation('protocols');
  // A withdrawn signature nobody followed yet may be answered by a re-consent (docs/protocols.md "Re-consent").
  const canSignAgain = canManage && participant.isEnabled && !!c.withdrawnDate && c.nextSignatureId === null;
  return (
    <Dialog
      onClose={onClose}
      size="xl"
      title={withdrawing ? t('consentDialog.withdrawTitle', { title: c.title }) : c.title}
    >
      {withdrawing ? (
        <WithdrawForm consent={c} onDone={() => setWithdrawing(false)} />
      ) : (
        <Stack>
          <Group justify="space-between">
            <Text size="sm">{t('consentDialog.versionSigned', { version: c.version })}</Text>
            <ConsentStatus c={c} />
          </Group>
          {c.withdrawnDate && c.withdrawalEffect && (
            <Alert
              color="red"
              icon={<IconAlertOctagon />}
              title={t('consentDialog.withdrawnTitle', {
                date: c.withdrawnDate,
                effect: effectWords(c.withdrawalEffect, t).label,
              })}
            >
              <Text size="sm">{effectWords(c.withdrawalEffect, t).explain}</Text>
              <Text size="sm">{t('consentDialog.reason', { reason: c.withdrawalReason })}</Text>
              {c.withdrawnByAccount && (
                <Text size="sm">{t('consentDialog.recordedBy', { name: fullName(c.withdrawnByAccount) })}</Text>
              )}
              {c.nextSignatureId !== null && <Text size="sm">{t('consentDialog.signedAgainAfter')}</Text>}
            </Alert>
          )}
          {c.earlierSamples && (
            <Alert
              color={c.earlierSamples === 'covered' ? 'teal' : 'orange'}
              icon={<IconUserCheck />}
              title={t('consentDialog.signedAgainFrom', { from: (c.coversSamplesFrom ?? '').replace('T', ' ') })}
            >
              <Text size="sm">{coverageText(c, t)}</Text>
            </Alert>
          )}
          <Paper withBorder radius="md" p="md" bg="gray.0">
            <Text size="xs" c="dimmed" mb={4}>
              {t('consentDialog.exactText', { version: c.version })}
            </Text>
            <ScrollArea.Autosize mah={320} type="auto">
              <ConsentHtml
                html={c.consent}
                label={t('consentDialog.asSigned', { title: c.title, version: c.version })}
              />
            </ScrollArea.Autosize>
          </Paper>
          <div>
            <Text size="xs" c="dimmed" mb={4}>
              {t('consentDialog.signature')}
            </Text>
            <Paper withBorder radius="md" p={4} bg="white" maw={460}>
              <Image
                src={c.signature}
                alt={t('consentDialog.signatureAlt', { name: fullName(patient), title: c.title })}
                fit="contain"
                mah={180}
              />
            </Paper>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
            <Text size="sm">
              <Text span c="dimmed">
                {t('consentDialog.signedBy')}{' '}
              </Text>
              {fullName(patient)}
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                {t('consentDialog.signedAt')}{' '}
              </Text>
              {formatDateTime(c.signedAt)}
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                {t('consentDialog.recordedByLabel')}{' '}
              </Text>
              {fullName(c.creatorAccount) || '—'}
            </Text>
          </SimpleGrid>
          {c.purposes.length > 0 && (
            <div>
              <Text size="xs" c="dimmed" mb={2}>
                {c.inForce ? t('consentDialog.purposes') : t('consentDialog.purposesNotInForce')}
              </Text>
              <Text size="sm">
                {c.purposes
                  .map((x) =>
                    t('consentDialog.purpose', {
                      title: x.title,
                      answer: x.granted ? t('consentDialog.yes') : t('consentDialog.no'),
                    }),
                  )
                  .join(' · ')}
              </Text>
            </div>
          )}
          <div>
            <Text size="xs" c="dimmed">
              {t('consentDialog.sha')}
            </Text>
            <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {c.sha256}
            </Code>
          </div>
          <Group justify="flex-end">
            {canManage && !c.withdrawnDate && (
              <Button color="red" variant="light" onClick={() => setWithdrawing(true)}>
                {t('consentDialog.withdraw')}
              </Button>
            )}
            {canSignAgain && (
              <Button
                leftSection={<IconSignature size={16} />}
                onClick={() => {
                  // The sign form replaces this dialog: Close after it returns to the list, not here.
                  onClose();
                  void navigate(`${participantPath(participant, 'participant-consents')}/new?consent=${c.consentId}`);
                }}
              >
                {t('consentDialog.signAgain')}
              </Button>
            )}
            <DialogClose />
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}

type Errors = Partial<Record<'withdrawnDate' | 'reason' | 'effect' | 'form', string>>;

function WithdrawForm({ consent: c, onDone }: { consent: ParticipantConsent; onDone: () => void }) {
  const { institution } = useCurrentInstitution();
  const p = useCurrentParticipant();
  const withdraw = useWithdrawConsent(institution.id, c.collectionProtocolId);
  const signedOn = c.signedAt.slice(0, 10);
  const [values, setValues] = useState<{ withdrawnDate: string | null; reason: string; effect: string | null }>({
    withdrawnDate: today(),
    reason: '',
    effect: null,
  });
  const [errors, setErrors] = useState<Errors>({});
  const { t } = useTranslation('protocols');
  const { t: tc } = useTranslation('common');
  const { t: tm } = useTranslation('messages');
  const guard = useUnsavedChangesGuard(
    values.reason.trim() !== '' || values.effect !== null || values.withdrawnDate !== today(),
  );
  // Cancel goes back to the consent: the typed withdrawal is dropped only after asking.
  const cancel = () =>
    void guard.confirmLeave().then((leave) => {
      if (leave) onDone();
    });
  const set = (key: keyof typeof values, value: string | null) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, form: undefined }));
  };

  const submit = () => {
    const next: Errors = {
      withdrawnDate: !values.withdrawnDate
        ? tm('requiredSelect')
        : values.withdrawnDate < signedOn
          ? t('withdraw.notBefore', { date: signedOn })
          : undefined,
      reason: values.reason.trim() ? undefined : tm('requiredSelect'),
      effect: values.effect ? undefined : t('withdraw.chooseEffect'),
    };
    setErrors(next);
    if (next.withdrawnDate || next.reason || next.effect) return;
    const body = {
      id: c.id,
      withdrawnDate: values.withdrawnDate,
      reason: values.reason.trim(),
      effect: values.effect,
    } as WithdrawValues & { id: number };
    modals.openConfirmModal({
      title: t('withdraw.confirmTitle'),
      children: (
        <Text size="sm">{t('withdraw.confirm', { date: values.withdrawnDate, name: fullName(p.patient) })}</Text>
      ),
      labels: { confirm: t('withdraw.withdraw'), cancel: tc('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        withdraw.mutate(body, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('withdraw.done', { title: c.title }) });
            onDone();
          },
          onError: (e) => setErrors({ form: e.message }),
        }),
    });
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack>
        {errors.form && <Alert color="red" title={errors.form} />}
        <DateField
          label={t('withdraw.date')}
          required
          value={values.withdrawnDate}
          minDate={signedOn}
          maxDate={today()}
          onChange={(v) => set('withdrawnDate', v)}
          error={errors.withdrawnDate}
          w={220}
        />
        <Textarea
          label={t('withdraw.reason')}
          required
          autosize
          minRows={2}
          maxRows={6}
          maxLength={1000}
          value={values.reason}
          onChange={(e) => set('reason', e.currentTarget.value)}
          error={errors.reason}
          data-autofocus
        />
        <Radio.Group
          label={t('withdraw.effect')}
          required
          value={values.effect}
          onChange={(v) => set('effect', v)}
          error={errors.effect}
        >
          <Stack gap="sm" mt={6}>
            {WITHDRAWAL_EFFECTS.map((key) => (
              <Radio
                key={key}
                value={key}
                label={effectWords(key, t).label}
                description={effectWords(key, t).explain}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel}>
            {tc('cancel')}
          </Button>
          <Button type="submit" color="red" loading={withdraw.isPending}>
            {t('withdraw.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
