import { Button, Group, MultiSelect, NumberInput, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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
import { AnswerPicker } from './answer-picker';

// The criteria tree as a person builds it (issue 32 item 4): groups of criteria joined by 'all of' (AND) or
// 'any of' (OR), nested up to MAX_QUERY_DEPTH levels. Every control is a labelled Mantine input: Tab moves
// through them, arrows choose in the selects.

const FIELDS: readonly CriterionField[] = [
  'age',
  'gender',
  'vitalStatus',
  'consentPurposes',
  'specimenType',
  'remainingQuantity',
  'collectedDate',
  'lineage',
  'inStorage',
  'labResult',
  'answer',
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
  const { t } = useTranslation('research');
  return (
    <>
      <NumberInput
        label={t('criteria.from', { label })}
        value={min ?? ''}
        onChange={(v) => onChange({ min: numberOrNull(v), max: max ?? null })}
        w={130}
      />
      <NumberInput
        label={t('criteria.to', { label })}
        value={max ?? ''}
        onChange={(v) => onChange({ min: min ?? null, max: numberOrNull(v) })}
        w={130}
      />
    </>
  );
}

/** The inputs of one criterion, by its field. */
function CriterionInputs({ c, onChange }: { c: Criterion; onChange: (c: Criterion) => void }) {
  const { t } = useTranslation('research');
  switch (c.field) {
    case 'age':
      return <Range label={t('criteria.age')} min={c.min} max={c.max} onChange={(r) => onChange({ ...c, ...r })} />;
    case 'gender':
      return (
        <IdsPicker
          segment="genders"
          label={t('criteria.genders')}
          ids={c.ids}
          onChange={(ids) => onChange({ ...c, ids })}
        />
      );
    case 'vitalStatus':
      return (
        <IdsPicker
          segment="vitalStatuses"
          label={t('criteria.vitalStatuses')}
          ids={c.ids}
          onChange={(ids) => onChange({ ...c, ids })}
        />
      );
    case 'consentPurposes':
      return (
        <IdsPicker
          segment="consentPurposes"
          label={t('criteria.purposes')}
          ids={c.ids}
          onChange={(ids) => onChange({ ...c, ids })}
        />
      );
    case 'specimenType':
      return (
        <IdsPicker
          segment="specimenTypes"
          label={t('criteria.specimenTypes')}
          ids={c.ids}
          onChange={(ids) => onChange({ ...c, ids })}
        />
      );
    case 'remainingQuantity':
      return (
        <>
          <Range label={t('criteria.quantity')} min={c.min} max={c.max} onChange={(r) => onChange({ ...c, ...r })} />
          <OneId
            segment="unitOfMeasurements"
            label={t('criteria.unit')}
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
            label={t('criteria.collectedFrom')}
            value={c.from ?? ''}
            onChange={(ev) => onChange({ ...c, from: ev.currentTarget.value || null })}
          />
          <TextInput
            type="date"
            label={t('criteria.collectedTo')}
            value={c.to ?? ''}
            onChange={(ev) => onChange({ ...c, to: ev.currentTarget.value || null })}
          />
        </>
      );
    case 'lineage':
      return (
        <MultiSelect
          label={t('criteria.lineagesLabel')}
          data={LINEAGES.map((l) => ({ value: l, label: t(`criteria.lineages.${l}`) }))}
          value={c.values}
          onChange={(v) => onChange({ ...c, values: LINEAGES.filter((l) => v.includes(l)) })}
          miw={200}
        />
      );
    case 'inStorage':
      return (
        <Select
          label={t('criteria.stored')}
          data={[
            { value: 'yes', label: t('criteria.inBox') },
            { value: 'no', label: t('criteria.notStored') },
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
            label={t('criteria.test')}
            id={c.testId || null}
            onChange={(id) => onChange({ ...c, testId: id ?? 0 })}
          />
          <Range label={t('criteria.value')} min={c.min} max={c.max} onChange={(r) => onChange({ ...c, ...r })} />
          <Select
            label={t('criteria.flag')}
            data={(['any', 'L', 'H', 'normal'] as const).map((f) => ({ value: f, label: t(`criteria.flags.${f}`) }))}
            value={c.flag ?? 'any'}
            onChange={(v) => onChange({ ...c, flag: v === 'L' || v === 'H' || v === 'normal' ? v : null })}
            allowDeselect={false}
            w={140}
          />
        </>
      );
    case 'answer':
      return <AnswerPicker c={c} onChange={onChange} />;
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
  const { t } = useTranslation('research');
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label={t('criteria.field')}
        data={FIELDS.map((f) => ({ value: f, label: t(`criteria.fields.${f}`) }))}
        value={c.field}
        onChange={(v) => {
          const f = FIELDS.find((x) => x === v);
          if (f) onChange(blankCriterion(f));
        }}
        allowDeselect={false}
        w={220}
      />
      <CriterionInputs c={c} onChange={onChange} />
      <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={onRemove}>
        {t('criteria.remove')}
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
  const { t } = useTranslation('research');
  return (
    <Paper withBorder p="sm" radius="md" bg={depth % 2 ? undefined : 'gray.0'}>
      <Stack gap="sm">
        <Group gap="sm" align="flex-end">
          <Select
            label={depth === 1 ? t('criteria.samplesMatching') : t('criteria.groupMatching')}
            data={[
              { value: 'and', label: t('criteria.all') },
              { value: 'or', label: t('criteria.any') },
            ]}
            value={group.op}
            onChange={(v) => onChange({ ...group, op: v === 'or' ? 'or' : 'and' })}
            allowDeselect={false}
            w={180}
          />
          {onRemove && (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={onRemove}>
              {t('criteria.removeGroup')}
            </Button>
          )}
        </Group>
        {group.items.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('criteria.addCriterion')}
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
            {t('criteria.add')}
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
              {t('criteria.addGroup')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
