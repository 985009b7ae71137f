import { useState } from 'react';
import { Alert, Box, Button, Group, List, Stack, Stepper, Text, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
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

/** spec 1 §2 'Create a New Order': a full-screen two-step stepper, opened from anywhere by the top navigation (orders.create, checked by the route guard). */
export function NewOrderPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // Back to where the user came from; a deep link closes to the Orders list.
  const close = () => void (location.key === 'default' ? navigate('/orders') : navigate(-1));
  const { t } = useTranslation('orders');
  // Escape and the close button ask first while the stepper below holds unsaved choices (its guard is in the dialog's scope).
  return (
    <Dialog
      onClose={close}
      fullScreen
      title={t('new.title')}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 600 } }}
    >
      <Box maw={760} mx="auto" mt="md">
        <NewOrderStepper onClose={close} />
      </Box>
    </Dialog>
  );
}

function NewOrderStepper({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('orders');
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
            message: t('new.created', { count: orders.length, ids }),
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
        <Title order={3}>{t('new.placed', { count: placed.length })}</Title>
        <List spacing={4} listStyleType="none" aria-label={t('new.createdList')}>
          {placed.map((o) => (
            <List.Item key={o.id}>
              {t('new.sampleId')}{' '}
              <Text span fw={700} ff="monospace">
                {o.sampleId}
              </Text>{' '}
              {o.patient
                ? t('new.forName', { name: shortName(o.patient) })
                : t('new.forDonor', { code: o.donorCode ?? '—' })}
            </List.Item>
          ))}
        </List>
        <Group>
          <Button variant="default" onClick={onClose}>
            {t('new.done')}
          </Button>
          <Button
            variant="light"
            onClick={() => {
              setPlaced(null);
              startOver();
            }}
          >
            {t('new.createAnother')}
          </Button>
          <Button onClick={() => void navigate(testResultPath(placed[0].sampleId), { replace: true })}>
            {t('new.openResults')}
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
      <Stepper.Step
        label={t('new.stepPatients')}
        description={selected.length ? t('new.selected', { count: selected.length }) : undefined}
      >
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
            {t('new.next')}
          </Button>
        </Group>
      </Stepper.Step>
      <Stepper.Step label={t('new.stepOrder')} description={t('new.participants', { count: selected.length })}>
        <form noValidate onSubmit={(e) => submit(isCreateAnother(e))(e)}>
          {error && <Alert color="red" mb="md" title={error} />}
          <OrderFields form={form} panels={panels} onPanels={setPanels} />
          <Group mt="xl" justify="space-between">
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => setStep(0)}>
              {t('new.back')}
            </Button>
            {/* Submit comes first in the DOM so Enter means Submit; row-reverse shows it last. */}
            <Group style={{ flexDirection: 'row-reverse' }}>
              <Button type="submit" loading={place.isPending}>
                {t('form.submit', { ns: 'shell' })}
              </Button>
              <Button type="submit" variant="light" data-another="1" loading={place.isPending}>
                {t('form.submitAnother', { ns: 'shell' })}
              </Button>
            </Group>
          </Group>
        </form>
      </Stepper.Step>
    </StepperShell>
  );
}
