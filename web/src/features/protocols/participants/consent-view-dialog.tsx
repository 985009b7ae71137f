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
import { EFFECTS } from './withdrawal-effects';
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
  // A withdrawn signature nobody followed yet may be answered by a re-consent (docs/protocols.md "Re-consent").
  const canSignAgain = canManage && participant.isEnabled && !!c.withdrawnDate && c.nextSignatureId === null;
  return (
    <Dialog onClose={onClose} size="xl" title={withdrawing ? `Withdraw consent: ${c.title}` : c.title}>
      {withdrawing ? (
        <WithdrawForm consent={c} onDone={() => setWithdrawing(false)} />
      ) : (
        <Stack>
          <Group justify="space-between">
            <Text size="sm">Version {c.version} signed</Text>
            <ConsentStatus c={c} />
          </Group>
          {c.withdrawnDate && c.withdrawalEffect && (
            <Alert
              color="red"
              icon={<IconAlertOctagon />}
              title={`Withdrawn on ${c.withdrawnDate}: ${EFFECTS[c.withdrawalEffect].label}`}
            >
              <Text size="sm">{EFFECTS[c.withdrawalEffect].explain}</Text>
              <Text size="sm">Reason: {c.withdrawalReason}</Text>
              {c.withdrawnByAccount && <Text size="sm">Recorded by {fullName(c.withdrawnByAccount)}.</Text>}
              {c.nextSignatureId !== null && (
                <Text size="sm">The participant signed this consent again afterwards.</Text>
              )}
            </Alert>
          )}
          {c.earlierSamples && (
            <Alert
              color={c.earlierSamples === 'covered' ? 'teal' : 'orange'}
              icon={<IconUserCheck />}
              title={`Signed again after a withdrawal, from ${(c.coversSamplesFrom ?? '').replace('T', ' ')}`}
            >
              <Text size="sm">{coverageText(c)}</Text>
            </Alert>
          )}
          <Paper withBorder radius="md" p="md" bg="gray.0">
            <Text size="xs" c="dimmed" mb={4}>
              The exact text signed (version {c.version})
            </Text>
            <ScrollArea.Autosize mah={320} type="auto">
              <ConsentHtml html={c.consent} label={`${c.title}, version ${c.version}, as signed`} />
            </ScrollArea.Autosize>
          </Paper>
          <div>
            <Text size="xs" c="dimmed" mb={4}>
              Signature
            </Text>
            <Paper withBorder radius="md" p={4} bg="white" maw={460}>
              <Image
                src={c.signature}
                alt={`Signature of ${fullName(patient)} on ${c.title}`}
                fit="contain"
                mah={180}
              />
            </Paper>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
            <Text size="sm">
              <Text span c="dimmed">
                Signed by{' '}
              </Text>
              {fullName(patient)}
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                Signed at{' '}
              </Text>
              {formatDateTime(c.signedAt)}
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                Recorded by{' '}
              </Text>
              {fullName(c.creatorAccount) || '—'}
            </Text>
          </SimpleGrid>
          {c.purposes.length > 0 && (
            <div>
              <Text size="xs" c="dimmed" mb={2}>
                Purposes{c.inForce ? '' : ' (as recorded: a withdrawn or superseded signature grants none)'}
              </Text>
              <Text size="sm">{c.purposes.map((x) => `${x.title}: ${x.granted ? 'yes' : 'no'}`).join(' · ')}</Text>
            </div>
          )}
          <div>
            <Text size="xs" c="dimmed">
              SHA-256 of the signed text and the signature image
            </Text>
            <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {c.sha256}
            </Code>
          </div>
          <Group justify="flex-end">
            {canManage && !c.withdrawnDate && (
              <Button color="red" variant="light" onClick={() => setWithdrawing(true)}>
                Withdraw consent
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
                Sign again (re-consent)
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
        ? '*Required'
        : values.withdrawnDate < signedOn
          ? `Not before the signing date (${signedOn})`
          : undefined,
      reason: values.reason.trim() ? undefined : '*Required',
      effect: values.effect ? undefined : 'Choose what happens to the samples',
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
      title: 'Withdraw this consent?',
      children: (
        <Text size="sm">
          From {values.withdrawnDate} the samples of {fullName(p.patient)} may not be used further. A withdrawal cannot
          be undone.
        </Text>
      ),
      labels: { confirm: 'Withdraw', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        withdraw.mutate(body, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: `${c.title} is withdrawn.` });
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
          label="Withdrawn Date"
          required
          value={values.withdrawnDate}
          minDate={signedOn}
          maxDate={today()}
          onChange={(v) => set('withdrawnDate', v)}
          error={errors.withdrawnDate}
          w={220}
        />
        <Textarea
          label="Reason"
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
          label="Effect"
          required
          value={values.effect}
          onChange={(v) => set('effect', v)}
          error={errors.effect}
        >
          <Stack gap="sm" mt={6}>
            {WITHDRAWAL_EFFECTS.map((key) => (
              <Radio key={key} value={key} label={EFFECTS[key].label} description={EFFECTS[key].explain} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={withdraw.isPending}>
            Withdraw consent
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
