import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { ProtocolSite } from '@contract/protocols.contract';
import { PagedTable } from '@/components/paged-table';
import { useListState } from '@/components/use-list-state';
import { formatDate } from '@/lib/format';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { protocolPath, useCurrentProtocol } from '@/lib/protocol-context';
import { AddSitesForm } from './add-sites-form';
import { useProtocolSites } from '@/lib/protocol-sites';
import { useRemoveSite } from '../api/sites';

/**
 * spec 2 §2 "Sites page": the protocol's sites (of any institution), Add Sites (sites/add) and Remove,
 * which disables the link after asking (the spec's page has no way to take a site out again).
 */
export function SitesPage() {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const canManage = useCan('protocols.manage');
  const list = useListState();
  const sites = useProtocolSites(institution.id, protocol.id, { page: list.page, pageSize: list.pageSize });
  const remove = useRemoveSite(institution.id, protocol.id);
  const navigate = useNavigate();
  const { search } = useLocation();
  const adding = useParams()['*'] === 'add';
  const { t } = useTranslation('protocols');
  const { t: tc } = useTranslation('common');
  const back = () => void navigate({ pathname: protocolPath(protocol, 'sites'), search });

  const confirmRemove = (s: ProtocolSite) =>
    modals.openConfirmModal({
      title: t('sites.removeTitle'),
      children: (
        <Text size="sm">
          {t('sites.removeQuestion', {
            site: s.institutionSite?.title ?? t('sites.thisSite'),
            institution: s.institution?.title ?? t('sites.unknownInstitution'),
            protocol: protocol.title,
          })}
        </Text>
      ),
      labels: { confirm: t('sites.remove'), cancel: tc('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(s.id, {
          onSuccess: () =>
            notifications.show({
              color: 'teal',
              message: t('sites.removed', { site: s.institutionSite?.title ?? t('sites.theSite') }),
              autoClose: 3000,
            }),
        }),
    });

  const columns: DataTableColumn<ProtocolSite>[] = [
    { accessor: 'institutionSite.title', title: t('sites.site'), render: (s) => s.institutionSite?.title ?? '—' },
    { accessor: 'institution.title', title: t('sites.institution'), render: (s) => s.institution?.title ?? '—' },
    { accessor: 'createdDate', title: t('sites.added'), render: (s) => formatDate(s.createdDate) },
    ...(canManage
      ? [
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right' as const,
            render: (s: ProtocolSite) => (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                aria-label={t('sites.removeOne', { site: s.institutionSite?.title ?? t('sites.aSite') })}
                loading={remove.isPending && remove.variables === s.id}
                onClick={(e) => {
                  e.stopPropagation();
                  confirmRemove(s);
                }}
              >
                {t('sites.remove')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={26}>
            {t('sites.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('sites.intro')}
          </Text>
        </div>
        {canManage && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => void navigate({ pathname: protocolPath(protocol, 'sites/add'), search })}
          >
            {t('sites.add')}
          </Button>
        )}
      </Group>
      <PagedTable query={sites} list={list} columns={columns} emptyText={t('sites.empty')} />
      {canManage && adding && <AddSitesForm onClose={back} />}
    </Stack>
  );
}
