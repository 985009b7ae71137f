import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowDown, IconArrowUp, IconEyeOff, IconPencil } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { parseId } from '@contract/common.contract';
import { FIELD_KINDS, type FieldDto, type FieldKind, type FormWithFields } from '@contract/forms.contract';
import { PageLoader } from '@/components/page-loader';
import { ApiError } from '@/lib/api-client';
import { useLookupOptions } from '@/lib/lookup-options';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { usePhone } from '@/lib/use-phone';
import { protocolPath, useCurrentProtocol } from '@/lib/protocol-context';
import { DynamicForm, type Answer, type Answers } from '../components/dynamic-form';
import { FieldEditor } from '../components/field-editor';
import { useTranslation } from 'react-i18next';
import { useDisableField, useForm, useOrderFields, useSetFormShareable } from '../api/forms';

/** collectio-protocol-forms/{formId} (spec 2 §2 "Form editor"): loads the form, then the editor. */
export function FormEditorPage() {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const formId = parseId(useParams().formId);
  const form = useForm(institution.id, protocol.id, formId ?? null);
  const { t } = useTranslation('forms');
  const back = (
    <Button size="xs" variant="default" component={Link} to={protocolPath(protocol, 'collectio-protocol-forms')}>
      {t('editor.all')}
    </Button>
  );
  if (!formId || form.isError) {
    const notFound = !formId || (form.error instanceof ApiError && form.error.status === 404);
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={notFound ? t('editor.notFound') : t('editor.loadFailed')}>
        <Text size="sm" mb="sm">
          {notFound ? t('editor.otherProtocol', { protocol: protocol.title }) : form.error?.message}
        </Text>
        <Group gap="xs">
          {!notFound && (
            <Button size="xs" variant="light" color="red" onClick={() => void form.refetch()}>
              {t('editor.tryAgain')}
            </Button>
          )}
          {back}
        </Group>
      </Alert>
    );
  }
  if (!form.data) return <PageLoader />;
  return <FormEditor form={form.data} />;
}

/**
 * Whether the research catalogue counts this questionnaire's list answers (issue 32 item 3, docs/research.md):
 * administrators (distribution.manage) switch it; everyone else sees it when it is on.
 */
function ShareableSwitch({ form }: { form: FormWithFields }) {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const canShare = useCan('distribution.manage');
  const save = useSetFormShareable(institution.id, protocol.id, form.id);
  const { t } = useTranslation('forms');
  if (!canShare)
    return form.shareable ? (
      <Text size="sm" c="gray.7">
        {t('editor.shared')}
      </Text>
    ) : null;
  return (
    <Switch
      label={t('editor.share')}
      description={t('editor.shareHelp')}
      checked={form.shareable}
      disabled={save.isPending}
      onChange={(event) =>
        save.mutate({ shareable: event.currentTarget.checked, concurrencyStamp: form.concurrencyStamp })
      }
    />
  );
}

type Editing = { kind: FieldKind; field?: FieldDto } | null;

