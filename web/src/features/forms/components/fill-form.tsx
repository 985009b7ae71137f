import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Divider, Loader, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import { MSG } from '@contract/messages';
import type { FieldDto } from '@contract/forms.contract';
import { FullScreenForm } from '@/components/full-screen-form';
import { ApiError } from '@/lib/api-client';
import { fullName } from '@/lib/format';
import { useCurrentInstitution } from '@/lib/session-context';
import { useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import type { ProtocolParticipant } from '@contract/protocol-participants.contract';
import { useCurrentProtocol } from '@/lib/protocol-context';
import { usePrimarySamples } from '@/lib/primary-samples';
import { useAllProtocolSites } from '@/lib/protocol-sites';
import { checkAnswers, DynamicForm, emptyAnswer, type Answer, type Answers } from './dynamic-form';
import { useAllForms, useForm, useSubmitForm } from '../api/forms';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/field-messages';

type Errors = Record<string, string | undefined>;

/** The answers as the API takes them: one entry per field, checkbox lists as arrays. */
const formFields = (fields: FieldDto[], answers: Answers) =>
  fields.map((f) => ({ collectionProtocolFormFieldId: f.id, value: answers[f.id] ?? emptyAnswer(f) }));

/**
 * spec 2 §2 "Create a Collection Protocol Participant Form": Select Form, Institution Site (the protocol's
 * sites), Sample ID (one of the participant's collected samples), then the form's fields through the shared
 * renderer. Every rule is checked here with the contract's checkAnswer (the server checks the same) and
 * shown on its field; the server's errors, keyed by field id, land on their fields too.
 */
export function FillForm({ participant: p, onClose }: { participant: ProtocolParticipant; onClose: () => void }) {
  const { institution } = useCurrentInstitution();
  const { t } = useTranslation('forms');
  const protocol = useCurrentProtocol();
  const forms = useAllForms(institution.id, protocol.id);
  const sites = useAllProtocolSites(institution.id, protocol.id);
  const samples = usePrimarySamples(institution.id, protocol.id, {
    page: 1,
    pageSize: MAX_PAGE_SIZE,
    participantId: p.id,
  });
  const submit = useSubmitForm(institution.id);
  const [formId, setFormId] = useState<string | null>(null);
  const [siteId, setSiteId] = useState<string | null>(null);
  const [sampleId, setSampleId] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<Errors>({});
  const [title, setTitle] = useState<string | null>(null);
  const chosen = useForm(institution.id, protocol.id, formId ? Number(formId) : null);
  const fields = chosen.data?.fields ?? [];
  const guard = useUnsavedChangesGuard(Object.keys(answers).length > 0 || sampleId !== null);

  const formOptions = useMemo(
    () => (forms.data?.items ?? []).map((f) => ({ value: String(f.id), label: f.name })),
    [forms.data],
  );
  const siteOptions = useMemo(
    () =>
      (sites.data?.items ?? []).map((s) => ({
        value: String(s.institutionSiteId),
        label: s.institutionSite?.title ?? t('fill.siteN', { id: s.institutionSiteId }),
      })),
    [sites.data, t],
  );
  const sampleOptions = useMemo(
    () => [...new Set((samples.data?.items ?? []).map((s) => s.sampleId).filter(Boolean))],
    [samples.data],
  );

  const answer = (fieldId: number, value: Answer) => {
    setAnswers((a) => ({ ...a, [fieldId]: value }));
    setErrors((e) => ({ ...e, [fieldId]: undefined }));
  };
  const pickForm = (value: string | null) => {
    setFormId(value);
    setAnswers({});
    setErrors({});
  };

  const send = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    const next: Errors = {
      collectionProtocolFormId: formId ? undefined : translateMessage(MSG.requiredSelect),
      institutionSiteId: siteId ? undefined : translateMessage(MSG.requiredSelect),
      ...checkAnswers(fields, answers),
    };
    setErrors(next);
    setTitle(null);
    if (Object.values(next).some(Boolean) || !chosen.data) return;
    submit.mutate(
      {
        collectionProtocolFormId: Number(formId),
        patientId: p.patientId,
        institutionSiteId: Number(siteId),
        sampleId: sampleId ?? undefined,
        formVersion: chosen.data.version,
        formFields: formFields(fields, answers),
        institutionId: institution.id,
      },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            message: t('fill.filled', { form: chosen.data?.name ?? '', name: fullName(p.patient) }),
            autoClose: 3000,
          });
          guard.release();
          onClose();
        },
        onError: (error) => {
          const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
          setErrors(fieldErrors);
          // A version change means the form moved on since it was loaded: load it again so the person sees it.
          if (error instanceof ApiError && error.problem.code === 'forms.version_changed') void chosen.refetch();
          setTitle(error.message);
        },
      },
    );
  };

  return (
    <FullScreenForm
      title={t('fill.title')}
      opened
      onClose={onClose}
      onSubmit={send}
      guard={guard}
      submitting={submit.isPending}
      error={title}
      width={720}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('fill.participant', { name: fullName(p.patient) })}
        </Text>
        {forms.isError && (
          <Alert color="red" title={t('fill.formsFailed')}>
            {forms.error.message}
          </Alert>
        )}
        {forms.isSuccess && formOptions.length === 0 && (
          <Alert color="gray" icon={<IconInfoCircle />}>
            {t('fill.noForms')}
          </Alert>
        )}
        <Select
          label={t('fill.selectForm')}
          withAsterisk
          data-autofocus
          data={formOptions}
          value={formId}
          onChange={pickForm}
          placeholder={forms.isPending ? t('fill.loading') : t('fill.chooseForm')}
          error={errors.collectionProtocolFormId}
          allowDeselect={false}
          searchable
          nothingFoundMessage={t('fill.noFormMatches')}
        />
        <Select
          label={t('fill.site')}
          withAsterisk
          data={siteOptions}
          value={siteId}
          onChange={(v) => {
            setSiteId(v);
            setErrors((e) => ({ ...e, institutionSiteId: undefined }));
          }}
          placeholder={sites.isPending ? t('fill.loading') : t('fill.chooseSite')}
          error={errors.institutionSiteId}
          nothingFoundMessage={t('fill.noSites')}
          allowDeselect={false}
        />
        <Select
          label={t('fill.sampleId')}
          description={t('fill.sampleHelp')}
          data={sampleOptions}
          value={sampleId}
          onChange={setSampleId}
          placeholder={
            samples.isPending ? t('fill.loading') : sampleOptions.length ? t('fill.chooseSample') : t('fill.noSamples')
          }
          error={errors.sampleId}
          searchable
          clearable
          nothingFoundMessage={t('fill.noSampleMatches')}
        />
        {formId && (
          <>
            <Divider label={chosen.data?.name ?? t('fill.form')} labelPosition="left" />
            {chosen.isPending && <Loader role="status" size="sm" type="dots" aria-label={t('fill.loadingForm')} />}
            {chosen.isError && (
              <Alert color="red" title={t('fill.formFailed')}>
                {chosen.error.message}
              </Alert>
            )}
            {chosen.data && <DynamicForm fields={fields} answers={answers} errors={errors} onChange={answer} />}
          </>
        )}
      </Stack>
    </FullScreenForm>
  );
}
