import { useMemo, useState, type CSSProperties } from 'react';
import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { MSG } from '@contract/messages';
import type { ProtocolParticipant } from '@contract/protocol-participants.contract';
import { CollectInput } from '@contract/samples.contract';
import { DateField } from '@/components/date-field';
import { Dialog, DialogClose } from '@/components/dialog';
import { StepperShell } from '@/components/stepper-shell';
import { NumberField } from '@/components/number-field';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { nowHourMinute } from '@/lib/format';
import { todayIn } from '@contract/common.contract';
import { useCurrentInstitution } from '@/lib/session-context';
import { formChanged, useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { useEvents, useRequirements } from '@/lib/protocol-events';
import { RequirementTree } from '@/components/requirement-tree';
import { useCurrentProtocol } from '@/lib/protocol-context';
import { OutsideDatesDialog, outsideDatesTitle } from '@/components/outside-dates-dialog';
import { useAllProtocolSites } from '@/lib/protocol-sites';
import { useTranslation } from 'react-i18next';
import { useCollect } from '../api/samples';
import { commandRows, refusedRows, rowsFromRequirements, type StepRow } from './stepper-rows';
import classes from './samples.module.css';
import { TimeField } from '@/components/time-field';

type Values = {
  collectedDate: string | null;
  collectedTime: string;
  institutionSiteId: string | null;
  rows: StepRow[];
};

const validateContract = contractResolver(CollectInput);

interface Props {
  participant: ProtocolParticipant;
  /** The event clicked on the overview: step 1 starts with it chosen. */
  initialEventId: number | null;
  /** `saved`: the samples were collected (the caller shows them), else the user left. */
  onClose: (saved: boolean) => void;
}

/**
 * spec 2 §2 "Collect Specimen stepper" (participant): step 1 picks an event and shows its requirement
 * trees; step 2 copies them into editable rows (sample ID, quantity) with the date, time and site. Submit
 * sends ONE POST .../collect (Key/ParentKey rows): all saved or none, and a refused row is marked.
 */
export function CollectStepper({ participant, initialEventId, onClose }: Props) {
  const { t } = useTranslation('samples');
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const events = useEvents(institution.id, protocol.id);
  const sites = useAllProtocolSites(institution.id, protocol.id);
  const [step, setStep] = useState(0);
  const [eventId, setEventId] = useState<number | null>(initialEventId);
  const requirements = useRequirements(institution.id, protocol.id, eventId);
  const collect = useCollect(institution.id, protocol.id);
  const event = events.data?.find((e) => e.id === eventId) ?? null;

  const form = useForm<Values>({
    initialValues: {
      collectedDate: todayIn(institution.timeZone),
      collectedTime: nowHourMinute(),
      institutionSiteId: null,
      rows: [],
    },
    validate: (v) => {
      const errors = validateContract(toCommand(v));
      v.rows.forEach((r, i) => {
        if (r.quantity === '') errors[`rows.${i}.quantity`] = MSG.required;
      });
      if (!v.institutionSiteId) errors.institutionSiteId = MSG.requiredSelect;
      // At most today in the institution's time zone (the server refuses the same).
      if (!errors.collectedDate && v.collectedDate && v.collectedDate > todayIn(institution.timeZone))
        errors.collectedDate = MSG.collectedFuture;
      return errors;
    },
  });
  const guard = useUnsavedChangesGuard(step === 1 && formChanged(form));
  const toCommand = (v: Values) => ({
    collectionProtocolEventId: eventId ?? '',
    patientId: participant.patientId,
    institutionSiteId: v.institutionSiteId,
    collectedDate: v.collectedDate ?? '',
    collectedTime: v.collectedTime,
    rows: commandRows(v.rows),
  });

  const siteOptions = useMemo(
    () =>
      (sites.data?.items ?? []).map((s) => ({
        value: String(s.institutionSiteId),
        label: s.institutionSite?.title ?? t('collect.siteFallback', { id: s.institutionSiteId }),
      })),
    [sites.data, t],
  );
  const eventOptions = (events.data ?? []).map((e) => ({ value: String(e.id), label: `${e.label} (${e.eventCode})` }));
  const treeReady = requirements.isSuccess && requirements.data.length > 0;

  const next = () => {
    if (!treeReady || !event) return;
    // Rows are copied afresh each time: going back and choosing another event starts over.
    const site =
      event.institutionSiteId && siteOptions.some((o) => o.value === String(event.institutionSiteId))
        ? String(event.institutionSiteId)
        : form.values.institutionSiteId;
    form.setValues({
      rows: rowsFromRequirements(requirements.data, t('item', { ns: 'common' })),
      institutionSiteId: site ?? (siteOptions.length === 1 ? siteOptions[0].value : null),
    });
    form.clearErrors();
    collect.reset();
    setStep(1);
  };

  // A collection date outside the protocol's dates asks first; 'Collect anyway' sends the same command again, accepted.
  const [outside, setOutside] = useState<string | null>(null);
  const send = (v: Values, acceptOutsideDates: boolean) => {
    collect.mutate(CollectInput.parse({ ...toCommand(v), acceptOutsideDates }), {
      onSuccess: (made) => {
        setOutside(null);
        notifications.show({
          color: 'teal',
          message: t('collect.collected', { count: made.length, event: event?.label ?? t('collect.theEvent') }),
          autoClose: 3000,
        });
        guard.release();
        onClose(true);
      },
      onError: (error) => {
        setOutside(outsideDatesTitle(error));
        form.setErrors(serverFormErrors(error).fields);
      },
    });
  };
  const submit = form.onSubmit((v) => send(v, false));
  const problem = collect.error && !outside ? (collect.error as Error).message : null;
  const refused = collect.error ? refusedRows(serverFormErrors(collect.error).fields, problem) : new Set<number>();

  return (
    <Dialog
      onClose={() => onClose(false)}
      guard={guard}
      fullScreen
      title={t('collect.title')}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 600 } }}
    >
      <OutsideDatesDialog
        message={outside}
        action={t('collect.collectAnyway')}
        note={t('collect.outsideNote')}
        loading={collect.isPending}
        onConfirm={() => send(form.getValues(), true)}
        onCancel={() => setOutside(null)}
      />
      <Box maw={860} mx="auto" mt="md">
        <StepperShell active={step} size="sm" allowNextStepsSelect={false}>
          <Stepper.Step label={t('collect.step1')} description={t('collect.step1Description')}>
            <Stack gap="md">
              <Select
                label={t('collect.event')}
                withAsterisk
                data={eventOptions}
                value={eventId ? String(eventId) : null}
                data-autofocus
                placeholder={events.isPending ? t('collect.loading') : t('collect.chooseEvent')}
                nothingFoundMessage={t('collect.noEvents')}
                onChange={(v) => setEventId(v ? Number(v) : null)}
              />
              {eventId === null && (
                <Text size="sm" c="gray.7">
                  {t('collect.chooseEventHint')}
                </Text>
              )}
              {eventId !== null && requirements.isPending && (
                <Group justify="center" py="md">
                  <Loader role="status" type="dots" aria-label={t('collect.loadingRequirements')} />
                </Group>
              )}
              {requirements.isError && (
                <Alert color="red" icon={<IconAlertCircle />} title={t('collect.requirementsFailed')}>
                  {requirements.error.message}
                </Alert>
              )}
              {requirements.isSuccess && requirements.data.length === 0 && (
                <Alert color="gray" title={t('collect.noRequirements')}>
                  {t('collect.noRequirementsHint')}
                </Alert>
              )}
              {treeReady && <RequirementTree requirements={requirements.data} />}
              <Group justify="flex-end">
                <DialogClose>{t('collect.cancel')}</DialogClose>
                <Button onClick={next} disabled={!treeReady}>
                  {t('collect.next')}
                </Button>
              </Group>
            </Stack>
          </Stepper.Step>
          <Stepper.Step label={t('collect.step2')} description={t('collect.step2Description')}>
            <form onSubmit={submit} noValidate>
              <Stack gap="md">
                {problem && <Alert color="red" role="alert" title={problem} />}
                <Text size="sm" c="gray.7">
                  {t('collect.rowsHint', { event: event?.label ?? '' })}
                </Text>
                <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                  <Select
                    label={t('collect.site')}
                    withAsterisk
                    data={siteOptions}
                    placeholder={sites.isPending ? t('collect.loading') : t('collect.chooseSite')}
                    nothingFoundMessage={t('collect.noSites')}
                    {...form.getInputProps('institutionSiteId')}
                  />
                  <DateField
                    label={t('collect.collectedDate')}
                    withAsterisk
                    maxDate={todayIn(institution.timeZone)}
                    {...form.getInputProps('collectedDate')}
                  />
                  <TimeField label={t('collect.collectedTime')} withAsterisk {...form.getInputProps('collectedTime')} />
                </SimpleGrid>
                <Stack gap={6} component="ol" className={classes.list} aria-label={t('collect.rows')}>
                  {form.values.rows.map((r, i) => (
                    <Paper
                      key={r.key}
                      component="li"
                      withBorder
                      radius="sm"
                      p="xs"
                      className={classes.stepRow}
                      data-refused={refused.has(i) || undefined}
                      style={{ '--depth': r.depth } as CSSProperties}
                      aria-label={t('collect.row', { n: i + 1, name: rowName(r) })}
                    >
                      <Text size="sm" fw={600} mb={4}>
                        {`${i + 1}. ${rowName(r)}`}
                        {r.parentKey ? (
                          <Text span size="xs" c="gray.7">
                            {t('collect.fromRow', { n: form.values.rows.findIndex((p) => p.key === r.parentKey) + 1 })}
                          </Text>
                        ) : null}
                      </Text>
                      <SimpleGrid cols={{ base: 1, xs: derived(r) ? 3 : 2 }} spacing="xs">
                        <TextInput
                          label={t('collect.sampleId')}
                          placeholder={t('collect.generated')}
                          size="sm"
                          {...form.getInputProps(`rows.${i}.sampleId`)}
                        />
                        <NumberField
                          label={t('collect.quantity')}
                          withAsterisk
                          size="sm"
                          rightSection={
                            r.unitSymbol ? (
                              <Text size="xs" c="gray.7">
                                {r.unitSymbol}
                              </Text>
                            ) : undefined
                          }
                          {...form.getInputProps(`rows.${i}.quantity`)}
                        />
                        {derived(r) && (
                          <NumberField
                            label={t('collect.parentAmountUsed')}
                            size="sm"
                            placeholder={t('collect.none')}
                            rightSection={
                              unitOfParent(form.values.rows, r) ? (
                                <Text size="xs" c="gray.7">
                                  {unitOfParent(form.values.rows, r)}
                                </Text>
                              ) : undefined
                            }
                            {...form.getInputProps(`rows.${i}.parentAmountUsed`)}
                          />
                        )}
                      </SimpleGrid>
                      {['specimenTypeId', 'unitOfMeasurementId', 'subSampleLineageId', 'parentKey'].map((f) =>
                        form.errors[`rows.${i}.${f}`] ? (
                          <Text key={f} size="xs" c="red.8" mt={4}>
                            {form.errors[`rows.${i}.${f}`]}
                          </Text>
                        ) : null,
                      )}
                    </Paper>
                  ))}
                </Stack>
                <Group justify="space-between">
                  <Button variant="default" onClick={() => setStep(0)}>
                    {t('collect.back')}
                  </Button>
                  <Button type="submit" loading={collect.isPending}>
                    {t('collect.submit')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Stepper.Step>
        </StepperShell>
      </Box>
    </Dialog>
  );
}

/** A derived child row: new material that may take some of its parent row's sample. */
const derived = (r: StepRow) => r.parentKey !== null && !r.aliquot;
/** Parent amounts are in the parent's unit. */
const unitOfParent = (rows: StepRow[], r: StepRow) => rows.find((p) => p.key === r.parentKey)?.unitSymbol ?? null;

const rowName = (r: StepRow) => `${r.name}${r.specimenType ? ` · ${r.specimenType}` : ''}`;
