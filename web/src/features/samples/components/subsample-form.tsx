import { useMemo } from 'react';
import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
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
          message: `${s.kind === 'aliquot' ? 'Aliquot' : 'Derivative'} ${s.sampleId} created from ${parent.sampleId}.`,
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
  const amountHint = converted !== null ? `= ${amountText(converted, parent)} from the parent` : undefined;
  const unitHint = !aliquot
    ? undefined
    : aliquotUnits.length > 1
      ? `A unit of the parent's type, converted into ${unitSymbol || 'its unit'}`
      : "The parent's unit (set conversion factors in Configuration > Unit Of Measurement to use another)";

  return (
    <FullScreenForm
      title="Create Sub-sample"
      opened
      onClose={onClose}
      onSubmit={submit}
      submitting={create.isPending}
      error={problemTitle(create.error)}
      guard={guard}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Parent Sample Id" value={parent.sampleId} readOnly variant="filled" />
          <TextInput
            label="Remaining Amount"
            value={amountText(parent.remainingAmount, parent)}
            readOnly
            variant="filled"
          />
        </SimpleGrid>
        <TextInput label="Sample Id" description="Leave empty to generate one" {...form.getInputProps('sampleId')} />
        <Select
          label="Sub Sample Lineage"
          withAsterisk
          data={lineages.options}
          data-autofocus
          placeholder={lineages.isPending ? 'Loading…' : 'Aliquot or Derived'}
          {...form.getInputProps('subSampleLineageId')}
          onChange={chooseLineage}
        />
        {form.values.subSampleLineageId !== null && (
          <Text size="sm" c="gray.7">
            {aliquot
              ? `An aliquot is part of ${parent.sampleId}: same specimen type; its amount (converted into ${unitSymbol || "the parent's unit"} when its unit differs) is taken from the parent.`
              : `A derivative is new material with its own type, amount and unit; only the parent amount used is taken from ${parent.sampleId}.`}
          </Text>
        )}
        <Select
          label="Specimen Type"
          withAsterisk
          searchable
          data={types.options}
          readOnly={aliquot}
          variant={aliquot ? 'filled' : 'default'}
          description={aliquot ? "An aliquot keeps the parent's specimen type" : undefined}
          placeholder={types.isPending ? 'Loading…' : 'Search a specimen type'}
          {...form.getInputProps('specimenTypeId')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberField
            label="Collected Amount"
            withAsterisk
            description={amountHint}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('collectedAmount')}
          />
          <Select
            label="Unit Of Measurement"
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
            label="Parent Amount Used"
            description={`Taken from ${parent.sampleId}, in its unit (${unitSymbol || parent.unitOfMeasurement.unitName}); empty: none`}
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
