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

const initialValues: Values = {
  title: '',
  code: '',
  rows: '',
  columns: '',
  boxCount: '',
  boxTitle: 'Box',
  boxRows: '',
  boxColumns: '',
  ...emptyLayout,
  institutionSiteId: null,
};

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
  const { form, choices } = useLayoutForm(RackTemplateInput, initialValues);
  const guard = useUnsavedChangesGuard(formChanged(form));
  const v = form.values;
  const places = Number(v.rows) * Number(v.columns);
  const count = v.boxCount === '' ? places : Number(v.boxCount);
  const perBox = Number(v.boxRows) * Number(v.boxColumns);
  const summary =
    count > 0 && perBox > 0
      ? `${count} box${count === 1 ? '' : 'es'} of ${v.boxRows} x ${v.boxColumns}: ${(count * perBox).toLocaleString('en')} positions.`
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
          message: `${made.rack.title} and its ${made.boxes.length} box${made.boxes.length === 1 ? '' : 'es'} created.`,
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
      title={`Create a Rack of Boxes in ${shelfTitle}`}
      opened
      onClose={onClose}
      guard={guard}
      onSubmit={submit}
      submitting={make.isPending}
      error={serverFormErrors(make.error).title}
    >
      <Stack gap="sm">
        <Title order={3} fz="lg">
          Rack
        </Title>
        <TextInput label="Title" withAsterisk data-autofocus autoComplete="off" {...form.getInputProps('title')} />
        <LimitedTextInput
          rule={storageCode}
          label="Code"
          description="Optional; at most 2 characters."
          {...form.getInputProps('code')}
        />
        <SimpleGrid cols={2} spacing="sm">
          <NumberField whole label="Rows" withAsterisk description="Places for boxes" {...form.getInputProps('rows')} />
          <NumberField
            whole
            label="Columns"
            withAsterisk
            description="Places for boxes"
            {...form.getInputProps('columns')}
          />
        </SimpleGrid>
        <Divider my={4} />
        <Title order={3} fz="lg">
          Boxes
        </Title>
        <SimpleGrid cols={2} spacing="sm">
          <NumberField
            whole
            label="Number of boxes"
            description={places > 0 ? `Empty: ${places}, to fill the rack` : 'Empty: fill the rack'}
            {...form.getInputProps('boxCount')}
          />
          <TextInput
            label="Box title"
            autoComplete="off"
            description="Numbered: Box 1, Box 2 …"
            {...form.getInputProps('boxTitle')}
          />
          <NumberField whole label="Box rows" withAsterisk {...form.getInputProps('boxRows')} />
          <NumberField whole label="Box columns" withAsterisk {...form.getInputProps('boxColumns')} />
        </SimpleGrid>
        <Text size="sm" c="dimmed" aria-live="polite">
          {summary ??
            `At most ${MAX_TEMPLATE_BOXES} boxes and ${MAX_TEMPLATE_POSITIONS.toLocaleString('en')} positions in one step.`}
        </Text>
        <Divider my={4} />
        <Text size="sm" c="dimmed">
          The labeling below serves the rack's places and every box's positions.
        </Text>
        <LayoutFields form={form} choices={choices} />
        <Select
          label="Institution Site"
          data={sites.options}
          clearable
          searchable
          placeholder="Optional"
          {...form.getInputProps('institutionSiteId')}
        />
      </Stack>
    </FullScreenForm>
  );
}
