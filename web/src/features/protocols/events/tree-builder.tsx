import { Alert, Button, Fieldset, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { Option } from '@/lib/lookup-options';
import { aliquotOverflows, asQuantity, type Overflow } from '@/lib/tree-quantities';
import classes from './events.module.css';
import { NumberField } from '@/components/number-field';
import { formatNumber } from '@/lib/format';

/** One planned child item: `key` is its place in the tree ('1', '1.2'), which is also the name the messages use. */
export type ItemValues = {
  key: string;
  parentKey: string | null;
  subSampleLineageId: string | null;
  specimenTypeId: string | null;
  initialQuantity: number | string;
};

/** The part of the requirement form the builder works on. */
export type TreeFormValues = {
  title: string;
  initialQuantity: number | string;
  specimenTypeId: string | null;
  items: ItemValues[];
};

/** A quantity as the server's sentence writes it: every decimal, no grouping (1500, 0,25 in French). */
const plain = (n: number) => formatNumber(n, { useGrouping: false, maximumFractionDigits: 6 });

/** An overflow in the screens' language, the server's sentence (`protocols.aliquots_exceed`). */
export const overflowText = (o: Overflow, values: TreeFormValues, t: TFunction<'protocols'>) =>
  t('tree.overflow', {
    parent:
      o.parentKey === null ? values.title.trim() || t('tree.theRequirement') : t('tree.itemRef', { key: o.parentKey }),
    total: plain(o.total),
    available: plain(o.available),
  });

/** Ids of the lineages titled Aliquot. */
export type AliquotIds = Set<string>;

/** The client's aliquot check over the planned tree (the server repeats it on save). */
export function plannedOverflows(values: TreeFormValues, aliquotIds: AliquotIds): Overflow[] {
  return aliquotOverflows(
    { quantity: asQuantity(values.initialQuantity), label: values.title.trim() || 'the requirement' },
    values.items.map((i) => ({
      key: i.key,
      parentKey: i.parentKey,
      aliquot: aliquotIds.has(i.subSampleLineageId ?? ''),
      quantity: asQuantity(i.initialQuantity),
    })),
  );
}

interface Props<V extends TreeFormValues> {
  form: UseFormReturnType<V>;
  lineages: Option[];
  aliquotIds: AliquotIds;
  types: Option[];
  unitSymbol: string | null;
}

/**
 * The inline tree builder of 'Create Event Specimen Requirement': child items to any depth (lineage, specimen type,
 * quantity), sent with the requirement in one POST as a flat list (key/parentKey, parents first).
 * Aliquots that together exceed their parent are named under that parent while typing.
 */
export function TreeBuilder<V extends TreeFormValues>({ form, lineages, aliquotIds, types, unitSymbol }: Props<V>) {
  // mantine-form types list paths loosely for generic values; the builder only touches `items`.
  const f = form as unknown as UseFormReturnType<TreeFormValues>;
  const { t } = useTranslation('protocols');
  const items = f.getValues().items;
  const overflows = plannedOverflows(f.getValues(), aliquotIds);
  const overflowOf = (parentKey: string | null) => overflows.find((o) => o.parentKey === parentKey);
  const defaultLineage = lineages.find((l) => aliquotIds.has(l.value))?.value ?? null;

  const addChild = (parentKey: string | null) => {
    const siblings = items.filter((i) => i.parentKey === parentKey).map((i) => Number(i.key.split('.').pop()));
    const n = Math.max(0, ...siblings) + 1;
    const parent = items.find((i) => i.key === parentKey);
    f.insertListItem('items', {
      key: parentKey ? `${parentKey}.${n}` : String(n),
      parentKey,
      subSampleLineageId: defaultLineage,
      specimenTypeId: parent?.specimenTypeId ?? f.getValues().specimenTypeId,
      initialQuantity: 0,
    } satisfies ItemValues);
  };
  const remove = (key: string) => {
    f.setFieldValue(
      'items',
      items.filter((i) => i.key !== key && !i.key.startsWith(`${key}.`)),
    );
    f.clearErrors();
  };

  const branch = (parentKey: string | null) =>
    items.map((item, index) => ({ item, index })).filter(({ item }) => item.parentKey === parentKey);
  const render = (parentKey: string | null) =>
    branch(parentKey).map(({ item, index }) => {
      const over = overflowOf(item.key);
      return (
        <div key={item.key} className={classes.builderItem}>
          <Fieldset
            legend={t('tree.item', { key: item.key })}
            variant="unstyled"
            p={0}
            styles={{ legend: { fontWeight: 600 } }}
          >
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
              <Select
                label={t('tree.lineage')}
                withAsterisk
                data={lineages}
                {...f.getInputProps(`items.${index}.subSampleLineageId`)}
              />
              <Select
                label={t('tree.specimenType')}
                withAsterisk
                data={types}
                searchable
                {...f.getInputProps(`items.${index}.specimenTypeId`)}
              />
              <NumberField
                label={t('tree.initialQuantity')}
                withAsterisk
                rightSection={
                  unitSymbol ? (
                    <Text size="xs" c="gray.7">
                      {unitSymbol}
                    </Text>
                  ) : undefined
                }
                {...f.getInputProps(`items.${index}.initialQuantity`)}
              />
            </SimpleGrid>
            <Group gap="xs" mt={6}>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={() => addChild(item.key)}
                aria-label={t('tree.addChildTo', { key: item.key })}
              >
                {t('tree.addChild')}
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => remove(item.key)}
                aria-label={t('tree.removeItem', { key: item.key })}
              >
                {t('tree.remove')}
              </Button>
            </Group>
          </Fieldset>
          {items.some((i) => i.parentKey === item.key) && (
            <Stack gap="sm" mt="sm" ms={{ base: 4, xs: 16 }}>
              {render(item.key)}
            </Stack>
          )}
          {over && (
            <Text size="sm" c="red.8" role="alert" mt={6}>
              {overflowText(over, f.getValues(), t)}
            </Text>
          )}
        </div>
      );
    });

  const rootOver = overflowOf(null);
  return (
    <Stack gap="sm">
      <div>
        <Text fw={600}>{t('tree.childItems')}</Text>
        <Text size="sm" c="gray.7">
          {t('tree.explain')}
        </Text>
      </div>
      {items.length === 0 && (
        <Text size="sm" c="gray.7">
          {t('tree.none')}
        </Text>
      )}
      {render(null)}
      {rootOver && <Alert color="red" role="alert" title={overflowText(rootOver, f.getValues(), t)} />}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => addChild(null)}>
          {t('tree.addItem')}
        </Button>
      </Group>
    </Stack>
  );
}
