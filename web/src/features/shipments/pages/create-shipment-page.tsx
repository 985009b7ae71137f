import { useState } from 'react';
import { Alert, Box, Button, Group, Stepper } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MSG } from '@contract/messages';
import { ShipmentInput, type ShipmentCandidate } from '@contract/shipments.contract';
import { Dialog } from '@/components/dialog';
import { StepperShell } from '@/components/stepper-shell';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { today, nowHourMinute } from '@/lib/format';
import { useCurrentInstitution } from '@/lib/session-context';
import { formChanged, useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { useCreateShipment } from '../api/shipments';
import { SampleFinder } from '../components/sample-finder';
import { ShipmentInfoFields, type InfoValues } from '../components/shipment-info-fields';

const validateContract = contractResolver(ShipmentInput);
/** MSG.required: the server and the client speak of it by its key (translated in the messages namespace). */
const REQUIRED = MSG.required;

/** Spec 2 §5: name and shipped date/time are required in the form, although the API defaults the date and time. */
function validate(v: InfoValues) {
  const errors = { ...validateContract({ ...v }) } as Record<string, string>;
  delete errors.collectedSampleIds;
  if (!v.shippedDate) errors.shippedDate = REQUIRED;
  if (!v.shippedTime) errors.shippedTime = REQUIRED;
  return errors;
}

/** Spec 2 §2 "Create a Collected Sample Shipment": information, then items; Submit is one atomic create. */
export function CreateShipmentPage() {
  const { t } = useTranslation('shipments');
  const { institution } = useCurrentInstitution();
  const navigate = useNavigate();
  const location = useLocation();
  const create = useCreateShipment(institution.id);
  const [step, setStep] = useState(0);
  const [chosen, setChosen] = useState<ShipmentCandidate[]>([]);
  const [tried, setTried] = useState(false);
  const params = new URLSearchParams(location.search);
  const form = useForm<InfoValues>({
    mode: 'controlled',
    initialValues: {
      name: '',
      trackingNumber: '',
      trackingURL: '',
      sendingInstitutionSiteId: null,
      receivingInstitutionId: null,
      receivingInstitutionSiteId: null,
      shippedDate: today(),
      shippedTime: nowHourMinute(),
      collectionProtocolId: params.get('protocol'),
      includeDonorIdentity: false,
    },
    validate,
  });
  const guard = useUnsavedChangesGuard(formChanged(form) || chosen.length > 0);
  const close = () => void navigate({ pathname: '/shipment', search: location.search });

  const next = () => {
    if (!form.validate().hasErrors) setStep(1);
  };
  /** Submit ships at once (at least one sample); Save as draft keeps it at the sender's until Send on its page. */
  const submit = (draft = false) => {
    setTried(!draft);
    if (chosen.length === 0 && !draft) return;
    const v = form.getValues();
    // Step 1 validated the ids; the API answers a missing one with a field error all the same.
    create.mutate(
      {
        ...v,
        sendingInstitutionSiteId: v.sendingInstitutionSiteId ?? '',
        receivingInstitutionId: v.receivingInstitutionId ?? '',
        receivingInstitutionSiteId: v.receivingInstitutionSiteId ?? '',
        collectedSampleIds: chosen.map((c) => c.id),
        draft,
      },
      {
        onSuccess: (s) => {
          const values = { name: s.name, count: s.itemCounts.total };
          notifications.show({
            color: 'teal',
            message: draft ? t('create.draft', values) : t('create.sent', values),
            autoClose: 4000,
          });
          guard.release();
          void navigate(`/shipment/${s.id}`, { replace: true });
        },
        onError: (error) => {
          const { fields } = serverFormErrors(error);
          // A field of step 1 the server refused (a site disabled meanwhile): back to it.
          if (Object.keys(fields).some((f) => f !== 'collectedSampleIds')) {
            form.setErrors(fields);
            setStep(0);
          }
        },
      },
    );
  };
  const { fields, title } = serverFormErrors(create.error);
  const error = title ?? fields.collectedSampleIds ?? null;

  return (
    <Dialog
      onClose={close}
      guard={guard}
      fullScreen
      title={t('create.title')}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 600 } }}
    >
      <Box maw={820} mx="auto" mt="md">
        <StepperShell
          active={step}
          onStepClick={(s) => {
            if (s < step) setStep(s);
          }}
          allowNextStepsSelect={false}
        >
          <Stepper.Step label={t('create.step1')}>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                next();
              }}
            >
              <ShipmentInfoFields form={form} />
              <Group justify="flex-end" mt="xl">
                <Button type="submit" rightSection={<IconArrowRight size={16} />}>
                  {t('create.next')}
                </Button>
              </Group>
            </form>
          </Stepper.Step>
          <Stepper.Step
            label={t('create.step2')}
            description={chosen.length ? t('create.selected', { count: chosen.length }) : undefined}
          >
            {error && (
              <Alert color="red" mb="md" title={t('create.notCreated')}>
                {error}
              </Alert>
            )}
            <SampleFinder
              chosen={chosen}
              onChange={(list) => {
                setChosen(list);
                create.reset();
              }}
            />
            {tried && chosen.length === 0 && <Alert color="red" mt="md" role="alert" title={t('create.addOne')} />}
            <Group mt="xl" justify="space-between">
              <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => setStep(0)}>
                {t('create.back')}
              </Button>
              <Group gap="sm">
                <Button
                  variant="default"
                  onClick={() => submit(true)}
                  loading={create.isPending && create.variables?.draft === true}
                >
                  {t('create.saveDraft')}
                </Button>
                <Button onClick={() => submit()} loading={create.isPending && !create.variables?.draft}>
                  {t('create.submit')}
                </Button>
              </Group>
            </Group>
          </Stepper.Step>
        </StepperShell>
      </Box>
    </Dialog>
  );
}
