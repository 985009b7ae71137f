import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { code2, ProtocolInput, ProtocolUpdate, type Protocol } from '@contract/protocols.contract';
import { LimitedTextInput } from '@/components/limited-text-input';
import { FullScreenForm } from '@/components/full-screen-form';
import { DateField } from '@/components/date-field';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { calendarDate } from '@/lib/format';
import { useCurrentInstitution } from '@/lib/session-context';
import { formChanged, useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { useCreateProtocol, useUpdateProtocol } from '../api/protocols';
import { useTranslation } from 'react-i18next';
import { namedByKind } from './done-text';
import { NumberField } from '@/components/number-field';

type Values = {
  title: string;
  abbreviation: string;
  code: string;
  startDate: string | null;
  endDate: string | null;
  expectedParticipants: number | string;
  /** Not shown: the update sends it back (a stale one is 409). */
  concurrencyStamp: string;
};

const valuesOf = (p?: Protocol): Values => ({
  title: p?.title ?? '',
  abbreviation: p?.abbreviation ?? '',
  code: p?.code ?? '',
  // spec 2 §5: on edit the time part of a date is cut off.
  startDate: p?.startDate ? calendarDate(p.startDate) : null,
  endDate: p?.endDate ? calendarDate(p.endDate) : null,
  expectedParticipants: p?.expectedParticipants ?? 0,
  concurrencyStamp: p?.concurrencyStamp ?? '',
});

interface Props {
  /** The protocol to update; without it the form creates one. */
  protocol?: Protocol;
  onClose: () => void;
  /** After a successful save: the created or updated protocol. */
  onSaved: (protocol: Protocol) => void;
}

/**
 * 'Create a Collection Protocol' / 'Update a Collection Protocol' (spec 2 §2, §5): the rules and messages are
 * the contract's (code required and at most 2 characters on create, optional on update; start before end).
 */
export function ProtocolForm({ protocol, onClose, onSaved }: Props) {
  const { institution } = useCurrentInstitution();
  const create = useCreateProtocol(institution.id);
  const update = useUpdateProtocol(institution.id, protocol?.id ?? 0);
  const save = protocol ? update : create;
  const form = useForm<Values>({
    initialValues: valuesOf(protocol),
    validate: contractResolver(protocol ? ProtocolUpdate : ProtocolInput),
  });
  const guard = useUnsavedChangesGuard(formChanged(form));
  const { t } = useTranslation('protocols');

  const submit = form.onSubmit((v) => {
    const body = { ...v, institutionId: institution.id };
    const done = {
      onSuccess: (saved: Protocol) => {
        notifications.show({
          color: 'teal',
          message: namedByKind(saved.title, 'Collection protocol')
            ? t(protocol ? 'form.updated_named' : 'form.created_named', { name: saved.title })
            : t(protocol ? 'form.updated' : 'form.created', { name: saved.title }),
          autoClose: 3000,
        });
        guard.release();
        onSaved(saved);
      },
      onError: (error: unknown) => form.setErrors(serverFormErrors(error).fields),
    };
    if (protocol) update.mutate(body, done);
    else create.mutate(body, done);
  });

  return (
    <FullScreenForm
      title={protocol ? t('form.updateTitle') : t('form.createTitle')}
      opened
      onClose={onClose}
      guard={guard}
      onSubmit={submit}
      submitting={save.isPending}
      error={serverFormErrors(save.error).title}
    >
      <Stack gap="sm">
        <TextInput
          label={t('fields.title')}
          withAsterisk
          data-autofocus
          autoComplete="off"
          {...form.getInputProps('title')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('fields.abbreviation')}
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('abbreviation')}
          />
          <LimitedTextInput
            rule={code2}
            label={t('fields.code')}
            withAsterisk={!protocol}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            description={protocol ? t('form.codeHintUpdate') : t('form.codeHintCreate')}
            {...form.getInputProps('code')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateField label={t('fields.startDate')} clearable {...form.getInputProps('startDate')} />
          <DateField
            label={t('fields.endDate')}
            clearable
            minDate={form.values.startDate}
            {...form.getInputProps('endDate')}
          />
        </SimpleGrid>
        <NumberField
          whole
          label={t('fields.expectedParticipants')}
          withAsterisk
          {...form.getInputProps('expectedParticipants')}
        />
      </Stack>
    </FullScreenForm>
  );
}
