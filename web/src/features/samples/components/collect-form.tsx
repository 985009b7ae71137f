import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconSearch, IconUser } from '@tabler/icons-react';
import { MSG } from '@contract/messages';
import { SampleInput } from '@contract/samples.contract';
import { DateField } from '@/components/date-field';
import { FullScreenForm, isCreateAnother } from '@/components/full-screen-form';
import { NumberField } from '@/components/number-field';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { calendarDate, fullName, nowHourMinute } from '@/lib/format';
import { todayIn } from '@contract/common.contract';
import { useLookupOptions } from '@/lib/lookup-options';
import { usePatientSearch } from '@/lib/patient-search';
import { useCurrentInstitution } from '@/lib/session-context';
import { formChanged, useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { useEvents } from '@/lib/protocol-events';
import { useCurrentProtocol } from '@/lib/protocol-context';
import { OutsideDatesDialog, outsideDatesTitle } from '@/components/outside-dates-dialog';
import { useAllProtocolSites } from '@/lib/protocol-sites';
import { problemTitle } from './sample-format';
import { useCreateSample } from '../api/samples';
import { TimeField } from '@/components/time-field';

type Values = {
  patientId: string | null;
  sampleId: string;
  institutionSiteId: string | null;
  collectionProtocolEventId: string | null;
  specimenTypeId: string | null;
  collectedAmount: number | string;
  unitOfMeasurementId: string | null;
  collectedDate: string | null;
  collectedTime: string;
};

const fresh = (today: string): Values => ({
  patientId: null,
  sampleId: '',
  institutionSiteId: null,
  collectionProtocolEventId: null,
  specimenTypeId: null,
  collectedAmount: '',
  unitOfMeasurementId: null,
  collectedDate: today,
  collectedTime: nowHourMinute(),
});

const validateContract = contractResolver(SampleInput);
// The contract checks the references only once the fields it types are valid; the form says everything at once.
const REQUIRED: [keyof Values, string][] = [
  ['institutionSiteId', MSG.requiredSelect],
  ['collectionProtocolEventId', MSG.requiredSelect],
  ['specimenTypeId', MSG.requiredSelect],
  ['unitOfMeasurementId', MSG.requiredSelect],
  ['collectedDate', MSG.required],
];

/** The patient a participant page already names (the MRN look-up is then hidden). */
export interface KnownPatient {
  id: number;
  firstName: string;
  fatherName: string;
  grandFatherName: string;
  birthDate: string;
  gender: { title: string | null } | null;
}

/**
 * spec 2 §2 "Collect Specimen full-screen form", §5: the patient by MRN (Enter looks up, first match), an
 * optional sample ID (generated when empty), site, event, specimen type, amount, unit, date and time.
 * 'Submit and create another' keeps the patient, site, event, type, unit and date.
 */
export function CollectForm({ onClose, patient: known }: { onClose: () => void; patient?: KnownPatient }) {
  const { t } = useTranslation('samples');
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const sites = useAllProtocolSites(institution.id, protocol.id);
  const events = useEvents(institution.id, protocol.id);
  const types = useLookupOptions('specimenTypes');
  const units = useLookupOptions('unitOfMeasurements');
  const create = useCreateSample(institution.id, protocol.id);
  const [mrn, setMrn] = useState('');
  const [search, setSearch] = useState<{ mrn: string } | null>(null);
  const found = usePatientSearch(institution.id, search);
  const patient: KnownPatient | null = known ?? (search && found.data?.[0]) ?? null;

  const form = useForm<Values>({
    initialValues: fresh(todayIn(institution.timeZone)),
    validate: (values) => {
      // The patient is the look-up's answer, not a typed value: the submit checks it (below).
      const errors = validateContract({ ...values, patientId: 1 });
      for (const [field, message] of REQUIRED) if (!values[field] && !errors[field]) errors[field] = message;
      if (values.collectedAmount === '') errors.collectedAmount = MSG.required;
      // At most today in the institution's time zone (the server refuses the same).
      if (!errors.collectedDate && values.collectedDate && values.collectedDate > todayIn(institution.timeZone))
        errors.collectedDate = MSG.collectedFuture;
      return errors;
    },
  });
  const guard = useUnsavedChangesGuard(formChanged(form));

  const siteOptions = useMemo(
    () =>
      (sites.data?.items ?? []).map((s) => ({
        value: String(s.institutionSiteId),
        label: s.institutionSite?.title ?? t('collect.siteFallback', { id: s.institutionSiteId }),
      })),
    [sites.data, t],
  );
  const eventOptions = useMemo(
    () => (events.data ?? []).map((e) => ({ value: String(e.id), label: `${e.label} (${e.eventCode})` })),
    [events.data],
  );

  const chooseEvent = (value: string | null) => {
    form.setFieldValue('collectionProtocolEventId', value);
    const site = events.data?.find((e) => String(e.id) === value)?.institutionSiteId;
    if (site && !form.values.institutionSiteId && siteOptions.some((o) => o.value === String(site)))
      form.setFieldValue('institutionSiteId', String(site));
  };
  const chooseType = (value: string | null) => {
    form.setFieldValue('specimenTypeId', value);
    // A specimen type names its usual unit: offered when no unit is chosen yet.
    const unit = types.rows.find((r) => String(r.id) === value)?.unitOfMeasurementId;
    if (unit && !form.values.unitOfMeasurementId) form.setFieldValue('unitOfMeasurementId', String(unit));
  };

  // A collection date outside the protocol's dates asks first; 'Collect anyway' sends the same values again, accepted.
  const [outside, setOutside] = useState<{ message: string; another: boolean } | null>(null);
  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    const invalid = form.validate().hasErrors;
    if (!patient) form.setFieldError('patientId', MSG.requiredSelect);
    if (invalid || !patient) return;
    send(isCreateAnother(event), false);
  };
  const send = (another: boolean, acceptOutsideDates: boolean) => {
    if (!patient) return;
    const values = { ...form.getValues(), patientId: String(patient.id) };
    create.mutate(SampleInput.parse({ ...values, acceptOutsideDates }), {
      onSuccess: (s) => {
        setOutside(null);
        notifications.show({ color: 'teal', message: t('form.collected', { sampleId: s.sampleId }), autoClose: 3000 });
        if (!another) {
          guard.release();
          onClose();
          return;
        }
        const kept = {
          ...fresh(todayIn(institution.timeZone)),
          ...pick(values, [
            'institutionSiteId',
            'collectionProtocolEventId',
            'specimenTypeId',
            'unitOfMeasurementId',
            'collectedDate',
          ]),
        };
        form.setInitialValues(kept);
        form.setValues(kept);
        create.reset();
      },
      onError: (error) => {
        const message = outsideDatesTitle(error);
        setOutside(message ? { message, another } : null);
        if (!message) form.setErrors(serverFormErrors(error).fields);
      },
    });
  };

  const lookUp = () => {
    const term = mrn.trim();
    if (term) setSearch({ mrn: term });
    form.clearFieldError('patientId');
  };
  const noMatch = search && found.isSuccess && found.data.length === 0;

  return (
    <FullScreenForm
      title={t('collect.title')}
      opened
      onClose={onClose}
      onSubmit={submit}
      submitting={create.isPending}
      error={outside ? null : problemTitle(create.error)}
      allowAnother
      guard={guard}
    >
      <OutsideDatesDialog
        message={outside?.message ?? null}
        action={t('collect.collectAnyway')}
        note={t('form.outsideNote')}
        loading={create.isPending}
        onConfirm={() => send(outside?.another ?? false, true)}
        onCancel={() => setOutside(null)}
      />
      <Stack gap="sm">
        {!known && (
          <TextInput
            label={t('form.mrn')}
            withAsterisk
            data-autofocus
            value={mrn}
            placeholder={t('form.mrnPlaceholder')}
            description={t('form.mrnHint')}
            leftSection={<IconSearch size={16} />}
            rightSection={
              found.isFetching ? (
                <Text size="xs" c="gray.7">
                  …
                </Text>
              ) : undefined
            }
            onChange={(e) => setMrn(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                lookUp();
              }
            }}
            error={noMatch ? t('form.noMatch', { mrn: search.mrn }) : form.errors.patientId}
          />
        )}
        {patient && <PatientCard patient={patient} />}
        <TextInput
          label={t('form.sampleId')}
          description={t('form.sampleIdHint')}
          {...form.getInputProps('sampleId')}
        />
        <Select
          label={t('collect.site')}
          withAsterisk
          data={siteOptions}
          placeholder={sites.isPending ? t('collect.loading') : t('collect.chooseSite')}
          nothingFoundMessage={t('collect.noSites')}
          {...form.getInputProps('institutionSiteId')}
        />
        <Select
          label={t('collect.event')}
          withAsterisk
          data={eventOptions}
          placeholder={events.isPending ? t('collect.loading') : t('collect.chooseEvent')}
          nothingFoundMessage={t('collect.noEvents')}
          {...form.getInputProps('collectionProtocolEventId')}
          onChange={chooseEvent}
        />
        <Select
          label={t('form.specimenType')}
          withAsterisk
          searchable
          data={types.options}
          placeholder={types.isPending ? t('collect.loading') : t('form.searchType')}
          {...form.getInputProps('specimenTypeId')}
          onChange={chooseType}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberField label={t('form.amount')} withAsterisk {...form.getInputProps('collectedAmount')} />
          <Select
            label={t('form.unit')}
            withAsterisk
            searchable
            data={units.options}
            placeholder={units.isPending ? t('collect.loading') : t('form.searchUnit')}
            {...form.getInputProps('unitOfMeasurementId')}
          />
          <DateField
            label={t('collect.collectedDate')}
            withAsterisk
            maxDate={todayIn(institution.timeZone)}
            {...form.getInputProps('collectedDate')}
          />
          <TimeField label={t('collect.collectedTime')} withAsterisk {...form.getInputProps('collectedTime')} />
        </SimpleGrid>
      </Stack>
    </FullScreenForm>
  );
}

function PatientCard({ patient }: { patient: KnownPatient }) {
  const { t } = useTranslation('samples');
  return (
    <Paper withBorder radius="md" p="sm" bg="blue.0" aria-label={t('form.patient')}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconUser size={20} style={{ marginTop: 2, flexShrink: 0 }} />
        <div>
          <Text fw={700} size="sm">
            {fullName(patient)}
          </Text>
          <Text size="sm">
            {t('form.born', { date: calendarDate(patient.birthDate), gender: patient.gender?.title ?? '—' })}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

function pick<T extends object, K extends keyof T>(o: T, ks: K[]): Pick<T, K> {
  return Object.fromEntries(ks.map((k) => [k, o[k]])) as Pick<T, K>;
}
