import { Select } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import { contractResolver } from '@/lib/contract-resolver';
import { useLookupOptions } from '@/lib/lookup-options';

/** The labeling fields every storage create form asks for (spec 1 §2, §5). */
export type LayoutValues = {
  positionLabelingOptionId: string | null;
  rowLabelingSchemaId: string | null;
  columnLabelingSchemaId: string | null;
  fillOrder: 'row' | 'column';
};

export const emptyLayout: LayoutValues = {
  positionLabelingOptionId: null,
  rowLabelingSchemaId: null,
  columnLabelingSchemaId: null,
  fillOrder: 'row',
};

const FILL_ORDERS = [
  { value: 'row', label: 'Row by row (A1, A2, … then B1)' },
  { value: 'column', label: 'Column by column (A1, B1, … then A2)' },
];

/** A Linear option numbers positions in one run: the seeded title, or its abbreviation L (as the server decides). */
const isLinear = (row: Record<string, unknown> | undefined) =>
  Boolean(row) &&
  (String(row!.title ?? '')
    .trim()
    .toLowerCase() === 'linear' ||
    String(row!.abbreviation ?? '')
      .trim()
      .toLowerCase() === 'l');

/** The labeling lookups and whether a chosen option is Linear (then no column schema is asked for). */
export function useLayoutChoices() {
  const options = useLookupOptions('positionLabelingOptions');
  const schemas = useLookupOptions('labelingSchemas');
  const linearOf = (id: string | null) => isLinear(options.rows?.find((r) => String(r.id) === id));
  return { options, schemas, linearOf };
}
export type LayoutChoices = ReturnType<typeof useLayoutChoices>;

/**
 * A storage create form validated by the contract's schema, plus '*Required' on the column schema unless
 * the option is Linear (the server decides the same, knowing the option).
 */
export function useLayoutForm<T extends LayoutValues>(schema: z.ZodType, initialValues: T) {
  const choices = useLayoutChoices();
  const resolver = contractResolver(schema);
  const form = useForm<T>({
    initialValues,
    validate: (values) => {
      const errors = resolver(values);
      if (
        values.positionLabelingOptionId &&
        !choices.linearOf(values.positionLabelingOptionId) &&
        !values.columnLabelingSchemaId
      )
        errors.columnLabelingSchemaId = '*Required';
      return errors;
    },
  });
  return { form, choices };
}

/** Position Labeling Option, Row and (unless Linear) Column Labeling Schema, Fill order. */
export function LayoutFields<T extends LayoutValues>({
  form,
  choices,
}: {
  form: UseFormReturnType<T>;
  choices: LayoutChoices;
}) {
  const { options, schemas } = choices;
  const linear = choices.linearOf(form.values.positionLabelingOptionId);
  return (
    <>
      <Select
        label="Position Labeling Option"
        withAsterisk
        data={options.options}
        placeholder={options.isPending ? 'Loading…' : 'Linear or Two Dimensional'}
        {...form.getInputProps('positionLabelingOptionId')}
      />
      <Select
        label="Row Labeling Schema"
        withAsterisk
        data={schemas.options}
        placeholder={schemas.isPending ? 'Loading…' : 'e.g. Letters Upper Case'}
        description={linear ? 'Numbers every position in one run (1, 2, 3 … or A, B, C …).' : undefined}
        {...form.getInputProps('rowLabelingSchemaId')}
      />
      {!linear && (
        <Select
          label="Column Labeling Schema"
          withAsterisk
          data={schemas.options}
          placeholder={schemas.isPending ? 'Loading…' : 'e.g. Numbers'}
          {...form.getInputProps('columnLabelingSchemaId')}
        />
      )}
      <Select
        label="Fill order"
        data={FILL_ORDERS}
        allowDeselect={false}
        description="The order in which positions are numbered and filled."
        {...form.getInputProps('fillOrder')}
      />
    </>
  );
}