function FormEditor({ form }: { form: FormWithFields }) {
  const protocol = useCurrentProtocol();
  const canManage = useCan('protocols.manage');
  const dataTypes = useLookupOptions('dataTypes');
  const phone = usePhone();
  const [editing, setEditing] = useState<Editing>(null);
  const { t } = useTranslation('forms');
  const [answers, setAnswers] = useState<Answers>({});
  const typeOf = (kind: FieldKind) => dataTypes.rows.find((r) => r.abbreviation === kind)?.id;
  const fields = form.fields;
  const editingType = editing && (editing.field?.dataTypeId ?? typeOf(editing.kind));

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Breadcrumbs separator="/" fz="sm">
          <Anchor component={Link} to={protocolPath(protocol, 'overview')} size="sm">
            {t('editor.crumbProtocol')}
          </Anchor>
          <Anchor component={Link} to={protocolPath(protocol, 'collectio-protocol-forms')} size="sm">
            {t('editor.crumbForms')}
          </Anchor>
          <Text size="sm" fw={600} c="gray.8">
            {form.name}
          </Text>
        </Breadcrumbs>
        <Group gap="sm" align="center">
          <Title order={1} fz={26}>
            {form.name}
          </Title>
          <Badge variant="light" color="gray">
            {t('editor.version', { version: form.currentVersion })}
          </Badge>
        </Group>
        {form.description && (
          <Text size="sm" c="gray.7" style={{ whiteSpace: 'pre-wrap' }}>
            {form.description}
          </Text>
        )}
        <ShareableSwitch form={form} />
        {canManage && form.currentVersionLocked && (
          <Text size="sm" c="blue.8">
            {t('editor.locked', { version: form.currentVersion, next: form.currentVersion + 1 })}
          </Text>
        )}
      </Stack>
      <Group align="flex-start" gap="lg" wrap={phone ? 'wrap' : 'nowrap'}>
        {canManage && (
          <Paper withBorder radius="md" p="sm" w={phone ? '100%' : 220} style={{ flexShrink: 0 }}>
            <Text size="sm" fw={600} mb={6} id="add-field-label">
              {t('editor.addField')}
            </Text>
            <SimpleGrid cols={phone ? 2 : 1} spacing={6} role="group" aria-labelledby="add-field-label">
              {FIELD_KINDS.map((kind) => {
                const missing = dataTypes.isSuccess && !typeOf(kind);
                const button = (
                  <Button
                    key={kind}
                    variant="light"
                    justify="flex-start"
                    size="sm"
                    h="auto"
                    mih={36}
                    py={6}
                    disabled={!typeOf(kind)}
                    styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
                    onClick={() => setEditing({ kind })}
                  >
                    {t(`kinds.${kind}`)}
                  </Button>
                );
                return missing ? (
                  <Tooltip key={kind} label={t('editor.noDataType', { kind })}>
                    <span>{button}</span>
                  </Tooltip>
                ) : (
                  button
                );
              })}
            </SimpleGrid>
          </Paper>
        )}
        <Box style={{ flex: 1, minWidth: 0 }} w={phone ? '100%' : undefined}>
          <Tabs defaultValue="editor" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="editor">{t('editor.editorTab')}</Tabs.Tab>
              <Tabs.Tab value="preview">{t('editor.previewTab')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="editor" pt="md">
              <FieldList
                form={form}
                canManage={canManage}
                onEdit={(f) => setEditing({ kind: f.dataType.abbreviation, field: f })}
              />
            </Tabs.Panel>
            <Tabs.Panel value="preview" pt="md">
              <Paper withBorder radius="md" p="md" maw={720}>
                <Text size="xs" c="dimmed" mb="sm">
                  {t('editor.previewNote')}
                </Text>
                <DynamicForm
                  fields={fields}
                  answers={answers}
                  onChange={(id: number, v: Answer) => setAnswers((a) => ({ ...a, [id]: v }))}
                />
              </Paper>
            </Tabs.Panel>
          </Tabs>
        </Box>
      </Group>
      {canManage && editing && editingType && (
        <FieldEditor
          formId={form.id}
          kind={editing.kind}
          dataTypeId={editingType}
          field={editing.field}
          fieldCount={fields.length}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

/** The Editor tab: fields by ordinal; a field opens its editor; move up/down sends the whole new order. */
function FieldList({
  form,
  canManage,
  onEdit,
}: {
  form: FormWithFields;
  canManage: boolean;
  onEdit: (f: FieldDto) => void;
}) {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const order = useOrderFields(institution.id, protocol.id, form.id);
  const disable = useDisableField(institution.id, protocol.id, form.id);
  const { t } = useTranslation('forms');
  const fields = form.fields;
  if (!fields.length) {
    return (
      <Text size="sm" c="dimmed">
        {canManage ? t('editor.noFieldsManage') : t('editor.noFields')}
      </Text>
    );
  }
  const move = (i: number, by: number) => {
    const ids = fields.map((f) => f.id);
    [ids[i], ids[i + by]] = [ids[i + by], ids[i]];
    order.mutate({ fieldIds: ids });
  };
  const confirmDisable = (f: FieldDto) =>
    modals.openConfirmModal({
      title: t('editor.disableTitle'),
      children: <Text size="sm">{t('editor.disableBody', { prompt: f.prompt })}</Text>,
      labels: { confirm: t('editor.disableConfirm'), cancel: t('editor.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        disable.mutate(f.id, {
          onSuccess: () =>
            notifications.show({
              color: 'teal',
              message: t('editor.fieldDisabled', { prompt: f.prompt }),
              autoClose: 3000,
            }),
        }),
    });
  const busy = order.isPending || disable.isPending;
  return (
    <Stack gap="xs" role="list" aria-label={t('editor.fields')}>
      {fields.map((f, i) => (
        <Paper key={f.id} withBorder radius="md" p="sm" role="listitem">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap={6}>
                <Text size="sm" c="dimmed" w={28}>
                  {f.ordinal}.
                </Text>
                {canManage ? (
                  <Anchor component="button" type="button" size="sm" fw={600} ta="start" onClick={() => onEdit(f)}>
                    {f.prompt}
                  </Anchor>
                ) : (
                  <Text size="sm" fw={600}>
                    {f.prompt}
                  </Text>
                )}
                {f.required && (
                  <Badge size="xs" variant="light" color="red">
                    {t('editor.required')}
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed" ps={34}>
                {t(`kinds.${f.dataType.abbreviation}`)} · {f.responseTitle}
                {f.options.length > 0 && ` · ${f.options.map((o) => o.value).join(', ')}`}
                {f.hasValidation &&
                  f.regularExpression &&
                  ` · ${t('editor.pattern', { pattern: f.regularExpression })}`}
              </Text>
            </Stack>
            {canManage && (
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('editor.edit', { prompt: f.prompt })}
                  onClick={() => onEdit(f)}
                >
                  <IconPencil size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('editor.moveUp', { name: f.prompt })}
                  disabled={i === 0 || busy}
                  onClick={() => move(i, -1)}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('editor.moveDown', { name: f.prompt })}
                  disabled={i === fields.length - 1 || busy}
                  onClick={() => move(i, 1)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('editor.disable', { name: f.prompt })}
                  disabled={busy}
                  onClick={() => confirmDisable(f)}
                >
                  <IconEyeOff size={16} />
                </ActionIcon>
              </Group>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
