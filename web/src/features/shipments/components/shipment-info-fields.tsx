import { Checkbox, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/common.contract';
import { institutionEndpoints } from '@contract/institutions.endpoints';
import { DateField } from '@/components/date-field';
import { call } from '@/lib/api-client';
import { useLookupOptions } from '@/lib/lookup-options';
import { queryKeys } from '@/lib/query-keys';
import { useCurrentInstitution } from '@/lib/session-context';
import { useProtocolOptions } from '../api/shipments';
import { useTranslation } from 'react-i18next';
import { TimeField } from '@/components/time-field';

export interface InfoValues {
  name: string;
  trackingNumber: string;
  trackingURL: string;
  sendingInstitutionSiteId: string | null;
  receivingInstitutionId: string | null;
  receivingInstitutionSiteId: string | null;
  shippedDate: string | null;
  shippedTime: string;
  collectionProtocolId: string | null;
  includeDonorIdentity: boolean;
}

/** The enabled sites of another institution (sites of any institution may be read, spec 2 §7). */
function useSitesOf(otherInstId: number | null) {
  return useQuery({
    queryKey: queryKeys.lookups.options(otherInstId ?? 0, 'institutionSites', { receiving: true }),
    queryFn: () =>
      call(institutionEndpoints.sites, {
        params: { instId: otherInstId! },
        query: { isEnabled: true, pageSize: MAX_PAGE_SIZE },
      }),
    select: (rows) => rows.map((s) => ({ value: String(s.id), label: s.title })),
    enabled: otherInstId !== null,
    placeholderData: keepPreviousData,
  });
}

/** Step 1 "Shipment Information" (spec 2 §3 form fields). */
export function ShipmentInfoFields({ form }: { form: UseFormReturnType<InfoValues> }) {
  const { t } = useTranslation('shipments');
  const { institution } = useCurrentInstitution();
  const ownSites = useLookupOptions('institutionSites');
  const institutions = useLookupOptions('institutions');
  const others = institutions.options.filter((o) => o.value !== String(institution.id));
  const receiving = form.getValues().receivingInstitutionId;
  const receivingSites = useSitesOf(receiving ? Number(receiving) : null);
  const protocols = useProtocolOptions(institution.id);
  const noSites =
    receiving && receivingSites.isSuccess && !receivingSites.isPlaceholderData && receivingSites.data.length === 0;

  return (
    <Stack gap="sm">
      <TextInput label={t('info.name')} withAsterisk data-autofocus {...form.getInputProps('name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={t('info.trackingNumber')} {...form.getInputProps('trackingNumber')} />
        <TextInput
          label={t('info.trackingUrl')}
          placeholder={t('info.urlPlaceholder')}
          {...form.getInputProps('trackingURL')}
        />
      </SimpleGrid>
      <Select
        label={t('info.sendingSite')}
        withAsterisk
        data={ownSites.options}
        searchable
        placeholder={ownSites.isPending ? t('info.loading') : t('info.siteOf', { institution: institution.title })}
        {...form.getInputProps('sendingInstitutionSiteId')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('info.receiving')}
          withAsterisk
          data={others}
          searchable
          placeholder={institutions.isPending ? t('info.loading') : t('info.another')}
          {...form.getInputProps('receivingInstitutionId')}
          onChange={(v) => {
            form.setFieldValue('receivingInstitutionId', v);
            form.setFieldValue('receivingInstitutionSiteId', null);
          }}
        />
        <Select
          label={t('info.receivingSite')}
          withAsterisk
          data={receiving ? (receivingSites.data ?? []) : []}
          searchable
          disabled={!receiving}
          placeholder={
            !receiving ? t('info.institutionFirst') : receivingSites.isFetching ? t('info.loading') : undefined
          }
          {...form.getInputProps('receivingInstitutionSiteId')}
          error={form.getInputProps('receivingInstitutionSiteId').error ?? (noSites ? t('info.noSites') : undefined)}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DateField label={t('info.shippedDate')} withAsterisk {...form.getInputProps('shippedDate')} />
        <TimeField label={t('info.shippedTime')} withAsterisk {...form.getInputProps('shippedTime')} />
      </SimpleGrid>
      <Select
        label={t('info.protocol')}
        description={t('info.protocolHint')}
        data={protocols.data ?? []}
        clearable
        searchable
        {...form.getInputProps('collectionProtocolId')}
      />
      <Checkbox label={t('info.donorIdentity')} {...form.getInputProps('includeDonorIdentity', { type: 'checkbox' })} />
    </Stack>
  );
}
