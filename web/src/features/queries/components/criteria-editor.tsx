import { Button, Group, MultiSelect, NumberInput, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  isGroup,
  LINEAGES,
  MAX_GROUP_ITEMS,
  MAX_QUERY_DEPTH,
  type CriteriaGroup,
  type Criterion,
  type CriterionField,
} from '@contract/queries.contract';
import { useLookupOptions } from '@/lib/lookup-options';

// The criteria tree as a person builds it (issue 32 item 4): groups of criteria joined by 'all of' (AND) or
// 'any of' (OR), nested up to MAX_QUERY_DEPTH levels. Every control is a labelled Mantine input: Tab moves
// through them, arrows choose in the selects.

const FIELDS: { value: CriterionField; label: string }[] = [
  { value: 'age', label: 'Age at collection' },
  { value: 'gender', label: 'Gender' },
  { value: 'vitalStatus', label: 'Vital status' },
  { value: 'consentPurposes', label: 'Consent purposes granted' },
  { value: 'specimenType', label: 'Specimen type' },
  { value: 'remainingQuantity', label: 'Remaining quantity' },
  { value: 'collectedDate', label: 'Collection date' },
  { value: 'lineage', label: 'Lineage' },
  { value: 'inStorage', label: 'In storage' },
  { value: 'labResult', label: 'Lab result' },
  { value: 'answer', label: 'Questionnaire answer' },
];

/** A new criterion of a field, with nothing chosen yet. */
export function blankCriterion(field: CriterionField): Criterion {
  switch (field) {
    case 'age':
      return { field, min: null, max: null };
    case 'gender':
    case 'vitalStatus':
    case 'consentPurposes':
    case 'specimenType':
      return { field, ids: [] };
    case 'remainingQuantity':
      return { field, min: null, max: null, unitId: null };
    case 'collectedDate':
      return { field, from: null, to: null };
    case 'lineage':
      return { field, values: ['primary'] };
    case 'inStorage':
      return { field, value: true };
    case 'labResult':
      return { field, testId: 0, min: null, max: null, flag: null };
    case 'answer':
      return { field, formFieldId: 0, value: '' };
  }
}

export const emptyTree = (): CriteriaGroup => ({ op: 'and', items: [blankCriterion('specimenType')] });

const numberOrNull = (v: string | number) => (typeof v === 'number' ? v : null);
const idsOf = (values: string[]) => values.map(Number);

function IdsPicker({
  segment,
  label,
  ids,
  onChange,
}: {
  segment: string;
  label: string;
  ids: number[];
  onChange: (ids: number[]) => void;
}) {
  const { options } = useLookupOptions(segment);
  return (
    <MultiSelect
      label={label}
      data={options}
      value={ids.map(String)}
      onChange={(v) => onChange(idsOf(v))}
      searchable
      miw={220}
      style={{ flex: 1 }}
    />
  );
}

function OneId({
  segment,
  label,
  id,
  onChange,
}: {
  segment: string;
  label: string;
  id: number | null;
  onChange: (id: number | null) => void;
}) {
  const { options } = useLookupOptions(segment);
  return (
    <Select
      label={label}
      data={options}
      value={id ? String(id) : null}
      onChange={(v) => onChange(v ? Number(v) : null)}
      searchable
      clearable
      miw={180}
    />
  );
}

function Range({
  label,
  min,
  max,
  onChange,
}: {
  label: string;
  min: number | null | undefined;
  max: number | null | undefined;
  onChange: (r: { min: number | null; max: number | null }) => void;
}) {
  return (
    <>
      <NumberInput
        label={`${label} from`}
        value={min ?? ''}
        onChange={(v) => onChange({ min: numberOrNull(v), max: max ?? null })}
        w={130}
      />
      <NumberInput
        label={`${label} to`}
        value={max ?? ''}
        onChange={(v) => onChange({ min: min ?? null, max: numberOrNull(v) })}
        w={130}
      />
    </>
  );
}

