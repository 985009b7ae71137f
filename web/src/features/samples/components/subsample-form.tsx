import { useMemo } from 'react';
import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { MSG } from '@contract/messages';
import { parseTypedNumber } from '@contract/common.contract';
import { SampleInput, type CollectedSample } from '@contract/samples.contract';
import { FullScreenForm } from '@/components/full-screen-form';
import { NumberField } from '@/components/number-field';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { useLookupOptions } from '@/lib/lookup-options';
import { useCurrentInstitution } from '@/lib/session-context';
import { formChanged, useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { isAliquotTitle } from '@/lib/tree-quantities';
import { useCurrentProtocol } from '@/lib/protocol-context';
import { aliquotUnitOptions, amountInParentUnit } from './aliquot-units';
import { amountText, problemTitle } from './sample-format';
import { useCreateSample } from '../api/samples';

type Values = {
  isSubSample: true;
  parentSampleId: number;
  sampleId: string;
  subSampleLineageId: string | null;
  specimenTypeId: string | null;
  collectedAmount: number | string;
  unitOfMeasurementId: string | null;
  parentAmountUsed: number | string;
};

const validateContract = contractResolver(SampleInput);
/** An empty optional amount is no amount; an empty collected amount says '*required' rather than 'Must be a number'. */
const clean = (v: Values) => ({ ...v, parentAmountUsed: v.parentAmountUsed === '' ? undefined : v.parentAmountUsed });
const validate = (v: Values) => {
  const errors = validateContract(clean(v));
  if (v.collectedAmount === '') errors.collectedAmount = MSG.required;
  return errors;
};

/**
 * spec 2 §2 "Sub-sample full-screen form" with the ledger's rules (docs/samples.md): an aliquot is part of
 * the parent (its type, a unit that converts into the parent's, its amount drawn from the parent); a derivative is new material with its
 * own type, amount and unit, and draws the 'Parent Amount Used'. An overdraw shows the server's title.
 */
export function SubSampleForm({
  parent,
  onClose,
  onCreated,
}: {
  parent: CollectedSample;
  onClose: () => void;
  onCreated: () => void;
}) {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const lineages = useLookupOptions('subSampleLineages');
  const types = useLookupOptions('specimenTypes');
  const units = useLookupOptions('unitOfMeasurements');
  const create = useCreateSample(institution.id, protocol.id);
  const aliquotIds = useMemo(
    () => new Set(lineages.rows.filter((r) => isAliquotTitle(r.title)).map((r) => String(r.id))),
    [lineages.rows],
  );
  const parentType = parent.specimenType ? String(parent.specimenType.id) : null;
  const parentUnit = String(parent.unitOfMeasurement.id);
  const form = useForm<Values>({
    initialValues: {
      isSubSample: true,
      parentSampleId: parent.id,
      sampleId: '',
      subSampleLineageId: null,
      specimenTypeId: parentType,
      collectedAmount: '',
      unitOfMeasurementId: parentUnit,
      parentAmountUsed: '',
    },
    validate,
  });
  const guard = useUnsavedChangesGuard(formChanged(form));
  const { t } = useTranslation('samples');
  const { t: tc } = useTranslation('common');
  const aliquot = aliquotIds.has(form.values.subSampleLineageId ?? '');
  const derivative = form.values.subSampleLineageId !== null && !aliquot;

  const chooseLineage = (value: string | null) => {
    form.setFieldValue('subSampleLineageId', value);
    if (aliquotIds.has(value ?? '')) {
      form.setFieldValue('specimenTypeId', parentType);
      form.setFieldValue('unitOfMeasurementId', parentUnit);
      form.setFieldValue('parentAmountUsed', '');
    }
  };

  const submit = form.onSubmit((values) => {
    const body = SampleInput.parse(clean({ ...values, parentAmountUsed: derivative ? values.parentAmountUsed : '' }));
    create.mutate(body, {
      onSuccess: (s) => {
        notifications.show({
          color: 'teal',
          message: t(s.kind === 'aliquot' ? 'subSample.created_aliquot' : 'subSample.created_derivative', {
            sampleId: s.sampleId,
            parent: parent.sampleId,
          }),
          autoClose: 3000,
        });
        guard.release();
        onCreated();
      },
      onError: (error) => form.setErrors(serverFormErrors(error).fields),
    });
  });
  const unitSymbol = parent.unitOfMeasurement.unitSymbol ?? '';
  const aliquotUnits = useMemo(
    () => aliquotUnitOptions(units.rows, units.options, parent.unitOfMeasurement.id),
    [units.rows, units.options, parent.unitOfMeasurement.id],
  );
  // The hint reads the amount as the contract will (typedNumber): no hint for text it refuses.
  const amount = parseTypedNumber(String(form.values.collectedAmount));
  const chosenUnit = Number(form.values.unitOfMeasurementId);
  const converted =
    aliquot && amount !== null && chosenUnit && chosenUnit !== parent.unitOfMeasurement.id
      ? amountInParentUnit(units.rows, amount, chosenUnit, parent.unitOfMeasurement.id)
      : null;
  const amountHint =
    converted !== null ? t('subSample.fromParent', { amount: amountText(converted, parent) }) : undefined;
  const unitHint = !aliquot
    ? undefined
    : aliquotUnits.length > 1
      ? t('subSample.unitHintConvert', { unit: unitSymbol || t('subSample.itsUnit') })
      : t('subSample.unitHintParent');

  return (
    <FullScreenForm
      title={t('detail.createSubSample')}
      opened
      onClose={onClose}
      onSubmit={submit}
      submitting={create.isPending}
      error={problemTitle(create.error)}
      guard={guard}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t('subSample.parentSampleId')} value={parent.sampleId} readOnly variant="filled" />
          <TextInput
            label={t('detail.remainingAmount')}
            value={amountText(parent.remainingAmount, parent)}
            readOnly
            variant="filled"
          />
        </SimpleGrid>
        <TextInput
          label={t('form.sampleId')}
          description={t('form.sampleIdHint')}
          {...form.getInputProps('sampleId')}
        />
        <Select
          label={t('subSample.lineage')}
          withAsterisk
          data={lineages.options}
          data-autofocus
          placeholder={lineages.isPending ? tc('loadingEllipsis') : t('subSample.lineagePlaceholder')}
          {...form.getInputProps('subSampleLineageId')}
          onChange={chooseLineage}
        />
        {form.values.subSampleLineageId !== null && (
          <Text size="sm" c="gray.7">
            {aliquot
              ? t('subSample.aliquotExplain', {
                  parent: parent.sampleId,
                  unit: unitSymbol || t('subSample.theParentsUnit'),
                })
              : t('subSample.derivativeExplain', { parent: parent.sampleId })}
          </Text>
        )}
        <Select
          label={t('form.specimenType')}
          withAsterisk
          searchable
          data={types.options}
          readOnly={aliquot}
          variant={aliquot ? 'filled' : 'default'}
          description={aliquot ? t('subSample.keepsType') : undefined}
          placeholder={types.isPending ? tc('loadingEllipsis') : t('form.searchType')}
          {...form.getInputProps('specimenTypeId')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberField
            label={t('form.amount')}
            withAsterisk
            description={amountHint}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('collectedAmount')}
          />
          <Select
            label={t('form.unit')}
            searchable
            allowDeselect={false}
            data={aliquot ? aliquotUnits : units.options}
            readOnly={!derivative && !(aliquot && aliquotUnits.length > 1)}
            variant={derivative || (aliquot && aliquotUnits.length > 1) ? 'default' : 'filled'}
            description={unitHint}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('unitOfMeasurementId')}
          />
        </SimpleGrid>
        {derivative && (
          <NumberField
            label={t('subSample.parentAmountUsed')}
            description={t('subSample.parentAmountHint', {
              parent: parent.sampleId,
              unit: unitSymbol || parent.unitOfMeasurement.unitName,
            })}
            rightSection={
              unitSymbol ? (
                <Text size="xs" c="gray.7">
                  {unitSymbol}
                </Text>
              ) : undefined
            }
            {...form.getInputProps('parentAmountUsed')}
          />
        )}
      </Stack>
    </FullScreenForm>
  );
}
