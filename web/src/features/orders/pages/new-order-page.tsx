import { useState } from 'react';
import { Alert, Box, Button, Group, List, Stack, Stepper, Text, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { PlaceOrders, type OrderSummary } from '@contract/orders.contract';
import type { Patient } from '@contract/participants.contract';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { Dialog } from '@/components/dialog';
import { isCreateAnother } from '@/components/full-screen-form';
import { StepperShell } from '@/components/stepper-shell';
import { blockedByAdders, newAdderRegistry, PendingAddersProvider } from '@/components/pending-adders';
import { useCurrentInstitution } from '@/lib/session-context';
import { formChanged, useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { usePlaceOrders } from '../api/orders';
import type { Option } from '@/lib/lookup-options';
import { ParticipantPicker, type OrderSample } from '../components/participant-picker';
import { emptyOrder, OrderFields, type OrderFormValues } from '../components/order-fields';
import { shortName } from '@/lib/format';
import { testResultPath } from '../components/result-values';

const TITLE = 'Create a New Order';

/** spec 1 §2 'Create a New Order': a full-screen two-step stepper, opened from anywhere by the top navigation (orders.create, checked by the route guard). */
export function NewOrderPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // Back to where the user came from; a deep link closes to the Orders list.
  const close = () => void (location.key === 'default' ? navigate('/orders') : navigate(-1));
  // Escape and the close button ask first while the stepper below holds unsaved choices (its guard is in the dialog's scope).
  return (
    <Dialog
      onClose={close}
      fullScreen
      title={TITLE}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 600 } }}
    >
      <Box maw={760} mx="auto" mt="md">
        <NewOrderStepper onClose={close} />
      </Box>
    </Dialog>
  );
}

function NewOrderStepper({ onClose }: { onClose: () => void }) {
  const { institution } = useCurrentInstitution();
  const navigate = useNavigate();
  const place = usePlaceOrders(institution.id);
  const [step, setStep] = useState(0);
  const [adders] = useState(newAdderRegistry);
  const [selected, setSelected] = useState<Patient[]>([]);
  const [sample, setSample] = useState<OrderSample | null>(null);
  const [panels, setPanels] = useState<Option[]>([]);
  const [placed, setPlaced] = useState<OrderSummary[] | null>(null);
  const form = useForm<OrderFormValues>({ initialValues: emptyOrder, validate: contractResolver(PlaceOrders) });
  const guard = useUnsavedChangesGuard(selected.length > 0 || panels.length > 0 || formChanged(form));

  const startOver = () => {
    form.reset();
    place.reset();
    setSelected([]);
    setSample(null);
    setPanels([]);
    setStep(0);
  };

  const submit = (again: boolean) =>
    form.onSubmit((values) => {
      place.mutate(values as PlaceOrders, {
        onSuccess: (orders) => {
          const ids = orders.map((o) => o.sampleId).join(', ');
          notifications.show({
            color: 'teal',
            message: `${orders.length === 1 ? 'Order' : `${orders.length} orders`} created: ${ids}.`,
            autoClose: 4000,
          });
          if (again) startOver();
          else {
            guard.release();
            setPlaced(orders);
          }
        },
        onError: (error) => form.setErrors(serverFormErrors(error).fields),
      });
    });

  if (placed) {
    return (
      <Stack align="center" ta="center" gap="md" py="xl">
        <ThemeIcon size={56} radius="xl" color="teal" variant="light">
          <IconCheck size={30} />
        </ThemeIcon>
        <Title order={3}>
          {placed.length === 1 ? 'The order was created' : `${placed.length} orders were created`}
        </Title>
        <List spacing={4} listStyleType="none" aria-label="Created orders">
          {placed.map((o) => (
            <List.Item key={o.id}>
              Sample ID{' '}
              <Text span fw={700} ff="monospace">
                {o.sampleId}
              </Text>{' '}
              for {o.patient ? shortName(o.patient) : `donor ${o.donorCode ?? '—'}`}
            </List.Item>
          ))}
        </List>
        <Group>
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
          <Button
            variant="light"
            onClick={() => {
              setPlaced(null);
              startOver();
            }}
          >
            Create another
          </Button>
          <Button onClick={() => void navigate(testResultPath(placed[0].sampleId), { replace: true })}>
            Open test results
          </Button>
        </Group>
      </Stack>
    );
  }

  const error = serverFormErrors(place.error).title;
  return (
    <StepperShell
      active={step}
      onStepClick={(s) => {
        if (s < step) setStep(s);
      }}
      allowNextStepsSelect={false}
    >
      <Stepper.Step label="Select Patients" description={selected.length ? `${selected.length} selected` : undefined}>
        <PendingAddersProvider registry={adders}>
          <ParticipantPicker
            instId={institution.id}
            selected={selected}
            sample={sample}
            onChange={(next, onSample) => {
              setSelected(next);
              setSample(onSample);
              form.setFieldValue(
                'patientIds',
                next.map((p) => p.id),
              );
              form.setFieldValue('collectedSampleId', onSample?.id ?? null);
            }}
          />
        </PendingAddersProvider>
        <Group justify="flex-end" mt="xl">
          {/* spec 1 §4: Next only once a participant is selected; ticked but not added stops it (adder rule). */}
          <Button
            rightSection={<IconArrowRight size={16} />}
            disabled={selected.length === 0}
            onClick={() => {
              if (!blockedByAdders(adders)) setStep(1);
            }}
          >
            Next
          </Button>
        </Group>
      </Stepper.Step>
      <Stepper.Step label="Order" description={`${selected.length} participant${selected.length === 1 ? '' : 's'}`}>
        <form noValidate onSubmit={(e) => submit(isCreateAnother(e))(e)}>
          {error && <Alert color="red" mb="md" title={error} />}
          <OrderFields form={form} panels={panels} onPanels={setPanels} />
          <Group mt="xl" justify="space-between">
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => setStep(0)}>
              Back
            </Button>
            {/* Submit comes first in the DOM so Enter means Submit; row-reverse shows it last. */}
            <Group style={{ flexDirection: 'row-reverse' }}>
              <Button type="submit" loading={place.isPending}>
                Submit
              </Button>
              <Button type="submit" variant="light" data-another="1" loading={place.isPending}>
                Submit and create another
              </Button>
            </Group>
          </Group>
        </form>
      </Stepper.Step>
    </StepperShell>
  );
}
