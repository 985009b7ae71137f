import { lazy, Suspense } from 'react';
import { Alert, Group, Loader, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
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
const editorLoading = (
  <Group justify="center" py="xl">
    <Loader type="dots" aria-label="Loading the editor" />
  </Group>
);

type Values = { title: string; consent: string; purposeIds: string[]; concurrencyStamp: string };

interface Props {
  /** The consent to edit, freshly loaded (its stamp); without it the form creates one. */
  consent?: Consent;
  /** The consent's versions, newest first: whether its current text is signed decides what a new text does. */
  versions?: ConsentVersion[];
  onClose: () => void;
}

const times = (n: number) => (n === 1 ? 'once' : `${formatCount(n)} times`);

/** What saving a new text will do to a consent that has signatures (docs/protocols.md "Consent versions"). */
function versionNotice(consent: Consent, versions: ConsentVersion[] | undefined): string | null {
  if (consent.signatureCount === 0) return null;
  const current = versions?.find((v) => v.version === consent.version);
  if (current && current.signatureCount === 0) {
    return `Earlier versions were signed ${times(consent.signatureCount)} and keep their text; version ${consent.version} is not signed yet, so a new text replaces it.`;
  }
  return `Signed ${times(consent.signatureCount)}: saving a new text creates version ${consent.version + 1}; signed versions keep their text.`;
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
        const newVersion = consent && saved.version > consent.version ? ` (version ${saved.version})` : '';
        notifications.show({
          color: 'teal',
          message: `Consent '${saved.title}' ${consent ? 'updated' : 'created'}${newVersion}.`,
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

  const notice = consent && versionNotice(consent, versions);
  return (
    <FullScreenForm
      title={consent ? 'Edit a Consent' : 'Create a Consent'}
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
          label="Title"
          withAsterisk
          data-autofocus
          autoComplete="off"
          maxLength={200}
          {...form.getInputProps('title')}
        />
        <Suspense fallback={editorLoading}>
          <ConsentEditor
            label="Consent"
            initialHtml={form.getInitialValues().consent}
            onReady={editorReady}
            onChange={(html) => form.setFieldValue('consent', html)}
            error={form.errors.consent as string | undefined}
          />
        </Suspense>
        <MultiSelect
          label="Purposes granted when signed"
          description="The participant answers Yes or No to each when signing (Configuration > Consent Purpose lists them)."
          data={purposeData}
          searchable
          clearable
          placeholder={purposeData.length ? 'Choose purposes' : undefined}
          {...form.getInputProps('purposeIds')}
        />
      </Stack>
    </FullScreenForm>
  );
}
