import { useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconSearch } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Patient } from '@contract/participants.contract';
import { FullScreenForm } from '@/components/full-screen-form';
import { age, fullName } from '@/lib/format';
import { useCurrentInstitution } from '@/lib/session-context';
import { useCurrentProtocol } from '@/lib/protocol-context';
import { OutsideDatesDialog, outsideDatesTitle } from '@/components/outside-dates-dialog';
import { usePatientSearch, type PatientSearch } from '@/lib/patient-search';
import { useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { useEnrol } from '../api/participants';

/** Recorded as deceased: a death date, or a vital status titled Dead or Deceased (the seeded list says Dead). */
const isDeceased = (p: Patient) => p.deathDate !== null || /\b(dead|deceased)\b/i.test(p.vitalStatus?.title ?? '');

/** "Abebe Kebede is recorded as deceased (died 2024-03-01)." for the ticked patients who are. */
function deceasedMessage(patients: Patient[], t: TFunction<'protocols'>): string | null {
  const dead = patients.filter(isDeceased);
  if (!dead.length) return null;
  const who = dead
    .map((p) => (p.deathDate ? t('enrol.died', { name: fullName(p), date: p.deathDate.slice(0, 10) }) : fullName(p)))
    .join(', ');
  return t('enrol.deceased', { count: dead.length, who });
}

/**
 * spec 2 §2 "Create Collection Protocol Participant": find patients by MRN or phone, tick them, Submit
 * enrols all ticked in one call (unlike the spec's one call per patient, and it says when none is
 * ticked). Ticks are kept across searches. A deceased patient (issue 28 item 7) and a day outside the
 * protocol's dates each ask before enrolling.
 */
export function EnrolForm({ onClose }: { onClose: () => void }) {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const enrol = useEnrol(institution.id, protocol.id);
  const [chosen, setChosen] = useState<Map<number, Patient>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [outside, setOutside] = useState<string | null>(null);
  const guard = useUnsavedChangesGuard(chosen.size > 0);
  const [deceased, setDeceased] = useState<string | null>(null);
  const { t } = useTranslation('protocols');
  const { t: tm } = useTranslation('messages');

  const toggle = (p: Patient) => {
    setError(null);
    setChosen((prev) => {
      const next = new Map(prev);
      if (next.has(p.id)) next.delete(p.id);
      else next.set(p.id, p);
      return next;
    });
  };
  const send = (acceptOutsideDates: boolean) => {
    setError(null);
    const patientIds = [...chosen.keys()];
    enrol.mutate(
      { patientIds, acceptOutsideDates },
      {
        onSuccess: (rows) => {
          setOutside(null);
          notifications.show({
            color: 'green',
            message: t('enrol.enrolled', { count: rows.length }),
          });
          guard.release();
          onClose();
        },
        onError: (e) => {
          const outsideTitle = outsideDatesTitle(e);
          setOutside(outsideTitle);
          if (!outsideTitle) setError(e.message);
        },
      },
    );
  };
  const submit = (e?: FormEvent<HTMLFormElement>) => {
    e?.preventDefault();
    if (chosen.size === 0) {
      setError(tm('selectParticipant'));
      return;
    }
    const dead = deceasedMessage([...chosen.values()], t);
    if (dead) {
      setDeceased(dead);
      return;
    }
    send(false);
  };
  const enrolDeceased = () => {
    setDeceased(null);
    send(false);
  };

  return (
    <FullScreenForm
      title={t('enrol.title')}
      opened
      onClose={onClose}
      onSubmit={submit}
      submitting={enrol.isPending && !outside}
      error={error}
      width={720}
      guard={guard}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {t('enrol.intro', { protocol: protocol.title })}
        </Text>
        <Search chosen={chosen} onToggle={toggle} />
        <Text size="sm" fw={500} aria-live="polite">
          {chosen.size === 0
            ? t('enrol.noneChosen')
            : t('enrol.selected', { count: chosen.size, names: [...chosen.values()].map(fullName).join(', ') })}
        </Text>
      </Stack>
      <OutsideDatesDialog
        title={t('enrol.deceasedTitle')}
        message={deceased}
        action={t('enrol.enrolAnyway')}
        note={t('enrol.deceasedNote')}
        loading={false}
        onConfirm={enrolDeceased}
        onCancel={() => setDeceased(null)}
      />
      <OutsideDatesDialog
        message={outside}
        action={t('enrol.enrolAnyway')}
        note={t('enrol.outsideNote')}
        loading={enrol.isPending}
        onConfirm={() => send(true)}
        onCancel={() => setOutside(null)}
      />
    </FullScreenForm>
  );
}

function Search({ chosen, onToggle }: { chosen: Map<number, Patient>; onToggle: (p: Patient) => void }) {
  const { institution } = useCurrentInstitution();
  const [mrn, setMrn] = useState('');
  const [phone, setPhone] = useState('');
  const [search, setSearch] = useState<PatientSearch | null>(null);
  const results = usePatientSearch(institution.id, search);
  const { t } = useTranslation('protocols');

  // spec 2 §5: the MRN wins; neither does nothing; typing in one clears the other.
  const run = () => {
    const next = mrn.trim() ? { mrn: mrn.trim() } : phone.trim() ? { phone: phone.trim() } : null;
    if (next) setSearch(next);
  };
  // Enter searches instead of submitting the form.
  const onEnter = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      run();
    }
  };

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('enrol.mrn')}
          placeholder={t('enrol.mrnPlaceholder')}
          w={{ base: '100%', xs: 220 }}
          value={mrn}
          autoComplete="off"
          data-autofocus
          onChange={(e) => {
            setMrn(e.currentTarget.value);
            if (e.currentTarget.value) setPhone('');
          }}
          onKeyDown={onEnter}
        />
        <TextInput
          label={t('enrol.phone')}
          placeholder={t('enrol.phonePlaceholder')}
          w={{ base: '100%', xs: 220 }}
          type="tel"
          value={phone}
          autoComplete="off"
          onChange={(e) => {
            setPhone(e.currentTarget.value);
            if (e.currentTarget.value) setMrn('');
          }}
          onKeyDown={onEnter}
        />
        <Button variant="default" leftSection={<IconSearch size={16} />} onClick={run}>
          {t('enrol.search')}
        </Button>
      </Group>
      {results.isFetching && <Loader size="sm" type="dots" role="status" aria-label={t('enrol.searching')} />}
      {results.isError && (
        <Alert color="red" title={t('enrol.searchFailed')}>
          {results.error.message}
        </Alert>
      )}
      {search &&
        results.isSuccess &&
        !results.isFetching &&
        (results.data.length === 0 ? (
          <Alert color="gray" icon={<IconInfoCircle />}>
            {'mrn' in search ? t('enrol.noMrn', { mrn: search.mrn }) : t('enrol.noPhone', { phone: search.phone })}
          </Alert>
        ) : (
          <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
            <Table verticalSpacing={6} aria-label={t('enrol.results')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <VisuallyHidden>{t('enrol.select')}</VisuallyHidden>
                  </Table.Th>
                  <Table.Th>{t('enrol.name')}</Table.Th>
                  <Table.Th>{t('enrol.age')}</Table.Th>
                  <Table.Th>{t('enrol.phone')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {results.data.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('enrol.selectOne', { name: fullName(p) })}
                        checked={chosen.has(p.id)}
                        onChange={() => onToggle(p)}
                      />
                    </Table.Td>
                    <Table.Td>
                      {fullName(p)}
                      {isDeceased(p) && (
                        <Badge ms={6} size="sm" color="gray" variant="outline">
                          {t('enrol.deceased')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{age(p.birthDate)}</Table.Td>
                    <Table.Td>{p.phoneNumber ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        ))}
    </Stack>
  );
}
