import { Select } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import { contractResolver } from '@/lib/contract-resolver';
import { useLookupOptions } from '@/lib/lookup-options';
import { translateMessage } from '@/lib/field-messages';
import { MSG } from '@contract/messages';
import { useTranslation } from 'react-i18next';

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
        errors.columnLabelingSchemaId = translateMessage(MSG.requiredSelect);
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
  const { t } = useTranslation('storage');
  const { options, schemas } = choices;
  const linear = choices.linearOf(form.values.positionLabelingOptionId);
  return (
    <>
      <Select
        label={t('layout.option')}
        withAsterisk
        data={options.options}
        placeholder={options.isPending ? t('layout.loading') : t('layout.optionPlaceholder')}
        {...form.getInputProps('positionLabelingOptionId')}
      />
      <Select
        label={t('layout.rowSchema')}
        withAsterisk
        data={schemas.options}
        placeholder={schemas.isPending ? t('layout.loading') : t('layout.rowPlaceholder')}
        description={linear ? t('layout.linearHelp') : undefined}
        {...form.getInputProps('rowLabelingSchemaId')}
      />
      {!linear && (
        <Select
          label={t('layout.columnSchema')}
          withAsterisk
          data={schemas.options}
          placeholder={schemas.isPending ? t('layout.loading') : t('layout.columnPlaceholder')}
          {...form.getInputProps('columnLabelingSchemaId')}
        />
      )}
      <Select
        label={t('layout.fillOrder')}
        data={[
          { value: 'row', label: t('layout.byRow') },
          { value: 'column', label: t('layout.byColumn') },
        ]}
        allowDeselect={false}
        description={t('layout.fillOrderHelp')}
        {...form.getInputProps('fillOrder')}
      />
    </>
  );
}
