import { useMemo } from 'react';
import { Divider, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { RequirementInput, type ProtocolEvent } from '@contract/protocol-events.contract';
import { FullScreenForm } from '@/components/full-screen-form';
import { LimitedTextInput } from '@/components/limited-text-input';
import { NumberField } from '@/components/number-field';
import { code2 } from '@contract/protocols.contract';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { useLookupOptions } from '@/lib/lookup-options';
import { useCurrentInstitution } from '@/lib/session-context';
import { formChanged, useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { useCurrentProtocol } from '@/lib/protocol-context';
import { useCreateRequirement } from '../api/events';
import { overflowText, plannedOverflows, TreeBuilder, type ItemValues } from './tree-builder';
import { isAliquotTitle } from '@/lib/tree-quantities';
import { useTranslation } from 'react-i18next';
import { namedByKind } from '../components/done-text';

type Values = {
  title: string;
  code: string;
  initialQuantity: number | string;
  unitOfMeasurementId: string | null;
  specimenTypeId: string | null;
  anatomicSiteId: string | null;
  pathologicalStatusId: string | null;
  specimenCollectionProcedureId: string | null;
  items: ItemValues[];
};

const initialValues: Values = {
  title: '',
  code: '',
  initialQuantity: 0,
  unitOfMeasurementId: null,
  specimenTypeId: null,
  anatomicSiteId: null,
  pathologicalStatusId: null,
  specimenCollectionProcedureId: null,
  items: [],
};

const validateContract = contractResolver(RequirementInput);

/**
 * 'Create Event Specimen Requirement' (spec 2 §3, §5) for one event, with its child items built inline and saved
 * with it in one POST (all saved or nothing). Rules and messages are the contract's; the aliquot rule is
 * checked here first and again by the server.
 */
export function RequirementForm({ event, onClose }: { event: ProtocolEvent; onClose: () => void }) {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const units = useLookupOptions('unitOfMeasurements');
  const types = useLookupOptions('specimenTypes');
  const anatomic = useLookupOptions('anatomicSites');
  const pathological = useLookupOptions('pathologicalStatuses');
  const procedures = useLookupOptions('specimenCollectionProcedures');
  const lineages = useLookupOptions('subSampleLineages');
  const aliquotIds = useMemo(
    () => new Set(lineages.rows.filter((r) => isAliquotTitle(r.title)).map((r) => String(r.id))),
    [lineages.rows],
  );
  const create = useCreateRequirement(institution.id, protocol.id, event.id);
  const { t } = useTranslation('protocols');
  const { t: tc } = useTranslation('common');

  const form = useForm<Values>({
    initialValues,
    validate: (values) => {
      const errors = validateContract(values);
      for (const o of plannedOverflows(values, aliquotIds))
        errors[`aliquots.${o.parentKey ?? 'root'}`] = overflowText(o, values, t);
      return errors;
    },
  });
  const guard = useUnsavedChangesGuard(formChanged(form));
  const unitSymbol = units.rows.find((u) => String(u.id) === form.values.unitOfMeasurementId)?.unitSymbol as
    string | undefined;

  const submit = form.onSubmit((v) =>
    create.mutate(RequirementInput.parse({ ...v, collectionProtocolEventId: event.id }), {
      onSuccess: (saved) => {
        notifications.show({
          color: 'teal',
          message: t(
            namedByKind(saved.title, 'Specimen requirement')
              ? 'requirementForm.created_named'
              : 'requirementForm.created',
            {
              name: saved.title,
            },
          ),
          autoClose: 3000,
        });
        guard.release();
        onClose();
      },
      onError: (error) => form.setErrors(serverFormErrors(error).fields),
    }),
  );
  // A required picker says what to choose; an optional one says so.
  const picker = (label: string, list: typeof units, field: keyof Values, choose?: string) => (
    <Select
      label={label}
      withAsterisk={!!choose}
      data={list.options}
      searchable
      clearable={!choose}
      placeholder={list.isPending ? tc('loadingEllipsis') : (choose ?? t('requirementForm.optional'))}
      {...form.getInputProps(field)}
    />
  );

  return (
    <FullScreenForm
      title={t('requirementForm.title')}
      opened
      onClose={onClose}
      guard={guard}
      width={800}
      onSubmit={submit}
      submitting={create.isPending}
      error={serverFormErrors(create.error).title}
    >
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          {t('requirementForm.forEvent', { label: event.label, code: event.eventCode })}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('requirementForm.titleField')}
            withAsterisk
            data-autofocus
            autoComplete="off"
            {...form.getInputProps('title')}
          />
          <LimitedTextInput
            rule={code2}
            label={t('requirementForm.code')}
            withAsterisk
            placeholder={t('requirementForm.codePlaceholder')}
            {...form.getInputProps('code')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberField
            label={t('requirementForm.initialQuantity')}
            withAsterisk
            {...form.getInputProps('initialQuantity')}
          />
          {picker(t('requirementForm.unit'), units, 'unitOfMeasurementId', t('requirementForm.chooseUnit'))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {picker(t('requirementForm.specimenType'), types, 'specimenTypeId', t('requirementForm.chooseSpecimenType'))}
          {picker(t('requirementForm.anatomicSite'), anatomic, 'anatomicSiteId')}
          {picker(t('requirementForm.pathologicalStatus'), pathological, 'pathologicalStatusId')}
          {picker(t('requirementForm.procedure'), procedures, 'specimenCollectionProcedureId')}
        </SimpleGrid>
        <Divider my="xs" />
        <TreeBuilder
          form={form}
          lineages={lineages.options}
          aliquotIds={aliquotIds}
          types={types.options}
          unitSymbol={unitSymbol ?? null}
        />
      </Stack>
    </FullScreenForm>
  );
}
