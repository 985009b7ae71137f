import { lazy, Suspense } from 'react';
import { Alert, Group, Loader, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ConsentInput, ConsentUpdate, type Consent } from '@contract/protocols.contract';
import { FullScreenForm } from '@/components/full-screen-form';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { formatCount } from '@/lib/format';
import { useLookupOptions } from '@/lib/lookup-options';
import { useCurrentInstitution } from '@/lib/session-context';
import { formChanged, useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { useCurrentProtocol } from '@/lib/protocol-context';
import { useCreateConsent, useUpdateConsent, type ConsentVersion } from '../api/consents';

// The editor (tiptap and ProseMirror, most of this page's weight) loads only when a form opens, not with the list.
const ConsentEditor = lazy(() => import('./consent-editor').then((m) => ({ default: m.ConsentEditor })));
function EditorLoading() {
  const { t } = useTranslation('protocols');
  return (
    <Group justify="center" py="xl">
      <Loader role="status" type="dots" aria-label={t('consentForm.loadingEditor')} />
    </Group>
  );
}

type Values = { title: string; consent: string; purposeIds: string[]; concurrencyStamp: string };

interface Props {
  /** The consent to edit, freshly loaded (its stamp); without it the form creates one. */
  consent?: Consent;
  /** The consent's versions, newest first: whether its current text is signed decides what a new text does. */
  versions?: ConsentVersion[];
  onClose: () => void;
}

/** What saving a new text will do to a consent that has signatures (docs/protocols.md "Consent versions"). */
function versionNotice(
  consent: Consent,
  versions: ConsentVersion[] | undefined,
  t: TFunction<'protocols'>,
): string | null {
  if (consent.signatureCount === 0) return null;
  const times = t('consentForm.times', {
    count: consent.signatureCount,
    formatted: formatCount(consent.signatureCount),
  });
  const current = versions?.find((v) => v.version === consent.version);
  if (current && current.signatureCount === 0) {
    return t('consentForm.noticeUnsigned', { times, version: consent.version });
  }
  return t('consentForm.noticeSigned', { times, next: consent.version + 1 });
}

/** 'Create a Consent' / 'Edit a Consent' (spec 2 §2, §5, §9): Title (required) and the consent text, 800 px wide. */
export function ConsentForm({ consent, versions, onClose }: Props) {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const create = useCreateConsent(institution.id, protocol.id);
  const update = useUpdateConsent(institution.id, protocol.id, consent?.id ?? 0);
  const save = consent ? update : create;
  const form = useForm<Values>({
    initialValues: {
      title: consent?.title ?? '',
      consent: consent?.consent ?? '',
      purposeIds: (consent?.purposes ?? []).map((x) => String(x.id)),
      concurrencyStamp: consent?.concurrencyStamp ?? '',
    },
    validate: contractResolver(consent ? ConsentUpdate : ConsentInput),
  });
  const guard = useUnsavedChangesGuard(formChanged(form));
  const { t } = useTranslation('protocols');
  const purposeOptions = useLookupOptions('consentPurposes');
  // A purpose kept from the current version stays choosable even when disabled since.
  const purposeData = [
    ...purposeOptions.options,
    ...(consent?.purposes ?? [])
      .filter((x) => !purposeOptions.options.some((o) => o.value === String(x.id)))
      .map((x) => ({ value: String(x.id), label: x.title })),
  ];
  // The form starts from the stored text as the editor writes it. Unchanged, the stored text itself is sent
  // back, so a title edit never makes a new version out of a difference in how the same text is spelled.
  const editorReady = (html: string) => {
    form.setInitialValues({ ...form.getInitialValues(), consent: html });
    form.setFieldValue('consent', html);
  };

  const submit = form.onSubmit((v) => {
    const text = consent && v.consent === form.getInitialValues().consent ? consent.consent : v.consent;
    const body = {
      title: v.title,
      consent: text,
      purposeIds: v.purposeIds.map(Number),
      institutionId: institution.id,
      collectionProtocolId: protocol.id,
    };
    const done = {
      onSuccess: (saved: Consent) => {
        const newVersion = consent && saved.version > consent.version;
        notifications.show({
          color: 'teal',
          message: t(
            newVersion ? 'consentForm.updatedVersion' : consent ? 'consentForm.updated' : 'consentForm.created',
            {
              title: saved.title,
              version: saved.version,
            },
          ),
          autoClose: 3000,
        });
        guard.release();
        onClose();
      },
      onError: (error: unknown) => form.setErrors(serverFormErrors(error).fields),
    };
    if (consent) update.mutate({ ...body, concurrencyStamp: v.concurrencyStamp }, done);
    else create.mutate(body, done);
  });

  const notice = consent && versionNotice(consent, versions, t);
  return (
    <FullScreenForm
      title={consent ? t('consentForm.editTitle') : t('consentForm.createTitle')}
      opened
      onClose={onClose}
      guard={guard}
      width={800}
      onSubmit={submit}
      submitting={save.isPending}
      error={serverFormErrors(save.error).title}
    >
      <Stack gap="md">
        {notice && (
          <Alert color="blue" icon={<IconInfoCircle />}>
            {notice}
          </Alert>
        )}
        <TextInput
          label={t('consentForm.title')}
          withAsterisk
          data-autofocus
          autoComplete="off"
          maxLength={200}
          {...form.getInputProps('title')}
        />
        <Suspense fallback={<EditorLoading />}>
          <ConsentEditor
            label={t('consentForm.consent')}
            initialHtml={form.getInitialValues().consent}
            onReady={editorReady}
            onChange={(html) => form.setFieldValue('consent', html)}
            error={form.errors.consent as string | undefined}
          />
        </Suspense>
        <MultiSelect
          label={t('consentForm.purposes')}
          description={t('consentForm.purposesHint')}
          data={purposeData}
          searchable
          clearable
          placeholder={purposeData.length ? t('consentForm.choosePurposes') : undefined}
          {...form.getInputProps('purposeIds')}
        />
      </Stack>
    </FullScreenForm>
  );
}
