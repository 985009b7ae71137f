import { Alert, Button, Group, Loader, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('orders');
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
    <Dialog onClose={onClose} dirty={formChanged(form)} title={t('amend.title', { test: test.test.title })} size={600}>
      <form noValidate onSubmit={form.onSubmit((v) => onSave(v))}>
        <Stack gap="sm">
          {server.title && <Alert color="red" title={server.title} />}
          <Text size="sm">
            {t('amend.releasedResult')}
            <b>{test.testResult.result ?? '—'}</b>
            {test.test.unitSymbol ? ` ${test.test.unitSymbol}` : ''}
          </Text>
          <ResultInput
            test={test}
            label={t('amend.newResult')}
            value={form.values.result}
            readOnly={false}
            error={form.errors.result ?? server.fields.result ?? null}
            onChange={(v) => form.setFieldValue('result', v)}
          />
          {flag && (
            <Text size="xs" c={flag === 'H' ? 'red' : 'blue'}>
              {t('amend.willFlag', { flag: flagLabel(flag) })}
            </Text>
          )}
          <Textarea
            label={t('amend.reason')}
            withAsterisk
            autosize
            minRows={2}
            description={t('amend.reasonHint')}
            {...form.getInputProps('reason')}
            error={form.errors.reason ?? server.fields.reason}
          />
          <Group justify="flex-end">
            <DialogClose />
            <Button type="submit" loading={saving}>
              {t('amend.save')}
            </Button>
          </Group>
          <Title order={3} fz="sm" mt="sm">
            {t('amend.history')}
          </Title>
          {history.isPending ? <Loader size="sm" type="dots" /> : <HistoryTable rows={history.data ?? []} />}
        </Stack>
      </form>
    </Dialog>
  );
}

function HistoryTable({ rows }: { rows: ResultHistoryEntry[] }) {
  const { t } = useTranslation('orders');
  if (!rows.length)
    return (
      <Text size="sm" c="dimmed">
        {t('amend.noHistory')}
      </Text>
    );
  return (
    <Table fz="xs" verticalSpacing={4} aria-label={t('amend.historyLabel')} withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('amend.when')}</Table.Th>
          <Table.Th>{t('amend.action')}</Table.Th>
          <Table.Th>{t('amend.previous')}</Table.Th>
          <Table.Th>{t('amend.new')}</Table.Th>
          <Table.Th>{t('amend.reason')}</Table.Th>
          <Table.Th>{t('amend.by')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((h) => (
          <Table.Tr key={h.id}>
            <Table.Td>{formatDateTime(h.at, { empty: '—' })}</Table.Td>
            <Table.Td tt="capitalize">{t(`amend.actions.${h.action}`, { defaultValue: h.action })}</Table.Td>
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
