import { useState } from 'react';
import { Alert, Box, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useLocation, useNavigate, useParams } from 'react-router';
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
  return (
    <Dialog
      onClose={close}
      fullScreen
      title="Order tests"
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 600 } }}
    >
      <Box maw={760} mx="auto" mt="md">
        {sample.isPending && <Loader type="dots" aria-label="Loading the sample" />}
        {sample.isError && (
          <Alert color="red" icon={<IconAlertCircle />} title="The sample could not be loaded">
            {sample.error.message}
          </Alert>
        )}
        {sample.isSuccess && <SampleOrderForm sample={sample.data} onClose={close} />}
      </Box>
    </Dialog>
  );
}

function SampleOrderForm({ sample: s, onClose }: { sample: CollectedSample; onClose: () => void }) {
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
          notifications.show({ color: 'teal', message: `Order ${order.sampleId} created.`, autoClose: 4000 });
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
      <Paper withBorder radius="md" p="md" component="section" aria-label="Sample">
        <Text fw={700} ff="monospace">
          Sample {s.sampleId}
        </Text>
        <Text size="sm">
          {s.specimenType?.title ?? 'Sample'}, {s.remainingAmount} {s.unitOfMeasurement.unitSymbol ?? ''} left ·
          collected {s.collectedDate}
        </Text>
        <Text size="sm" mt={4}>
          {s.patient ? (
            <>For its participant.</>
          ) : (
            <>
              For donor{' '}
              <Text span ff="monospace" fw={700}>
                {donor ?? '—'}
              </Text>{' '}
              (received sample: the donor is not a participant here).
            </>
          )}
        </Text>
      </Paper>
      <form noValidate onSubmit={submit}>
        {error && <Alert color="red" mb="md" title={error} />}
        <OrderFields form={form} panels={panels} onPanels={setPanels} />
        <Group mt="xl" justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={place.isPending}>
            Submit
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
