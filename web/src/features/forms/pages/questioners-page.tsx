import { Button, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { FormInput, type FormDto } from '@contract/forms.contract';
import { FullScreenForm } from '@/components/full-screen-form';
import { PagedTable } from '@/components/paged-table';
import { useListState } from '@/components/use-list-state';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { formChanged, useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { protocolPath, useCurrentProtocol } from '@/lib/protocol-context';
import { FormEditorPage } from './form-editor-page';
import { useCreateForm, useForms } from '../api/forms';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

export const FORMS_SUB = 'collectio-protocol-forms';

const columnsOf = (t: TFunction<'forms'>): DataTableColumn<FormDto>[] => [
  { accessor: 'name', title: t('questioners.name') },
  { accessor: 'description', title: t('questioners.description'), render: (f) => f.description ?? '' },
];

/** collectio-protocol-forms (spec 2 §2 "Questioners page"), /new (create over it) and /{formId} (the editor). */
export function QuestionersArea() {
  return (
    <Routes>
      <Route index element={<QuestionersPage />} />
      <Route path="new" element={<QuestionersPage creating />} />
      <Route path=":formId/*" element={<FormEditorPage />} />
    </Routes>
  );
}

function QuestionersPage({ creating = false }: { creating?: boolean }) {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const canManage = useCan('protocols.manage');
  const list = useListState();
  const forms = useForms(institution.id, protocol.id, { page: list.page, pageSize: list.pageSize });
  const navigate = useNavigate();
  const { t } = useTranslation('forms');
  const { search } = useLocation();
  const go = (sub = '') => void navigate({ pathname: protocolPath(protocol, `${FORMS_SUB}${sub}`), search });
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={26}>
            {t('questioners.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('questioners.intro')}
          </Text>
        </div>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => go('/new')}>
            {t('questioners.create')}
          </Button>
        )}
      </Group>
      <PagedTable
        query={forms}
        list={list}
        columns={columnsOf(t)}
        emptyText={canManage ? t('questioners.emptyManage') : t('questioners.empty')}
        onRowClick={(f) => go(`/${f.id}`)}
      />
      {canManage && creating && <CreateQuestioner onClose={() => go()} onCreated={(id) => go(`/${id}`)} />}
    </Stack>
  );
}

/** 'Create a Questioner' (spec 2 §5: Name required, Description optional); saved, it opens the editor. */
function CreateQuestioner({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number) => void }) {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const create = useCreateForm(institution.id, protocol.id);
  const { t } = useTranslation('forms');
  const form = useForm({ initialValues: { name: '', description: '' }, validate: contractResolver(FormInput) });
  const guard = useUnsavedChangesGuard(formChanged(form));
  const submit = form.onSubmit((v) =>
    create.mutate(
      { ...v, institutionId: institution.id, collectionProtocolId: protocol.id },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'teal', message: createdText(t, saved.name), autoClose: 3000 });
          guard.release();
          onCreated(saved.id);
        },
        onError: (error) => form.setErrors(serverFormErrors(error).fields),
      },
    ),
  );
  return (
    <FullScreenForm
      title={t('questioners.createTitle')}
      opened
      onClose={onClose}
      guard={guard}
      onSubmit={submit}
      submitting={create.isPending}
      error={serverFormErrors(create.error).title}
    >
      <Stack gap="md">
        <TextInput
          label={t('questioners.name')}
          withAsterisk
          data-autofocus
          autoComplete="off"
          maxLength={200}
          {...form.getInputProps('name')}
        />
        <Textarea
          label={t('questioners.description')}
          autosize
          minRows={3}
          maxLength={2000}
          {...form.getInputProps('description')}
        />
      </Stack>
    </FullScreenForm>
  );
}

/** "Questionnaire 'Intake' created.", or "Questionnaire intake created." when the name already says it (contract/words.ts doneMessage). */
const createdText = (t: TFunction<'forms'>, name: string) =>
  name.toLowerCase().startsWith('questionnaire ')
    ? t('questioners.createdNamed', { name })
    : t('questioners.created', { name });
