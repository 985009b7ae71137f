import { NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ChildInput, ContainerInput, STORAGE_LEVEL_LABELS, type StorageLevel, type StorageNode } from '@contract/storage.contract';
import { FullScreenForm, isCreateAnother } from '@/components/full-screen-form';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { useLookupOptions } from '@/lib/lookup-options';
import { useCurrentInstitution } from '@/lib/session-context';
import { formChanged, useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { useCreateNode } from '../api/storage-api';
import { doneMessage } from '@contract/words';

type Values = {
  title: string;
  code: string;
  rows: number | string;
  columns: number | string;
  positionLabelingOptionId: string | null;
  rowLabelingSchemaId: string | null;
  columnLabelingSchemaId: string | null;
  fillOrder: 'row' | 'column';
  institutionSiteId: string | null;
};

const initialValues: Values = {
  title: '', code: '', rows: '', columns: '', positionLabelingOptionId: null, rowLabelingSchemaId: null, columnLabelingSchemaId: null, fillOrder: 'row', institutionSiteId: null,
};

const FILL_ORDERS = [
  { value: 'row', label: 'Row by row (A1, A2, … then B1)' },
  { value: 'column', label: 'Column by column (A1, B1, … then A2)' },
];

/** A Linear option numbers positions in one run: the seeded title, or its abbreviation L (as the server decides). */
const isLinear = (row: Record<string, unknown> | undefined) =>
  Boolean(row) && (String(row!.title ?? '').trim().toLowerCase() === 'linear' || String(row!.abbreviation ?? '').trim().toLowerCase() === 'l');

interface Props {
  level: StorageLevel;
  /** Ids of the parent's path (none for a container). */
  parentPath: number[];
  parentTitle?: string;
  onClose: () => void;
  onSaved: (node: StorageNode) => void;
}

/**
 * 'Create a Container' .. 'Create a Box' (spec 1 §2, §5): Title, Code (at most 2; required on a container),
 * Rows, Columns, Position Labeling Option, Row and (unless Linear) Column Labeling Schema, Fill order,
 * optional Institution Site.
 */
export function NodeForm({ level, parentPath, parentTitle, onClose, onSaved }: Props) {
  const { institution } = useCurrentInstitution();
  const options = useLookupOptions('positionLabelingOptions');
  const schemas = useLookupOptions('labelingSchemas');
  const sites = useLookupOptions('institutionSites');
  const create = useCreateNode(institution.id, parentPath);
  const schema = level === 'container' ? ContainerInput : ChildInput;
  const linearOf = (id: string | null) => isLinear(options.rows?.find((r) => String(r.id) === id));
  const resolver = contractResolver(schema);
  const form = useForm<Values>({
    initialValues,
    validate: (values) => {
      const errors = resolver(values);
      if (values.positionLabelingOptionId && !linearOf(values.positionLabelingOptionId) && !values.columnLabelingSchemaId) errors.columnLabelingSchemaId = '*Required';
      return errors;
    },
  });
  const guard = useUnsavedChangesGuard(formChanged(form));
  const linear = linearOf(form.values.positionLabelingOptionId);
  const label = STORAGE_LEVEL_LABELS[level];

  const submit = form.onSubmit((v, event) => {
    const body = { ...v, columnLabelingSchemaId: linear ? null : v.columnLabelingSchemaId, institutionId: institution.id };
    create.mutate(schema.parse(body), {
      onSuccess: (saved) => {
        notifications.show({ color: 'teal', message: doneMessage(label, saved.title), autoClose: 3000 });
        if (isCreateAnother(event)) {
          form.setValues({ title: '', code: '' });
          form.resetDirty();
          return;
        }
        guard.release();
        onSaved(saved);
      },
      onError: (error) => form.setErrors(serverFormErrors(error).fields),
    });
  });

  return (
    <FullScreenForm title={`Create a ${label}${parentTitle ? ` in ${parentTitle}` : ''}`} opened onClose={onClose} guard={guard} onSubmit={submit}
      submitting={create.isPending} error={serverFormErrors(create.error).title} allowAnother>
      <Stack gap="sm">
        <TextInput label="Title" withAsterisk data-autofocus autoComplete="off" {...form.getInputProps('title')} />
        <TextInput label="Code" withAsterisk={level === 'container'} autoComplete="off" maxLength={2}
          description={level === 'container' ? 'At most 2 characters, unique among containers.' : 'Optional; at most 2 characters.'} {...form.getInputProps('code')} />
        <SimpleGrid cols={2} spacing="sm">
          <NumberInput label="Rows" withAsterisk min={1} max={100} allowDecimal={false} allowNegative={false} {...form.getInputProps('rows')} />
          <NumberInput label="Columns" withAsterisk min={1} max={100} allowDecimal={false} allowNegative={false} {...form.getInputProps('columns')} />
        </SimpleGrid>
        <Select label="Position Labeling Option" withAsterisk data={options.options} placeholder={options.isPending ? 'Loading…' : 'Linear or Two Dimensional'}
          {...form.getInputProps('positionLabelingOptionId')} />
        <Select label="Row Labeling Schema" withAsterisk data={schemas.options} placeholder={schemas.isPending ? 'Loading…' : 'e.g. Letters Upper Case'}
          description={linear ? 'Numbers every position in one run (1, 2, 3 … or A, B, C …).' : undefined} {...form.getInputProps('rowLabelingSchemaId')} />
        {!linear && (
          <Select label="Column Labeling Schema" withAsterisk data={schemas.options} placeholder={schemas.isPending ? 'Loading…' : 'e.g. Numbers'}
            {...form.getInputProps('columnLabelingSchemaId')} />
        )}
        <Select label="Fill order" data={FILL_ORDERS} allowDeselect={false} description="The order in which positions are numbered and filled." {...form.getInputProps('fillOrder')} />
        <Select label="Institution Site" data={sites.options} clearable searchable placeholder="Optional" {...form.getInputProps('institutionSiteId')} />
      </Stack>
    </FullScreenForm>
  );
}
