import { useRef, useState, type FormEvent } from 'react';
import { Alert, Group, Paper, Radio, ScrollArea, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EARLIER_SAMPLES } from '@contract/protocol-participants.contract';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { ConsentHtml } from '@/components/consent-html';
import { FullScreenForm } from '@/components/full-screen-form';
import { ApiError } from '@/lib/api-client';
import { fullName } from '@/lib/format';
import { useCurrentInstitution } from '@/lib/session-context';
import { useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { useCurrentParticipant } from '@/lib/participant-context';
import { useParticipantConsents, useSignConsent, useSignableConsents } from '../api/participants';
import { earlierWords } from './earlier-samples';
import { SignatureField, type SignatureHandle } from './signature-field';

/**
 * spec 2 §2 "Create a Collection Protocol Participant Consent": choose one of the protocol's enabled
 * consents, read its current text, draw the signature; Submit stores the PNG with the exact version read.
 * A consent the participant signed and withdrew is a re-consent (docs/protocols.md "Re-consent"): the form
 * then asks, with nothing chosen beforehand, whether the samples collected before stay blocked.
 * `?consent={id}` (from a withdrawn consent's Sign again) chooses the consent. The purposes the version grants
 * (issue 32 item 2) are asked one by one, Yes or No, nothing chosen beforehand: each is the participant's decision.
 */
export function SignConsentForm({ onClose }: { onClose: () => void }) {
  const { institution } = useCurrentInstitution();
  const p = useCurrentParticipant();
  const consents = useSignableConsents(institution.id, p.collectionProtocolId);
  const sign = useSignConsent(institution.id, p.collectionProtocolId);
  const signed = useParticipantConsents(institution.id, p.collectionProtocolId, p.id);
  const pad = useRef<SignatureHandle>(null);
  const { t } = useTranslation('protocols');
  const { t: tc } = useTranslation('common');
  const { t: tm } = useTranslation('messages');
  const [params] = useSearchParams();
  const [consentId, setConsentId] = useState<string | null>(params.get('consent'));
  const [earlier, setEarlier] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Record<number, 'yes' | 'no'>>({});
  const [errors, setErrors] = useState<{
    consent?: string;
    signature?: string;
    earlier?: string;
    purposes?: string;
    form?: string;
  }>({});
  // A drawn signature or a chosen consent is input: closing asks before it is thrown away (issue 28).
  const [inked, setInked] = useState(false);
  const guard = useUnsavedChangesGuard(
    inked || earlier !== null || Object.keys(answers).length > 0 || consentId !== params.get('consent'),
  );
  const chosen = consents.data?.find((c) => String(c.id) === consentId);
  const purposes = chosen?.purposes ?? [];
  const unanswered = purposes.filter((x) => !answers[x.id]);
  // The participant's newest signature of the chosen consent: withdrawn means this signature is a re-consent.
  const newest = (signed.data ?? []).filter((s) => String(s.consentId) === consentId).at(-1);
  const withdrawn = newest?.withdrawnDate ? newest : undefined;

  const submit = (e?: FormEvent<HTMLFormElement>) => {
    e?.preventDefault();
    const choice = EARLIER_SAMPLES.find((x) => x === earlier);
    const next = {
      consent: chosen ? undefined : tm('requiredSelect'),
      signature: pad.current?.isEmpty() !== false ? t('sign.emptyPad') : undefined,
      earlier: withdrawn && !choice ? t('sign.chooseEarlier') : undefined,
      purposes: unanswered.length ? t('sign.recordPurposes') : undefined,
    };
    setErrors(next);
    if (!chosen || next.signature || next.earlier || next.purposes) return;
    sign.mutate(
      {
        participantId: p.id,
        consentVersionId: chosen.consentVersionId,
        signature: pad.current?.toPng() ?? '',
        purposes: purposes.map((x) => ({ purposeId: x.id, granted: answers[x.id] === 'yes' })),
        ...(withdrawn && { earlierSamples: choice, previousSignatureId: withdrawn.id }),
      },
      {
        onSuccess: (s) => {
          notifications.show({
            color: 'green',
            message: t(s.earlierSamples ? 'sign.signedAgain' : 'sign.signed', {
              title: s.title,
              name: fullName(p.patient),
            }),
          });
          guard.release();
          onClose();
        },
        onError: (err) => {
          // The server's own blank check (an image without ink) belongs under the pad.
          if (err instanceof ApiError && err.problem.code === 'protocols.signature_blank')
            setErrors({ signature: err.problem.title });
          else setErrors({ form: err.message });
        },
      },
    );
  };

  return (
    <FullScreenForm
      title={t('sign.title')}
      opened
      onClose={onClose}
      onSubmit={submit}
      guard={guard}
      submitting={sign.isPending}
      error={errors.form}
      width={760}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {t('sign.participant', { name: fullName(p.patient) })}
        </Text>
        {consents.isError && (
          <Alert color="red" title={t('sign.loadFailed')}>
            {consents.error.message}
          </Alert>
        )}
        {consents.isSuccess && consents.data.length === 0 && (
          <Alert color="gray" icon={<IconInfoCircle />}>
            {t('sign.noConsent')}
          </Alert>
        )}
        <Select
          label={t('sign.select')}
          required
          placeholder={consents.isPending ? tc('loadingEllipsis') : t('sign.choose')}
          data-autofocus
          data={(consents.data ?? []).map((c) => ({
            value: String(c.id),
            label: t('sign.option', { title: c.title, version: c.version }),
          }))}
          value={consentId}
          onChange={(v) => {
            setConsentId(v);
            setAnswers({});
            setErrors((x) => ({ ...x, consent: undefined, purposes: undefined }));
          }}
          error={errors.consent}
          allowDeselect={false}
          searchable
          nothingFoundMessage={t('sign.nothingFound')}
        />
        {chosen && (
          <Paper withBorder radius="md" p="md" bg="gray.0">
            <Text size="xs" c="dimmed" mb={4}>
              {t('sign.readIt', { version: chosen.version })}
            </Text>
            <ScrollArea.Autosize mah={360} type="auto">
              <ConsentHtml
                html={chosen.consent}
                label={t('sign.htmlLabel', { title: chosen.title, version: chosen.version })}
              />
            </ScrollArea.Autosize>
          </Paper>
        )}
        {purposes.length > 0 && (
          <Stack gap={6} role="group" aria-labelledby="purposes-heading">
            <Text fw={500} size="sm" id="purposes-heading">
              {t('sign.ask')}
            </Text>
            {purposes.map((x) => (
              <Radio.Group
                key={x.id}
                label={x.title}
                required
                value={answers[x.id] ?? null}
                onChange={(v) => {
                  if (v === 'yes' || v === 'no') setAnswers((a) => ({ ...a, [x.id]: v }));
                  setErrors((e) => ({ ...e, purposes: undefined }));
                }}
                error={errors.purposes && !answers[x.id] ? errors.purposes : undefined}
              >
                <Group gap="lg" mt={4}>
                  <Radio value="yes" label={t('sign.yes')} />
                  <Radio value="no" label={t('sign.no')} />
                </Group>
              </Radio.Group>
            ))}
          </Stack>
        )}
        {withdrawn && (
          <>
            <Alert color="orange" icon={<IconAlertTriangle />} title={t('sign.reconsentTitle')}>
              {t('sign.reconsent', { name: fullName(p.patient), date: withdrawn.withdrawnDate })}
            </Alert>
            <Radio.Group
              label={t('sign.earlierLabel')}
              required
              value={earlier}
              onChange={(v) => {
                setEarlier(v);
                setErrors((x) => ({ ...x, earlier: undefined }));
              }}
              error={errors.earlier}
            >
              <Stack gap="sm" mt={6}>
                {EARLIER_SAMPLES.map((key) => (
                  <Radio
                    key={key}
                    value={key}
                    label={earlierWords(key, t).label}
                    description={earlierWords(key, t).explain}
                  />
                ))}
              </Stack>
            </Radio.Group>
          </>
        )}
        <SignatureField
          ref={pad}
          error={errors.signature}
          onChange={(empty) => {
            setInked(!empty);
            setErrors((x) => ({ ...x, signature: undefined }));
          }}
        />
      </Stack>
    </FullScreenForm>
  );
}
