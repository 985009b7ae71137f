import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { EventInput, type ProtocolEvent } from '@contract/protocol-events.contract';
import { FullScreenForm } from '@/components/full-screen-form';
import { LimitedTextInput } from '@/components/limited-text-input';
import { NumberField } from '@/components/number-field';
import { code2 } from '@contract/protocols.contract';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { useLookupOptions } from '@/lib/lookup-options';
import { useCurrentInstitution } from '@/lib/session-context';
import { formChanged, useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { useCurrentProtocol } from '@/lib/protocol-context';
import { useAllProtocolSites } from '@/lib/protocol-sites';
import { useCreateEvent } from '../api/events';
import { useTranslation } from 'react-i18next';
import { namedByKind } from '../components/done-text';

type Values = {
  label: string;
  eventCode: string;
  eventPoint: number | string;
  collectionProtocolEventUnitOfMeasurementId: string | null;
  institutionSiteId: string | null;
};

const initialValues: Values = {
  label: '',
  eventCode: '',
  eventPoint: 0,
  collectionProtocolEventUnitOfMeasurementId: null,
  institutionSiteId: null,
};

/**
 * 'Create Event' (spec 2 §3, §5): Label, Event Code (at most 2, unique in the protocol), Event Point (default 0),
 * Unit (required), Institution Site (optional; only the protocol's own sites, as the server requires).
 */
export function EventForm({ onClose, onSaved }: { onClose: () => void; onSaved: (event: ProtocolEvent) => void }) {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const units = useLookupOptions('collectionProtocolEventUnitOfMeasurements');
  const sites = useAllProtocolSites(institution.id, protocol.id);
  const siteOptions = (sites.data?.items ?? []).map((s) => ({
    value: String(s.institutionSiteId),
    label: `${s.institutionSite?.title ?? s.institutionSiteId}${s.institution?.title && s.institution.title !== institution.title ? ` (${s.institution.title})` : ''}`,
  }));
  const create = useCreateEvent(institution.id, protocol.id);
  const form = useForm<Values>({ initialValues, validate: contractResolver(EventInput) });
  const guard = useUnsavedChangesGuard(formChanged(form));
  const { t } = useTranslation('protocols');
  const { t: tc } = useTranslation('common');

  const submit = form.onSubmit((v) =>
    create.mutate(EventInput.parse({ ...v, collectionProtocolId: protocol.id }), {
      onSuccess: (saved) => {
        notifications.show({
          color: 'teal',
          message: t(namedByKind(saved.label, 'Event') ? 'eventForm.created_named' : 'eventForm.created', {
            name: saved.label,
          }),
          autoClose: 3000,
        });
        guard.release();
        onSaved(saved);
      },
      onError: (error) => form.setErrors(serverFormErrors(error).fields),
    }),
  );

  return (
    <FullScreenForm
      title={t('eventForm.title')}
      opened
      onClose={onClose}
      guard={guard}
      onSubmit={submit}
      submitting={create.isPending}
      error={serverFormErrors(create.error).title}
    >
      <Stack gap="sm">
        <TextInput
          label={t('eventForm.label')}
          withAsterisk
          data-autofocus
          autoComplete="off"
          {...form.getInputProps('label')}
        />
        <LimitedTextInput
          rule={code2}
          label={t('eventForm.eventCode')}
          withAsterisk
          description={t('eventForm.eventCodeHint')}
          {...form.getInputProps('eventCode')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberField
            label={t('eventForm.eventPoint')}
            withAsterisk
            description={t('eventForm.eventPointHint')}
            {...form.getInputProps('eventPoint')}
          />
          <Select
            label={t('eventForm.unit')}
            withAsterisk
            data={units.options}
            searchable
            description={t('eventForm.unitHint')}
            placeholder={units.isPending ? tc('loadingEllipsis') : t('eventForm.chooseUnit')}
            {...form.getInputProps('collectionProtocolEventUnitOfMeasurementId')}
          />
        </SimpleGrid>
        <Select
          label={t('eventForm.site')}
          data={siteOptions}
          searchable
          clearable
          placeholder={
            sites.isPending
              ? tc('loadingEllipsis')
              : siteOptions.length
                ? t('eventForm.optional')
                : t('eventForm.noSites')
          }
          description={t('eventForm.siteHint')}
          {...form.getInputProps('institutionSiteId')}
        />
      </Stack>
    </FullScreenForm>
  );
}
