import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { AdjustmentInput, type CollectedSample } from '@contract/samples.contract';
import { ApiError } from '@/lib/api-client';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { useCurrentInstitution } from '@/lib/session-context';
import { formChanged } from '@/lib/unsaved-changes';
import { useCurrentProtocol } from '@/lib/protocol-context';
import { amountText } from './sample-format';
import { useAdjust } from '../api/samples';
import { Dialog, DialogClose } from '@/components/dialog';
import { NumberField } from '@/components/number-field';

type Values = { amount: number | string; reason: string; concurrencyStamp: string };

/**
 * A manual adjustment of the ledger (docs/samples.md): a positive amount removes quantity (spilled,
 * destroyed), a negative one gives it back (recount), with a reason. It carries the stamp of the sample
 * as shown: if someone drew from it meanwhile the server answers 409 and the page reloads the sample.
 */
export function AdjustmentDialog({ sample, onClose }: { sample: CollectedSample; onClose: () => void }) {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const adjust = useAdjust(institution.id, protocol.id, sample.id);
  const { t } = useTranslation('samples');
  const { t: tc } = useTranslation('common');
  const form = useForm<Values>({
    initialValues: { amount: '', reason: '', concurrencyStamp: sample.concurrencyStamp },
    validate: contractResolver(AdjustmentInput),
  });
  // The stamp of the sample as the page shows it now (it reloads after a refusal), not as the dialog opened.
  const submit = form.onSubmit((v) =>
    adjust.mutate(AdjustmentInput.parse({ ...v, concurrencyStamp: sample.concurrencyStamp }), {
      onSuccess: (s) => {
        notifications.show({
          color: 'teal',
          message: t('adjustment.done', { sampleId: s.sampleId, amount: amountText(s.remainingAmount, s) }),
          autoClose: 3000,
        });
        onClose();
      },
      onError: (error) => form.setErrors(serverFormErrors(error).fields),
    }),
  );
  const problem = serverFormErrors(adjust.error).title;
  const stale =
    adjust.error instanceof ApiError &&
    adjust.error.status === 409 &&
    // The stale stamp (platform's `conflict`), in whatever language its title is.
    (adjust.error.problem.code === 'conflict' || /changed by someone else/i.test(adjust.error.message));
  const unit = sample.unitOfMeasurement.unitSymbol ?? '';

  return (
    <Dialog onClose={onClose} dirty={formChanged(form)} title={t('detail.adjust')} size={500}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            {t('adjustment.intro', {
              sampleId: sample.sampleId,
              remaining: amountText(sample.remainingAmount, sample),
              collected: amountText(sample.collectedAmount, sample),
            })}
          </Text>
          {problem && (
            <Alert color="red" role="alert" title={problem}>
              {stale ? t('adjustment.reloaded') : null}
            </Alert>
          )}
          <NumberField
            label={t('adjustment.amount')}
            withAsterisk
            data-autofocus
            rightSection={
              unit ? (
                <Text size="xs" c="gray.7">
                  {unit}
                </Text>
              ) : undefined
            }
            {...form.getInputProps('amount')}
          />
          <Textarea
            label={t('adjustment.reason')}
            withAsterisk
            autosize
            minRows={2}
            placeholder={t('adjustment.reasonPlaceholder')}
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end" mt="sm">
            <DialogClose>{tc('cancel')}</DialogClose>
            <Button type="submit" loading={adjust.isPending}>
              {t('adjustment.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
