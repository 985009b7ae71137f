import { Divider, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  MAX_TEMPLATE_BOXES,
  MAX_TEMPLATE_POSITIONS,
  RackTemplateInput,
  storageCode,
  type PathRef,
  type RackTemplateResult,
} from '@contract/storage.contract';
import { FullScreenForm } from '@/components/full-screen-form';
import { LimitedTextInput } from '@/components/limited-text-input';
import { serverFormErrors } from '@/lib/contract-resolver';
import { useLookupOptions } from '@/lib/lookup-options';
import { useCurrentInstitution } from '@/lib/session-context';
import { formatCount } from '@/lib/format';
import { useTranslation } from 'react-i18next';
import { formChanged, useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { useRackTemplate } from '../api/storage';
import { emptyLayout, LayoutFields, useLayoutForm, type LayoutValues } from './layout-fields';
import { NumberField } from '@/components/number-field';

type Values = LayoutValues & {
  title: string;
  code: string;
  rows: number | string;
  columns: number | string;
  boxCount: number | string;
  boxTitle: string;
  boxRows: number | string;
  boxColumns: number | string;
  institutionSiteId: string | null;
};

const initialValues = (boxTitle: string): Values => ({
  title: '',
  code: '',
  rows: '',
  columns: '',
  boxCount: '',
  boxTitle,
  boxRows: '',
  boxColumns: '',
  ...emptyLayout,
  institutionSiteId: null,
});

interface Props {
  shelfPath: PathRef[];
  shelfTitle: string;
  onClose: () => void;
  onSaved: (made: RackTemplateResult) => void;
}

/**
 * 'Create a Rack of Boxes' (issue 28, docs/storage.md "Templates"): the rack (title, code, its rows x
 * columns of places) and N boxes of R x C made in it in one step; one labeling serves the rack and its boxes.
 */
export function RackTemplateForm({ shelfPath, shelfTitle, onClose, onSaved }: Props) {
  const { institution } = useCurrentInstitution();
  const sites = useLookupOptions('institutionSites');
  const make = useRackTemplate(institution.id, shelfPath);
  const { t } = useTranslation('storage');
  const { form, choices } = useLayoutForm(RackTemplateInput, initialValues(t('rackTemplate.boxDefault')));
  const guard = useUnsavedChangesGuard(formChanged(form));
  const v = form.values;
  const places = Number(v.rows) * Number(v.columns);
  const count = v.boxCount === '' ? places : Number(v.boxCount);
  const perBox = Number(v.boxRows) * Number(v.boxColumns);
  const summary =
    count > 0 && perBox > 0
      ? t('rackTemplate.summary', {
          count,
          rows: v.boxRows,
          columns: v.boxColumns,
          positions: formatCount(count * perBox),
        })
      : null;

  const submit = form.onSubmit((values) => {
    const linear = choices.linearOf(values.positionLabelingOptionId);
    const body = {
      ...values,
      columnLabelingSchemaId: linear ? null : values.columnLabelingSchemaId,
      institutionId: institution.id,
    };
    make.mutate(RackTemplateInput.parse(body), {
      onSuccess: (made) => {
        notifications.show({
          color: 'teal',
          message: t('rackTemplate.created', { rack: made.rack.title, count: made.boxes.length }),
          autoClose: 3000,
        });
        guard.release();
        onSaved(made);
      },
      onError: (error) => form.setErrors(serverFormErrors(error).fields),
    });
  });

  return (
    <FullScreenForm
      title={t('rackTemplate.title', { shelf: shelfTitle })}
      opened
      onClose={onClose}
      guard={guard}
      onSubmit={submit}
      submitting={make.isPending}
      error={serverFormErrors(make.error).title}
    >
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {t('rackTemplate.rack')}
        </Title>
        <TextInput
          label={t('nodeForm.title')}
          withAsterisk
          data-autofocus
          autoComplete="off"
          {...form.getInputProps('title')}
        />
        <LimitedTextInput
          rule={storageCode}
          label={t('nodeForm.code')}
          description={t('nodeForm.codeChild')}
          {...form.getInputProps('code')}
        />
        <SimpleGrid cols={2} spacing="sm">
          <NumberField
            whole
            label={t('nodeForm.rows')}
            withAsterisk
            description={t('rackTemplate.placesForBoxes')}
            {...form.getInputProps('rows')}
          />
          <NumberField
            whole
            label={t('nodeForm.columns')}
            withAsterisk
            description={t('rackTemplate.placesForBoxes')}
            {...form.getInputProps('columns')}
          />
        </SimpleGrid>
        <Divider my={4} />
        <Title order={3} fz="lg">
          {t('rackTemplate.boxes')}
        </Title>
        <SimpleGrid cols={2} spacing="sm">
          <NumberField
            whole
            label={t('rackTemplate.boxCount')}
            description={places > 0 ? t('rackTemplate.boxCountEmptyN', { places }) : t('rackTemplate.boxCountEmpty')}
            {...form.getInputProps('boxCount')}
          />
          <TextInput
            label={t('rackTemplate.boxTitle')}
            autoComplete="off"
            description={t('rackTemplate.boxTitleHelp')}
            {...form.getInputProps('boxTitle')}
          />
          <NumberField whole label={t('rackTemplate.boxRows')} withAsterisk {...form.getInputProps('boxRows')} />
          <NumberField whole label={t('rackTemplate.boxColumns')} withAsterisk {...form.getInputProps('boxColumns')} />
        </SimpleGrid>
        <Text size="sm" c="dimmed" aria-live="polite">
          {summary ??
            t('rackTemplate.limits', { boxes: MAX_TEMPLATE_BOXES, positions: formatCount(MAX_TEMPLATE_POSITIONS) })}
        </Text>
        <Divider my={4} />
        <Text size="sm" c="dimmed">
          {t('rackTemplate.labelingNote')}
        </Text>
        <LayoutFields form={form} choices={choices} />
        <Select
          label={t('nodeForm.site')}
          data={sites.options}
          clearable
          searchable
          placeholder={t('nodeForm.optional')}
          {...form.getInputProps('institutionSiteId')}
        />
      </Stack>
    </FullScreenForm>
  );
}
