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
import { doneMessage } from '@contract/words';

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

  const submit = form.onSubmit((v) =>
    create.mutate(EventInput.parse({ ...v, collectionProtocolId: protocol.id }), {
      onSuccess: (saved) => {
        notifications.show({ color: 'teal', message: doneMessage('Event', saved.label), autoClose: 3000 });
        guard.release();
        onSaved(saved);
      },
      onError: (error) => form.setErrors(serverFormErrors(error).fields),
    }),
  );

  return (
    <FullScreenForm
      title="Create Event"
      opened
      onClose={onClose}
      guard={guard}
      onSubmit={submit}
      submitting={create.isPending}
      error={serverFormErrors(create.error).title}
    >
      <Stack gap="sm">
        <TextInput label="Label" withAsterisk data-autofocus autoComplete="off" {...form.getInputProps('label')} />
        <LimitedTextInput
          rule={code2}
          label="Event Code"
          withAsterisk
          description="At most 2 characters, unique in the protocol."
          {...form.getInputProps('eventCode')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberField
            label="Event Point"
            withAsterisk
            description="When, counted in the unit"
            {...form.getInputProps('eventPoint')}
          />
          <Select
            label="Unit"
            withAsterisk
            data={units.options}
            searchable
            description="e.g. Day, Week"
            placeholder={units.isPending ? 'Loading…' : 'Choose a unit'}
            {...form.getInputProps('collectionProtocolEventUnitOfMeasurementId')}
          />
        </SimpleGrid>
        <Select
          label="Institution Site"
          data={siteOptions}
          searchable
          clearable
          placeholder={sites.isPending ? 'Loading…' : siteOptions.length ? 'Optional' : 'The protocol has no sites yet'}
          description="One of the protocol's sites (add more on the Sites page)."
          {...form.getInputProps('institutionSiteId')}
        />
      </Stack>
    </FullScreenForm>
  );
}
