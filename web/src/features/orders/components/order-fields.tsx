import { Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useLookupOptions, type Option } from '@/lib/lookup-options';
import { PanelPicker } from './panel-picker';

export type OrderFormValues = {
  patientIds: number[];
  institutionSiteId: string | null;
  priorityId: string | null;
  panelIds: number[];
  paymentCategoryId: string | null;
  commentToLab: string;
  /** Set by the COLLECTED SAMPLE ID tab: the order is on that sample. */
  collectedSampleId: number | null;
};

export const emptyOrder: OrderFormValues = {
  patientIds: [],
  institutionSiteId: null,
  priorityId: null,
  panelIds: [],
  paymentCategoryId: null,
  commentToLab: '',
  collectedSampleId: null,
};

interface Props {
  form: UseFormReturnType<OrderFormValues>;
  panels: Option[];
  onPanels: (panels: Option[]) => void;
}

/** spec 1 §2 New Order step 2 'Order': site (optional), priority (required), panels (at least one), payment, comment. */
export function OrderFields({ form, panels, onPanels }: Props) {
  const sites = useLookupOptions('institutionSites');
  const priorities = useLookupOptions('priorities');
  const payments = useLookupOptions('paymentCategories');
  const { t } = useTranslation('orders');
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label={t('fields.site')}
          placeholder={t('fields.optional')}
          data={sites.options}
          searchable
          clearable
          {...form.getInputProps('institutionSiteId')}
        />
        <Select
          label={t('fields.priority')}
          withAsterisk
          data={priorities.options}
          searchable
          data-autofocus
          placeholder={priorities.isPending ? t('fields.loading') : t('fields.choosePriority')}
          {...form.getInputProps('priorityId')}
        />
      </SimpleGrid>
      <PanelPicker
        chips={panels}
        error={form.errors.panelIds}
        onChange={(next) => {
          onPanels(next);
          form.setFieldValue(
            'panelIds',
            next.map((p) => Number(p.value)),
          );
          form.clearFieldError('panelIds');
        }}
      />
      <Select
        label={t('fields.payment')}
        placeholder={t('fields.optional')}
        data={payments.options}
        searchable
        clearable
        {...form.getInputProps('paymentCategoryId')}
      />
      <Textarea label={t('fields.comment')} autosize minRows={3} maxRows={8} {...form.getInputProps('commentToLab')} />
    </Stack>
  );
}
