import { Alert, Button, Group, SegmentedControl, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import {
  COUNT_MODES,
  IndicatorDefinitionInput,
  type CountMode,
  type IndicatorDefinition,
  type IndicatorReport,
} from '@contract/indicators.contract';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { formChanged } from '@/lib/unsaved-changes';
import { useUpdateDefinition } from '../api/indicators';
import { Dialog, DialogClose } from '@/components/dialog';
import { TitleTranslations, titlesInitialValue } from '@/components/title-translations';

type Values = {
  title: string;
  protocolAbbreviation: string;
  fieldPrompt: string;
  matchingValues: string[];
  countMode: CountMode;
  remark: string;
  /** The title and remark in the other complete languages (issue 33), as a lookup's titles. */
  titles: Record<string, string>;
  remarks: Record<string, string>;
  concurrencyStamp: string;
};

/** Edit one indicator's title, rule (protocol, field prompt, matching values, what is counted) and remark. */
export function DefinitionForm({
  instId,
  report,
  definition,
  onClose,
}: {
  instId: number;
  report: IndicatorReport;
  definition: IndicatorDefinition;
  onClose: () => void;
}) {
  const { t } = useTranslation('indicators');
  const update = useUpdateDefinition(instId, report);
  const form = useForm<Values>({
    initialValues: {
      title: definition.title,
      protocolAbbreviation: definition.protocolAbbreviation,
      fieldPrompt: definition.fieldPrompt ?? '',
      matchingValues: definition.matchingValues,
      countMode: definition.countMode,
      remark: definition.remark ?? '',
      titles: titlesInitialValue(definition.titles),
      remarks: titlesInitialValue(definition.remarks),
      concurrencyStamp: definition.concurrencyStamp,
    },
    validate: contractResolver(IndicatorDefinitionInput),
  });
  const submit = form.onSubmit((values) =>
    update.mutate(
      { id: definition.id, input: values },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('form.saved', { n: definition.ordinal }), autoClose: 2000 });
          onClose();
        },
        onError: (error) => form.setErrors(serverFormErrors(error).fields),
      },
    ),
  );
  const problem = serverFormErrors(update.error).title;

  return (
    <Dialog
      onClose={onClose}
      dirty={formChanged(form)}
      title={t('drawer.editIndicator', { n: definition.ordinal })}
      size={600}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {definition.note && (
            <Alert color="yellow" p="xs">
              {definition.note}
            </Alert>
          )}
          <TextInput label={t('form.indicator')} withAsterisk {...form.getInputProps('title')} />
          <TitleTranslations
            form={form}
            words={(language) => ({
              label: t('titlesIn.label', { language }),
              description: t('titlesIn.description', { language }),
            })}
          />
          <TextInput
            label={t('form.protocolAbbreviation')}
            description={t('form.protocolHelp')}
            withAsterisk
            {...form.getInputProps('protocolAbbreviation')}
          />
          <TextInput
            label={t('form.fieldPrompt')}
            description={t('form.promptHelp')}
            {...form.getInputProps('fieldPrompt')}
          />
          <TagsInput
            label={t('form.matchingValues')}
            description={t('form.valuesHelp')}
            splitChars={[';', '\n']}
            clearable
            acceptValueOnBlur
            {...form.getInputProps('matchingValues')}
          />
          <div>
            <Text size="sm" fw={500} mb={4} id="indicator-counts">
              {t('form.counts')}
            </Text>
            <SegmentedControl
              aria-labelledby="indicator-counts"
              data={COUNT_MODES.map((m) => ({ value: m, label: t(`form.countModes.${m}`) }))}
              {...form.getInputProps('countMode')}
            />
          </div>
          <TextInput label={t('form.remark')} {...form.getInputProps('remark')} />
          <TitleTranslations
            form={form}
            field="remarks"
            words={(language) => ({
              label: t('remarksIn.label', { language }),
              description: t('remarksIn.description', { language }),
            })}
          />
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end">
            <DialogClose>{t('form.cancel')}</DialogClose>
            <Button type="submit" loading={update.isPending}>
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
