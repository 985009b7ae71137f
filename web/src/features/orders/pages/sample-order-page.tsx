import { useState } from 'react';
import { Alert, Box, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SampleOrderInput } from '@contract/orders.contract';
import type { CollectedSample } from '@contract/samples.contract';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { Dialog } from '@/components/dialog';
import { useCurrentInstitution } from '@/lib/session-context';
import { formChanged, useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import type { Option } from '@/lib/lookup-options';
import { usePlaceOnSample, useSampleToOrder } from '../api/orders';
import { emptyOrder, OrderFields, type OrderFormValues } from '../components/order-fields';
import { testResultPath } from '../components/result-values';
import { formatNumber } from '@/lib/format';

/**
 * /orders/new/sample/{id}: Order tests on one collected sample, opened from its page (issue 31). A received sample
 * has no participant here: the order is for its pseudonymous donor code (docs/decisions/0014-received-samples.md).
 */
export function SampleOrderPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const id = Number(useParams().sampleId);
  const close = () => void (location.key === 'default' ? navigate(`/sample/${id}`) : navigate(-1));
  const { institution } = useCurrentInstitution();
  const sample = useSampleToOrder(institution.id, id);
  const { t } = useTranslation('orders');
  return (
    <Dialog
      onClose={close}
      fullScreen
      title={t('onSample.title')}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 600 } }}
    >
      <Box maw={760} mx="auto" mt="md">
        {sample.isPending && <Loader role="status" type="dots" aria-label={t('onSample.loading')} />}
        {sample.isError && (
          <Alert color="red" icon={<IconAlertCircle />} title={t('onSample.loadFailed')}>
            {sample.error.message}
          </Alert>
        )}
        {sample.isSuccess && <SampleOrderForm sample={sample.data} onClose={close} />}
      </Box>
    </Dialog>
  );
}

function SampleOrderForm({ sample: s, onClose }: { sample: CollectedSample; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const { institution } = useCurrentInstitution();
  const navigate = useNavigate();
  const place = usePlaceOnSample(institution.id, s.id);
  const [panels, setPanels] = useState<Option[]>([]);
  const form = useForm<OrderFormValues>({ initialValues: emptyOrder, validate: contractResolver(SampleOrderInput) });
  const guard = useUnsavedChangesGuard(panels.length > 0 || formChanged(form));
  const donor = s.receivedFrom?.donorCode ?? null;
  const submit = form.onSubmit((values) => {
    place.mutate(
      {
        priorityId: values.priorityId ?? '',
        institutionSiteId: values.institutionSiteId,
        paymentCategoryId: values.paymentCategoryId,
        commentToLab: values.commentToLab,
        panelIds: values.panelIds,
      },
      {
        onSuccess: (order) => {
          notifications.show({
            color: 'teal',
            message: t('onSample.created', { sampleId: order.sampleId }),
            autoClose: 4000,
          });
          guard.release();
          void navigate(testResultPath(order.sampleId), { replace: true });
        },
        onError: (error) => form.setErrors(serverFormErrors(error).fields),
      },
    );
  });
  const error = serverFormErrors(place.error).title;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="section" aria-label={t('onSample.section')}>
        <Text fw={700} ff="monospace">
          {t('onSample.heading', { sampleId: s.sampleId })}
        </Text>
        <Text size="sm">
          {t('onSample.summary', {
            type: s.specimenType?.title ?? t('onSample.sample'),
            amount: formatNumber(s.remainingAmount, { useGrouping: false, maximumFractionDigits: 20 }),
            unit: s.unitOfMeasurement.unitSymbol ?? '',
            date: s.collectedDate,
          })}
        </Text>
        <Text size="sm" mt={4}>
          {s.patient ? (
            t('onSample.forParticipant')
          ) : (
            <>
              {t('onSample.forDonor')}{' '}
              <Text span ff="monospace" fw={700}>
                {donor ?? '—'}
              </Text>{' '}
              {t('onSample.donorNote')}
            </>
          )}
        </Text>
      </Paper>
      <form noValidate onSubmit={submit}>
        {error && <Alert color="red" mb="md" title={error} />}
        <OrderFields form={form} panels={panels} onPanels={setPanels} />
        <Group mt="xl" justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('onSample.cancel')}
          </Button>
          <Button type="submit" loading={place.isPending}>
            {t('form.submit', { ns: 'shell' })}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
