import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  MAX_REQUEST_LINES,
  ResearchRequestInput,
  ResearchRequestUpdate,
  type ResearchRequest,
} from '@contract/requests.contract';
import { FullScreenForm } from '@/components/full-screen-form';
import { NumberField } from '@/components/number-field';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { useLookupOptions, type Option } from '@/lib/lookup-options';
import { useCurrentInstitution } from '@/lib/session-context';
import { formChanged, useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { useCreateRequest, useProtocolChoices, useSavedQueryChoices, useUpdateRequest } from '../api/requests';

interface LineValues {
  /** React's key for the row (never sent). */
  key: number;
  specimenTypeId: string | null;
  count: string;
  amount: string;
  unitId: string | null;
  note: string;
}
interface Values {
  distributionProtocolId: string | null;
  title: string;
  description: string;
  savedQueryId: string | null;
  lines: LineValues[];
  /** Not shown: the update sends it back (a stale one is 409). */
  concurrencyStamp: string;
}

let nextKey = 1;
const emptyLine = (): LineValues => ({
  key: nextKey++,
  specimenTypeId: null,
  count: '',
  amount: '',
  unitId: null,
  note: '',
});

const valuesOf = (r?: ResearchRequest): Values => ({
  distributionProtocolId: r ? String(r.distributionProtocolId) : null,
  title: r?.title ?? '',
  description: r?.description ?? '',
  savedQueryId: r?.savedQueryId ? String(r.savedQueryId) : null,
  lines: (r?.lines ?? []).map((l) => ({
    key: nextKey++,
    specimenTypeId: String(l.specimenTypeId),
    count: String(l.count),
    amount: l.amount == null ? '' : String(l.amount),
    unitId: l.unitId == null ? null : String(l.unitId),
    note: l.note ?? '',
  })),
  concurrencyStamp: r?.concurrencyStamp ?? '',
});

/** The values as the API takes them: an empty amount or unit is none (the contract then asks for both or neither). */
const bodyOf = (v: Values) => ({
  distributionProtocolId: v.distributionProtocolId ?? '',
  title: v.title,
  description: v.description,
  savedQueryId: v.savedQueryId,
  lines: v.lines.map((l) => ({
    specimenTypeId: l.specimenTypeId ?? '',
    count: l.count,
    amount: l.amount.trim() === '' ? null : l.amount,
    unitId: l.unitId,
    note: l.note,
  })),
  concurrencyStamp: v.concurrencyStamp,
});

/** The contract's rules on the values as sent, plus: a request names what it asks for (a query, or criteria). */
function validatorOf(update: boolean, needSomething: string) {
  const resolve = contractResolver(
    (update ? ResearchRequestUpdate : ResearchRequestInput).superRefine((r, ctx) => {
      if (r.savedQueryId == null && r.lines.length === 0)
        ctx.addIssue({ code: 'custom', path: ['savedQueryId'], message: needSomething });
    }),
  );
  // The body's paths are the form's (lines.0.amount), so each message lands under its field.
  return (v: Values) => resolve(bodyOf(v));
}

/** Keep what the request already names when it is no longer offered (a disabled protocol or query). */
const withKept = (options: Option[], kept: Option | null) =>
  kept && !options.some((o) => o.value === kept.value) ? [...options, kept] : options;

interface Props {
  request?: ResearchRequest;
  onClose: () => void;
  onSaved: (request: ResearchRequest) => void;
}

/**
 * Draft or edit a research request (issue 32 item 5): the distribution protocol it is made under, a title, its
 * purpose, and what it asks for: a saved query of the query builder, specimen criteria with counts, or both.
 */
export function RequestForm({ request, onClose, onSaved }: Props) {
  const { t } = useTranslation('requests');
  const { institution } = useCurrentInstitution();
  const create = useCreateRequest(institution.id);
  const update = useUpdateRequest(institution.id, request?.id ?? 0);
  const save = request ? update : create;
  const protocols = useProtocolChoices(institution.id);
  const queries = useSavedQueryChoices(institution.id);
  const types = useLookupOptions('specimenTypes');
  const units = useLookupOptions('unitOfMeasurements');
  const form = useForm<Values>({
    initialValues: valuesOf(request),
    validate: validatorOf(!!request, t('form.needSomething')),
  });
  const guard = useUnsavedChangesGuard(formChanged(form));

  const protocolOptions = withKept(
    (protocols.data?.items ?? []).map((p) => ({ value: String(p.id), label: p.title })),
    request ? { value: String(request.distributionProtocolId), label: request.distributionProtocol.title } : null,
  );
  const queryOptions = withKept(
    (queries.data?.items ?? []).map((q) => ({ value: String(q.id), label: q.name })),
    request?.savedQuery ? { value: String(request.savedQuery.id), label: request.savedQuery.name } : null,
  );

  const submit = form.onSubmit((v) => {
    const body = bodyOf(v);
    const done = {
      onSuccess: (saved: ResearchRequest) => {
        notifications.show({
          color: 'teal',
          message: t(request ? 'form.updated' : 'form.created', { title: saved.title }),
          autoClose: 3000,
        });
        guard.release();
        onSaved(saved);
      },
      onError: (error: unknown) => form.setErrors(serverFormErrors(error).fields),
    };
    if (request) update.mutate(body, done);
    else create.mutate(body, done);
  });

  return (
    <FullScreenForm
      title={request ? t('form.updateTitle') : t('form.createTitle')}
      opened
      onClose={onClose}
      guard={guard}
      onSubmit={submit}
      submitting={save.isPending}
      error={serverFormErrors(save.error).title}
      width={860}
    >
      <Stack gap="sm">
        <Select
          label={t('form.protocol')}
          description={t('form.protocolHint')}
          withAsterisk
          searchable
          data={protocolOptions}
          placeholder={protocols.isPending ? t('form.loading') : t('form.choose')}
          nothingFoundMessage={t('form.noMatch')}
          data-autofocus
          {...form.getInputProps('distributionProtocolId')}
        />
        <TextInput label={t('form.title')} withAsterisk autoComplete="off" {...form.getInputProps('title')} />
        <Textarea
          label={t('form.description')}
          description={t('form.descriptionHint')}
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('description')}
        />
        <Paper withBorder p="md" radius="md" component="fieldset" style={{ margin: 0 }}>
          <Text component="legend" fw={600} size="sm" px={4}>
            {t('form.what')}
          </Text>
          <Stack gap="sm">
            <Text size="sm" c="gray.7">
              {t('form.whatHint')}
            </Text>
            <Select
              label={t('form.savedQuery')}
              description={t('form.savedQueryHint')}
              searchable
              clearable
              data={queryOptions}
              placeholder={queries.isPending ? t('form.loading') : t('form.noQuery')}
              nothingFoundMessage={t('form.noMatch')}
              {...form.getInputProps('savedQueryId')}
            />
            <Text size="sm" fw={600}>
              {t('form.criteria')}
            </Text>
            {form.values.lines.length === 0 && (
              <Text size="sm" c="gray.7">
                {t('form.noCriteria')}
              </Text>
            )}
            {form.values.lines.map((line, i) => (
              <Paper
                key={line.key}
                withBorder
                p="sm"
                radius="sm"
                role="group"
                aria-label={t('form.line', { n: i + 1 })}
              >
                <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs">
                  <Select
                    label={t('form.specimenType')}
                    withAsterisk
                    searchable
                    data={types.options}
                    placeholder={t('form.choose')}
                    nothingFoundMessage={t('form.noMatch')}
                    {...form.getInputProps(`lines.${i}.specimenTypeId`)}
                  />
                  <NumberField label={t('form.count')} withAsterisk whole {...form.getInputProps(`lines.${i}.count`)} />
                  <NumberField label={t('form.amount')} {...form.getInputProps(`lines.${i}.amount`)} />
                  <Select
                    label={t('form.unit')}
                    searchable
                    clearable
                    data={units.options}
                    placeholder={t('form.choose')}
                    nothingFoundMessage={t('form.noMatch')}
                    {...form.getInputProps(`lines.${i}.unitId`)}
                  />
                </SimpleGrid>
                <Group gap="xs" align="flex-end" mt="xs" wrap="nowrap">
                  <TextInput
                    label={t('form.note')}
                    autoComplete="off"
                    style={{ flex: 1 }}
                    {...form.getInputProps(`lines.${i}.note`)}
                  />
                  <ActionIcon
                    variant="light"
                    color="red"
                    size="lg"
                    aria-label={t('form.removeLine', { n: i + 1 })}
                    onClick={() => form.removeListItem('lines', i)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Paper>
            ))}
            {form.values.lines.length < MAX_REQUEST_LINES && (
              <Group>
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} />}
                  onClick={() => {
                    form.insertListItem('lines', emptyLine());
                    // A criterion answers 'say what you ask for'.
                    form.clearFieldError('savedQueryId');
                  }}
                >
                  {t('form.addLine')}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      </Stack>
    </FullScreenForm>
  );
}
