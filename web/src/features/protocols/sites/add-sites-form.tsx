import { useState, type FormEvent } from 'react';
import { Alert, Badge, Checkbox, Group, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('protocols');
  const { t: tc } = useTranslation('common');
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
            message: t('addSites.added', { count: added }),
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
      title={t('addSites.title')}
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
            label={t('addSites.institution')}
            data={institutions.options}
            value={siteInstId}
            searchable
            allowDeselect={false}
            w={{ base: '100%', sm: 320 }}
            placeholder={institutions.isPending ? tc('loadingEllipsis') : undefined}
            onChange={(v) => {
              if (v) setSiteInstId(v);
            }}
          />
          <SearchBox value={search} onSearch={(t) => setSearch(t.trim())} placeholder={t('addSites.search')} />
        </Group>
        <Text
          size="sm"
          c={tried && chosen.size === 0 ? 'red.8' : 'dimmed'}
          role={tried && chosen.size === 0 ? 'alert' : undefined}
        >
          {chosen.size === 0
            ? t('addSites.selectOne')
            : t('addSites.selected', {
                count: chosen.size,
                names: [...chosen.values()].map((c) => c.title).join(', '),
              })}
        </Text>
        {sites.isError ? (
          <Alert color="red" icon={<IconAlertCircle />} title={t('addSites.loadFailed')}>
            {sites.error.message}
          </Alert>
        ) : (
          <ScrollArea.Autosize mah="60vh" type="auto">
            <Table
              striped
              highlightOnHover
              withTableBorder
              aria-label={t('addSites.table')}
              aria-busy={sites.isFetching}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={44}>
                    <Checkbox
                      aria-label={t('addSites.selectAll')}
                      checked={allShown}
                      disabled={free.length === 0}
                      indeterminate={!allShown && free.some((s) => chosen.has(s.id))}
                      onChange={(e) => toggle(free, e.currentTarget.checked)}
                    />
                  </Table.Th>
                  <Table.Th>{t('addSites.titleColumn')}</Table.Th>
                  <Table.Th>{t('addSites.institution')}</Table.Th>
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
                          aria-label={t('addSites.select', { title: s.title })}
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
                              {t('addSites.inProtocol')}
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
                          ? t('addSites.loadingSites')
                          : search
                            ? t('addSites.noMatch', { institution: institutionTitle, search })
                            : t('addSites.noSites', { institution: institutionTitle || t('addSites.thisInstitution') })}
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
