import { Alert, Button, Group, Loader, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { AmendInput, type OrderedTestDetail, type ResultHistoryEntry } from '@contract/orders.contract';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { formatDateTime, fullName } from '@/lib/format';
import { formChanged } from '@/lib/unsaved-changes';
import { checkValue, flagLabel } from './result-values';
import { ResultInput } from './result-input';
import { Dialog, DialogClose } from '@/components/dialog';

/** What the person types; the caller adds the result's concurrency stamp when it saves. */
const AmendFields = AmendInput.omit({ concurrencyStamp: true });

interface Props {
  test: OrderedTestDetail;
  history: { data?: ResultHistoryEntry[]; isPending: boolean };
  saving: boolean;
  error: unknown;
  onSave: (values: { result: string; reason: string }) => void;
  onClose: () => void;
}

/** Correct a released result: the new value and a required reason; the history keeps the previous value. */
export function AmendDialog({ test, history, saving, error, onSave, onClose }: Props) {
  const form = useForm({
    initialValues: { result: test.testResult.result ?? '', reason: '' },
    validate: (values) => {
      const errors = contractResolver(AmendFields)(values);
      const numberError = checkValue(test, values.result).error;
      return numberError && !errors.result ? { ...errors, result: numberError } : errors;
    },
  });
  const server = serverFormErrors(error);
  const flag = checkValue(test, form.values.result).flag;
  return (
    <Dialog onClose={onClose} dirty={formChanged(form)} title={`Amend ${test.test.title}`} size={600}>
      <form noValidate onSubmit={form.onSubmit((v) => onSave(v))}>
        <Stack gap="sm">
          {server.title && <Alert color="red" title={server.title} />}
          <Text size="sm">
            Released result: <b>{test.testResult.result ?? '—'}</b>
            {test.test.unitSymbol ? ` ${test.test.unitSymbol}` : ''}
          </Text>
          <ResultInput
            test={test}
            label="New result"
            value={form.values.result}
            readOnly={false}
            error={form.errors.result ?? server.fields.result ?? null}
            onChange={(v) => form.setFieldValue('result', v)}
          />
          {flag && (
            <Text size="xs" c={flag === 'H' ? 'red' : 'blue'}>
              This value will be flagged {flagLabel(flag)}.
            </Text>
          )}
          <Textarea
            label="Reason"
            withAsterisk
            autosize
            minRows={2}
            description="Why the released result is corrected; kept in the history."
            {...form.getInputProps('reason')}
            error={form.errors.reason ?? server.fields.reason}
          />
          <Group justify="flex-end">
            <DialogClose />
            <Button type="submit" loading={saving}>
              Save amendment
            </Button>
          </Group>
          <Title order={3} fz="sm" mt="sm">
            History
          </Title>
          {history.isPending ? <Loader size="sm" type="dots" /> : <HistoryTable rows={history.data ?? []} />}
        </Stack>
      </form>
    </Dialog>
  );
}

function HistoryTable({ rows }: { rows: ResultHistoryEntry[] }) {
  if (!rows.length)
    return (
      <Text size="sm" c="dimmed">
        No history yet.
      </Text>
    );
  return (
    <Table fz="xs" verticalSpacing={4} aria-label="Result history" withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>When</Table.Th>
          <Table.Th>Action</Table.Th>
          <Table.Th>Previous</Table.Th>
          <Table.Th>New</Table.Th>
          <Table.Th>Reason</Table.Th>
          <Table.Th>By</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((h) => (
          <Table.Tr key={h.id}>
            <Table.Td>{formatDateTime(h.at, { empty: '—' })}</Table.Td>
            <Table.Td tt="capitalize">{h.action}</Table.Td>
            <Table.Td>{h.previousResult ?? '—'}</Table.Td>
            <Table.Td>{h.newResult ?? '—'}</Table.Td>
            <Table.Td>{h.reason ?? ''}</Table.Td>
            <Table.Td>{fullName(h.account)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
