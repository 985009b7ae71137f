import { Alert, Button, Group, SegmentedControl, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  COUNT_MODE_LABELS,
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

type Values = {
  title: string;
  protocolAbbreviation: string;
  fieldPrompt: string;
  matchingValues: string[];
  countMode: CountMode;
  remark: string;
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
  const update = useUpdateDefinition(instId, report);
  const form = useForm<Values>({
    initialValues: {
      title: definition.title,
      protocolAbbreviation: definition.protocolAbbreviation,
      fieldPrompt: definition.fieldPrompt ?? '',
      matchingValues: definition.matchingValues,
      countMode: definition.countMode,
      remark: definition.remark ?? '',
      concurrencyStamp: definition.concurrencyStamp,
    },
    validate: contractResolver(IndicatorDefinitionInput),
  });
  const submit = form.onSubmit((values) =>
    update.mutate(
      { id: definition.id, input: values },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: `Indicator ${definition.ordinal} saved.`, autoClose: 2000 });
          onClose();
        },
        onError: (error) => form.setErrors(serverFormErrors(error).fields),
      },
    ),
  );
  const problem = serverFormErrors(update.error).title;

  return (
    <Dialog onClose={onClose} dirty={formChanged(form)} title={`Edit indicator ${definition.ordinal}`} size={600}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {definition.note && (
            <Alert color="yellow" p="xs">
              {definition.note}
            </Alert>
          )}
          <TextInput label="Indicator" withAsterisk {...form.getInputProps('title')} />
          <TextInput
            label="Protocol abbreviation"
            description="Submissions of every protocol with this abbreviation count"
            withAsterisk
            {...form.getInputProps('protocolAbbreviation')}
          />
          <TextInput
            label="Field prompt"
            description="The question as it reads on the form (any case); empty: any submitted form counts"
            {...form.getInputProps('fieldPrompt')}
          />
          <TagsInput
            label="Matching values"
            description="Answers that count (any case); none: any answer. Enter after each value."
            splitChars={[';', '\n']}
            clearable
            acceptValueOnBlur
            {...form.getInputProps('matchingValues')}
          />
          <div>
            <Text size="sm" fw={500} mb={4} id="indicator-counts">
              Counts
            </Text>
            <SegmentedControl
              aria-labelledby="indicator-counts"
              data={COUNT_MODES.map((m) => ({ value: m, label: COUNT_MODE_LABELS[m] }))}
              {...form.getInputProps('countMode')}
            />
          </div>
          <TextInput label="Remark" {...form.getInputProps('remark')} />
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end">
            <DialogClose>Cancel</DialogClose>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
