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
import type { Patient } from '@contract/participants.contract';
import { FullScreenForm } from '@/components/full-screen-form';
import { age, fullName } from '@/lib/format';
import { useCurrentInstitution } from '@/lib/session-context';
import { useCurrentProtocol } from '@/lib/protocol-context';
import { OutsideDatesDialog, outsideDatesTitle } from '@/components/outside-dates-dialog';
import { usePatientSearch, type PatientSearch } from '@/lib/patient-search';
import { useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { useEnrol } from '../api/participants';

const NONE_SELECTED = 'Select at least one participant';

/** Recorded as deceased: a death date, or a vital status titled Dead or Deceased (the seeded list says Dead). */
const isDeceased = (p: Patient) => p.deathDate !== null || /\b(dead|deceased)\b/i.test(p.vitalStatus?.title ?? '');

/** "Abebe Kebede is recorded as deceased (died 2024-03-01)." for the ticked patients who are. */
function deceasedMessage(patients: Patient[]): string | null {
  const dead = patients.filter(isDeceased);
  if (!dead.length) return null;
  const who = dead.map((p) => `${fullName(p)}${p.deathDate ? ` (died ${p.deathDate.slice(0, 10)})` : ''}`).join(', ');
  return `${who} ${dead.length === 1 ? 'is' : 'are'} recorded as deceased.`;
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
            message: `Enrolled ${rows.length} participant${rows.length === 1 ? '' : 's'}.`,
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
      setError(NONE_SELECTED);
      return;
    }
    const dead = deceasedMessage([...chosen.values()]);
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
      title="Create a Collection Protocol Participant"
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
          Find patients by MRN or by phone number, tick the ones to enrol in {protocol.title}, then Submit.
        </Text>
        <Search chosen={chosen} onToggle={toggle} />
        <Text size="sm" fw={500} aria-live="polite">
          {chosen.size === 0
            ? 'No participant selected.'
            : `Selected (${chosen.size}): ${[...chosen.values()].map(fullName).join(', ')}`}
        </Text>
      </Stack>
      <OutsideDatesDialog
        title="Deceased participant"
        message={deceased}
        action="Enrol anyway"
        note="Enrol anyway? If the vital status is wrong, correct it on the participant's record first."
        loading={false}
        onConfirm={enrolDeceased}
        onCancel={() => setDeceased(null)}
      />
      <OutsideDatesDialog
        message={outside}
        action="Enrol anyway"
        note="Enrol anyway? Each enrolment is recorded as made outside the protocol's dates."
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
          label="MRN"
          placeholder="Participant MRN"
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
          label="Phone Number"
          placeholder="e.g. 0911223344"
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
          Search
        </Button>
      </Group>
      {results.isFetching && <Loader size="sm" type="dots" role="status" aria-label="Searching" />}
      {results.isError && (
        <Alert color="red" title="The search failed">
          {results.error.message}
        </Alert>
      )}
      {search &&
        results.isSuccess &&
        !results.isFetching &&
        (results.data.length === 0 ? (
          <Alert color="gray" icon={<IconInfoCircle />}>
            No patient has {'mrn' in search ? `the MRN '${search.mrn}'` : `the phone number '${search.phone}'`}.
          </Alert>
        ) : (
          <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
            <Table verticalSpacing={6} aria-label="Search results">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <VisuallyHidden>Select</VisuallyHidden>
                  </Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Age</Table.Th>
                  <Table.Th>Phone Number</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {results.data.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${fullName(p)}`}
                        checked={chosen.has(p.id)}
                        onChange={() => onToggle(p)}
                      />
                    </Table.Td>
                    <Table.Td>
                      {fullName(p)}
                      {isDeceased(p) && (
                        <Badge ml={6} size="sm" color="gray" variant="outline">
                          Deceased
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