/** The inputs of one criterion, by its field. */
function CriterionInputs({ c, onChange }: { c: Criterion; onChange: (c: Criterion) => void }) {
  switch (c.field) {
    case 'age':
      return <Range label="Age" min={c.min} max={c.max} onChange={(r) => onChange({ ...c, ...r })} />;
    case 'gender':
      return <IdsPicker segment="genders" label="Genders" ids={c.ids} onChange={(ids) => onChange({ ...c, ids })} />;
    case 'vitalStatus':
      return (
        <IdsPicker
          segment="vitalStatuses"
          label="Vital statuses"
          ids={c.ids}
          onChange={(ids) => onChange({ ...c, ids })}
        />
      );
    case 'consentPurposes':
      return (
        <IdsPicker
          segment="consentPurposes"
          label="Every one of these purposes"
          ids={c.ids}
          onChange={(ids) => onChange({ ...c, ids })}
        />
      );
    case 'specimenType':
      return (
        <IdsPicker
          segment="specimenTypes"
          label="Specimen types"
          ids={c.ids}
          onChange={(ids) => onChange({ ...c, ids })}
        />
      );
    case 'remainingQuantity':
      return (
        <>
          <Range label="Quantity" min={c.min} max={c.max} onChange={(r) => onChange({ ...c, ...r })} />
          <OneId
            segment="unitOfMeasurements"
            label="Unit"
            id={c.unitId ?? null}
            onChange={(unitId) => onChange({ ...c, unitId })}
          />
        </>
      );
    case 'collectedDate':
      return (
        <>
          <TextInput
            type="date"
            label="Collected from"
            value={c.from ?? ''}
            onChange={(ev) => onChange({ ...c, from: ev.currentTarget.value || null })}
          />
          <TextInput
            type="date"
            label="Collected to"
            value={c.to ?? ''}
            onChange={(ev) => onChange({ ...c, to: ev.currentTarget.value || null })}
          />
        </>
      );
    case 'lineage':
      return (
        <MultiSelect
          label="Lineages"
          data={LINEAGES.map((l) => ({ value: l, label: l.charAt(0).toUpperCase() + l.slice(1) }))}
          value={c.values}
          onChange={(v) => onChange({ ...c, values: LINEAGES.filter((l) => v.includes(l)) })}
          miw={200}
        />
      );
    case 'inStorage':
      return (
        <Select
          label="Stored"
          data={[
            { value: 'yes', label: 'In a storage box' },
            { value: 'no', label: 'Not in storage' },
          ]}
          value={c.value ? 'yes' : 'no'}
          onChange={(v) => onChange({ ...c, value: v !== 'no' })}
          allowDeselect={false}
        />
      );
    case 'labResult':
      return (
        <>
          <OneId
            segment="tests"
            label="Test"
            id={c.testId || null}
            onChange={(id) => onChange({ ...c, testId: id ?? 0 })}
          />
          <Range label="Value" min={c.min} max={c.max} onChange={(r) => onChange({ ...c, ...r })} />
          <Select
            label="Flag"
            data={[
              { value: 'any', label: 'Any' },
              { value: 'L', label: 'Low' },
              { value: 'H', label: 'High' },
              { value: 'normal', label: 'Not flagged' },
            ]}
            value={c.flag ?? 'any'}
            onChange={(v) => onChange({ ...c, flag: v === 'L' || v === 'H' || v === 'normal' ? v : null })}
            allowDeselect={false}
            w={140}
          />
        </>
      );
    case 'answer':
      return (
        <>
          <NumberInput
            label="Question field number"
            value={c.formFieldId || ''}
            onChange={(v) => onChange({ ...c, formFieldId: typeof v === 'number' ? v : 0 })}
            w={170}
          />
          <TextInput
            label="Answer"
            value={c.value}
            onChange={(ev) => onChange({ ...c, value: ev.currentTarget.value })}
          />
        </>
      );
  }
}

function CriterionRow({
  c,
  onChange,
  onRemove,
}: {
  c: Criterion;
  onChange: (c: Criterion) => void;
  onRemove: () => void;
}) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label="Field"
        data={FIELDS}
        value={c.field}
        onChange={(v) => {
          const f = FIELDS.find((x) => x.value === v);
          if (f) onChange(blankCriterion(f.value));
        }}
        allowDeselect={false}
        w={220}
      />
      <CriterionInputs c={c} onChange={onChange} />
      <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={onRemove}>
        Remove
      </Button>
    </Group>
  );
}

/** A group and everything in it; `depth` 1 is the whole query. */
export function GroupEditor({
  group,
  onChange,
  onRemove,
  depth = 1,
}: {
  group: CriteriaGroup;
  onChange: (g: CriteriaGroup) => void;
  onRemove?: () => void;
  depth?: number;
}) {
  const setItem = (i: number, item: Criterion | CriteriaGroup) =>
    onChange({ ...group, items: group.items.map((x, j) => (j === i ? item : x)) });
  const remove = (i: number) => onChange({ ...group, items: group.items.filter((_, j) => j !== i) });
  const full = group.items.length >= MAX_GROUP_ITEMS;
  return (
    <Paper withBorder p="sm" radius="md" bg={depth % 2 ? undefined : 'gray.0'}>
      <Stack gap="sm">
        <Group gap="sm" align="flex-end">
          <Select
            label={depth === 1 ? 'Samples matching' : 'Group matching'}
            data={[
              { value: 'and', label: 'All of these' },
              { value: 'or', label: 'Any of these' },
            ]}
            value={group.op}
            onChange={(v) => onChange({ ...group, op: v === 'or' ? 'or' : 'and' })}
            allowDeselect={false}
            w={180}
          />
          {onRemove && (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={onRemove}>
              Remove group
            </Button>
          )}
        </Group>
        {group.items.length === 0 && (
          <Text size="sm" c="dimmed">
            Add a criterion.
          </Text>
        )}
        {group.items.map((item, i) =>
          isGroup(item) ? (
            <GroupEditor
              key={i}
              group={item}
              depth={depth + 1}
              onChange={(g) => setItem(i, g)}
              onRemove={() => remove(i)}
            />
          ) : (
            <CriterionRow key={i} c={item} onChange={(c) => setItem(i, c)} onRemove={() => remove(i)} />
          ),
        )}
        <Group gap="sm">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={full}
            onClick={() => onChange({ ...group, items: [...group.items, blankCriterion('specimenType')] })}
          >
            Add criterion
          </Button>
          {depth < MAX_QUERY_DEPTH && (
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              disabled={full}
              onClick={() =>
                onChange({
                  ...group,
                  items: [...group.items, { op: group.op === 'and' ? 'or' : 'and', items: [blankCriterion('gender')] }],
                })
              }
            >
              Add group
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
