import { useState, type FormEvent } from 'react';
import { Alert, Badge, Checkbox, Group, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import type { Site } from '@contract/institutions.contract';
import { FullScreenForm } from '@/components/full-screen-form';
import { SearchBox } from '@/components/search-box';
import { serverFormErrors } from '@/lib/contract-resolver';
import { useLookupOptions } from '@/lib/lookup-options';
import { useCurrentInstitution } from '@/lib/session-context';
import { useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { useCurrentProtocol } from '@/lib/protocol-context';
import { useAllProtocolSites } from '@/lib/protocol-sites';
import { useAddSites, useInstitutionSites } from '../api/sites';

interface Chosen {
  id: number;
  title: string;
  institution: string;
}

/**
 * spec 2 §2 "Create Site" selection (Title, Institution, checkboxes): one institution's sites at a time, since
 * the API lists sites per institution (any institution may be read); choices are kept while switching.
 * Sites already in the protocol show ticked and disabled. Nothing chosen does nothing (spec 2 §5).
 */
export function AddSitesForm({ onClose }: { onClose: () => void }) {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const institutions = useLookupOptions('institutions');
  const [siteInstId, setSiteInstId] = useState<string>(String(institution.id));
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Map<number, Chosen>>(() => new Map());
  const [tried, setTried] = useState(false);
  const sites = useInstitutionSites(Number(siteInstId), search);
  const current = useAllProtocolSites(institution.id, protocol.id);
  const inProtocol = new Set((current.data?.items ?? []).map((s) => s.institutionSiteId));
  const add = useAddSites(institution.id, protocol.id);
  const guard = useUnsavedChangesGuard(chosen.size > 0);
  const institutionTitle = institutions.options.find((o) => o.value === siteInstId)?.label ?? '';

  const rows = sites.data?.items ?? [];
  const free = rows.filter((s) => !inProtocol.has(s.id));
  const allShown = free.length > 0 && free.every((s) => chosen.has(s.id));
  const toggle = (list: Site[], on: boolean) =>
    setChosen((prev) => {
      const next = new Map(prev);
      for (const s of list) {
        if (on) next.set(s.id, { id: s.id, title: s.title, institution: institutionTitle });
        else next.delete(s.id);
      }
      return next;
    });

  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    setTried(true);
    if (chosen.size === 0) return;
    add.mutate(
      { institutionSiteIds: [...chosen.keys()] },
      {
        onSuccess: ({ added }) => {
          notifications.show({
            color: 'teal',
            message: added === 1 ? '1 site added.' : `${added} sites added.`,
            autoClose: 3000,
          });
          guard.release();
          onClose();
        },
      },
    );
  };

  return (
    <FullScreenForm
      title="Add Sites"
      opened
      onClose={onClose}
      guard={guard}
      width={820}
      onSubmit={submit}
      submitting={add.isPending}
      error={serverFormErrors(add.error).title}
    >
      <Stack gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Institution"
            data={institutions.options}
            value={siteInstId}
            searchable
            allowDeselect={false}
            w={{ base: '100%', sm: 320 }}
            placeholder={institutions.isPending ? 'Loading…' : undefined}
            onChange={(v) => {
              if (v) setSiteInstId(v);
            }}
          />
          <SearchBox value={search} onSearch={(t) => setSearch(t.trim())} placeholder="Site title or abbreviation" />
        </Group>
        <Text
          size="sm"
          c={tried && chosen.size === 0 ? 'red.8' : 'dimmed'}
          role={tried && chosen.size === 0 ? 'alert' : undefined}
        >
          {chosen.size === 0
            ? 'Select at least one site'
            : `${chosen.size} selected: ${[...chosen.values()].map((c) => c.title).join(', ')}`}
        </Text>
        {sites.isError ? (
          <Alert color="red" icon={<IconAlertCircle />} title="The sites could not be loaded">
            {sites.error.message}
          </Alert>
        ) : (
          <ScrollArea.Autosize mah="60vh" type="auto">
            <Table striped highlightOnHover withTableBorder aria-label="Institution sites" aria-busy={sites.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={44}>
                    <Checkbox
                      aria-label="Select all sites shown"
                      checked={allShown}
                      disabled={free.length === 0}
                      indeterminate={!allShown && free.some((s) => chosen.has(s.id))}
                      onChange={(e) => toggle(free, e.currentTarget.checked)}
                    />
                  </Table.Th>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Institution</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((s) => {
                  const already = inProtocol.has(s.id);
                  return (
                    <Table.Tr
                      key={s.id}
                      onClick={() => {
                        if (!already) toggle([s], !chosen.has(s.id));
                      }}
                      style={{ cursor: already ? undefined : 'pointer' }}
                    >
                      <Table.Td>
                        <Checkbox
                          aria-label={`Select ${s.title}`}
                          checked={already || chosen.has(s.id)}
                          disabled={already}
                          onClick={(e) => e.stopPropagation()}
                          onChange={(e) => toggle([s], e.currentTarget.checked)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="wrap">
                          <span>{s.title}</span>
                          {already && (
                            <Badge size="xs" variant="light" color="gray">
                              In the protocol
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>{institutionTitle}</Table.Td>
                    </Table.Tr>
                  );
                })}
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={3}>
                      <Text size="sm" c="gray.7" ta="center" py="md">
                        {sites.isPending
                          ? 'Loading sites…'
                          : search
                            ? `No site of ${institutionTitle} matches '${search}'.`
                            : `${institutionTitle || 'This institution'} has no enabled sites.`}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </FullScreenForm>
  );
}
