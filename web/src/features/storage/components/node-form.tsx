import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ChildInput,
  ContainerInput,
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
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('storage');

  // contract/words.ts doneMessage's rule: "Box 'B1' created.", "Box B1 created." when the name already says it.
  const createdText = (name: string) =>
    name.toLowerCase().startsWith(`${level} `)
      ? t('nodeForm.createdNamed', { name })
      : t(`nodeForm.created.${level}`, { name });

  const submit = form.onSubmit((v, event) => {
    const body = {
      ...v,
      columnLabelingSchemaId: linear ? null : v.columnLabelingSchemaId,
      institutionId: institution.id,
    };
    create.mutate(schema.parse(body), {
      onSuccess: (saved) => {
        notifications.show({ color: 'teal', message: createdText(saved.title), autoClose: 3000 });
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
      title={parentTitle ? t(`nodeForm.createIn.${level}`, { parent: parentTitle }) : t(`nodeForm.create.${level}`)}
      opened
      onClose={onClose}
      guard={guard}
      onSubmit={submit}
      submitting={create.isPending}
      error={serverFormErrors(create.error).title}
      allowAnother
    >
      <Stack gap="sm">
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
          withAsterisk={level === 'container'}
          description={level === 'container' ? t('nodeForm.codeContainer') : t('nodeForm.codeChild')}
          {...form.getInputProps('code')}
        />
        <SimpleGrid cols={2} spacing="sm">
          <NumberField whole label={t('nodeForm.rows')} withAsterisk {...form.getInputProps('rows')} />
          <NumberField whole label={t('nodeForm.columns')} withAsterisk {...form.getInputProps('columns')} />
        </SimpleGrid>
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
