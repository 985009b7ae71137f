import { useRef, useState, type KeyboardEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconInfoCircle, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import type { Patient } from '@contract/participants.contract';
import type { CollectedSample } from '@contract/samples.contract';
import { usePendingAdder } from '@/components/pending-adders';
import { age, fullName } from '@/lib/format';
import { ActionsTh } from '@/components/actions-th';
import { useParticipantSearch, type ParticipantSearch } from '../api/participant-search';
import { SampleSearch } from './sample-search';

/** The collected sample an order is on: its record id and sample ID. */
export type OrderSample = Pick<CollectedSample, 'id' | 'sampleId'>;

interface Props {
  instId: number;
  selected: Patient[];
  /** The collected sample the order is for (COLLECTED SAMPLE ID tab), or null. */
  sample: OrderSample | null;
  onChange: (selected: Patient[], sample: OrderSample | null) => void;
}

/**
 * spec 1 §2 New Order step 1 'Select Patients': by MRN or phone (tick, Add; several participants), or by
 * COLLECTED SAMPLE ID (one sample: its donor alone, the order is on that sample). The chosen ones below.
 */
export function ParticipantPicker({ instId, selected, sample, onChange }: Props) {
  const { t } = useTranslation('orders');
  return (
    <Stack>
      <Tabs defaultValue="mrn" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="mrn">{t('picker.tabMrn')}</Tabs.Tab>
          <Tabs.Tab value="sample">{t('picker.tabSample')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="mrn" pt="md">
          {/* An order on a sample is for its donor alone: adding participants leaves the sample. */}
          <SearchResults instId={instId} selected={selected} onAdd={(more) => onChange([...selected, ...more], null)} />
        </Tabs.Panel>
        <Tabs.Panel value="sample" pt="md">
          <SampleSearch instId={instId} chosen={sample} onChoose={(donor, s) => onChange([donor], s)} />
        </Tabs.Panel>
      </Tabs>
      <SelectedList
        selected={selected}
        sample={sample}
        onRemove={(p) =>
          onChange(
            selected.filter((s) => s.id !== p.id),
            null,
          )
        }
      />
    </Stack>
  );
}

function SearchResults({
  instId,
  selected,
  onAdd,
}: {
  instId: number;
  selected: Patient[];
  onAdd: (p: Patient[]) => void;
}) {
  const { t } = useTranslation('orders');
  const [mrn, setMrn] = useState('');
  const [phone, setPhone] = useState('');
  const [search, setSearch] = useState<ParticipantSearch | null>(null);
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const results = useParticipantSearch(instId, search);
  const chosen = new Set(selected.map((p) => p.id));
  const [flagged, setFlagged] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  // issue 11, the adder rule: participants ticked but not added stop Next, with the reason beside Add.
  usePendingAdder(ticked.size > 0, () => {
    setFlagged(true);
    addButton.current?.focus();
  });

  // spec 1 §5: searching with neither does nothing; the two are mutually exclusive.
  const run = () => {
    const next = mrn.trim() ? { mrn: mrn.trim() } : phone.trim() ? { phone: phone.trim() } : null;
    if (!next) return;
    setTicked(new Set());
    setSearch(next);
  };
  const onEnter = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      run();
    }
  };
  const toggle = (id: number) =>
    setTicked((prev) => {
      setFlagged(false);
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const add = () => {
    onAdd((results.data ?? []).filter((p) => ticked.has(p.id) && !chosen.has(p.id)));
    setTicked(new Set());
    setFlagged(false);
  };

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('picker.mrn')}
          placeholder={t('picker.mrnPlaceholder')}
          w={220}
          value={mrn}
          autoComplete="off"
          data-autofocus
          onChange={(e) => {
            setMrn(e.currentTarget.value);
            if (e.currentTarget.value) setPhone('');
          }}
          onKeyDown={onEnter}
        />
        <Text size="sm" c="dimmed" pb={8}>
          {t('picker.or')}
        </Text>
        <TextInput
          label={t('picker.phone')}
          placeholder={t('picker.phonePlaceholder')}
          w={220}
          type="tel"
          value={phone}
          autoComplete="off"
          onChange={(e) => {
            setPhone(e.currentTarget.value);
            if (e.currentTarget.value) setMrn('');
          }}
          onKeyDown={onEnter}
        />
        <Button
          variant="default"
          leftSection={<IconSearch size={16} />}
          onClick={run}
          disabled={!mrn.trim() && !phone.trim()}
        >
          {t('picker.search')}
        </Button>
      </Group>
      {results.isFetching && <Loader size="sm" type="dots" role="status" aria-label={t('picker.searching')} />}
      {search &&
        results.isSuccess &&
        !results.isFetching &&
        (results.data.length === 0 ? (
          <Alert color="gray" icon={<IconInfoCircle />}>
            {'mrn' in search ? t('picker.noMrn', { mrn: search.mrn }) : t('picker.noPhone', { phone: search.phone })}
          </Alert>
        ) : (
          <Paper withBorder radius="md">
            <Table verticalSpacing={6} aria-label={t('picker.results')}>
              <Table.Tbody>
                {results.data.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td w={40}>
                      <Checkbox
                        aria-label={t('picker.select', { name: fullName(p) })}
                        checked={ticked.has(p.id) || chosen.has(p.id)}
                        disabled={chosen.has(p.id)}
                        onChange={() => toggle(p.id)}
                      />
                    </Table.Td>
                    <Table.Td>{fullName(p)}</Table.Td>
                    <Table.Td c="dimmed">{p.patientMRN ?? '—'}</Table.Td>
                    <Table.Td c="dimmed">{age(p.birthDate)}</Table.Td>
                    <Table.Td c="dimmed">{p.phoneNumber ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group justify="flex-end" p="xs">
              {flagged && ticked.size > 0 && (
                <Text size="sm" c="red.8" role="alert">
                  {t('picker.pressAdd')}
                </Text>
              )}
              <Button
                ref={addButton}
                size="xs"
                leftSection={<IconPlus size={14} />}
                disabled={ticked.size === 0}
                onClick={add}
              >
                {t('picker.add')}
              </Button>
            </Group>
          </Paper>
        ))}
    </Stack>
  );
}

function SelectedList({
  selected,
  sample,
  onRemove,
}: {
  selected: Patient[];
  sample: OrderSample | null;
  onRemove: (p: Patient) => void;
}) {
  const { t } = useTranslation('orders');
  return (
    <Stack gap={6}>
      <Title order={3} fz="md">
        {t('picker.selectedTitle', { count: selected.length })}
      </Title>
      {sample && (
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="picker.onSample"
            values={{ sampleId: sample.sampleId }}
            components={{ b: <Text span fw={700} ff="monospace" /> }}
          />
        </Text>
      )}
      {selected.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('picker.noneSelected')}
        </Text>
      ) : (
        <Paper withBorder radius="md">
          <Table verticalSpacing={6} aria-label={t('picker.selected')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('picker.name')}</Table.Th>
                <Table.Th>{t('picker.age')}</Table.Th>
                <Table.Th>{t('picker.phone')}</Table.Th>
                <ActionsTh w={50} label={t('picker.remove')} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {selected.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{fullName(p)}</Table.Td>
                  <Table.Td>{age(p.birthDate)}</Table.Td>
                  <Table.Td>{p.phoneNumber ?? '—'}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('picker.removeWho', { name: fullName(p) })}
                      onClick={() => onRemove(p)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
