import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ChildInput,
  ContainerInput,
  STORAGE_LEVEL_LABELS,
  storageCode,
  type PathRef,
  type StorageLevel,
  type StorageNode,
} from '@contract/storage.contract';
import { FullScreenForm, isCreateAnother } from '@/components/full-screen-form';
import { LimitedTextInput } from '@/components/limited-text-input';
import { serverFormErrors } from '@/lib/contract-resolver';
import { useLookupOptions } from '@/lib/lookup-options';
import { useCurrentInstitution } from '@/lib/session-context';
import { formChanged, useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { useCreateNode } from '../api/storage';
import { emptyLayout, LayoutFields, useLayoutForm, type LayoutValues } from './layout-fields';
import { doneMessage } from '@contract/words';
import { NumberField } from '@/components/number-field';

type Values = LayoutValues & {
  title: string;
  code: string;
  rows: number | string;
  columns: number | string;
  institutionSiteId: string | null;
};

const initialValues: Values = { title: '', code: '', rows: '', columns: '', ...emptyLayout, institutionSiteId: null };

interface Props {
  level: StorageLevel;
  /** The parent's path (none for a container). */
  parentPath: PathRef[];
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
  const sites = useLookupOptions('institutionSites');
  const create = useCreateNode(institution.id, parentPath, level);
  const schema = level === 'container' ? ContainerInput : ChildInput;
  const { form, choices } = useLayoutForm(schema, initialValues);
  const guard = useUnsavedChangesGuard(formChanged(form));
  const linear = choices.linearOf(form.values.positionLabelingOptionId);
  const label = STORAGE_LEVEL_LABELS[level];

  const submit = form.onSubmit((v, event) => {
    const body = {
      ...v,
      columnLabelingSchemaId: linear ? null : v.columnLabelingSchemaId,
      institutionId: institution.id,
    };
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
    <FullScreenForm
      title={`Create a ${label}${parentTitle ? ` in ${parentTitle}` : ''}`}
      opened
      onClose={onClose}
      guard={guard}
      onSubmit={submit}
      submitting={create.isPending}
      error={serverFormErrors(create.error).title}
      allowAnother
    >
      <Stack gap="sm">
        <TextInput label="Title" withAsterisk data-autofocus autoComplete="off" {...form.getInputProps('title')} />
        <LimitedTextInput
          rule={storageCode}
          label="Code"
          withAsterisk={level === 'container'}
          description={
            level === 'container' ? 'At most 2 characters, unique among containers.' : 'Optional; at most 2 characters.'
          }
          {...form.getInputProps('code')}
        />
        <SimpleGrid cols={2} spacing="sm">
          <NumberField whole label="Rows" withAsterisk {...form.getInputProps('rows')} />
          <NumberField whole label="Columns" withAsterisk {...form.getInputProps('columns')} />
        </SimpleGrid>
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
