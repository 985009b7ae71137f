import { ActionIcon, Alert, Button, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDots, IconEye, IconEyeOff, IconPencil, IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { parseId } from '@contract/common.contract';
import type { Consent } from '@contract/protocols.contract';
import { PagedTable } from '@/components/paged-table';
import { PageLoader } from '@/components/page-loader';
import { useListState } from '@/components/use-list-state';
import { ApiError } from '@/lib/api-client';
import { formatCount, formatDate, fullName } from '@/lib/format';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { protocolPath, useCurrentProtocol } from '@/lib/protocol-context';
import { useConsent, useConsents, useConsentVersions, useDisableConsent } from '../api/consents';
import { ConsentForm } from './consent-form';
import { ConsentView } from './consent-view';

interface RowActions {
  onView: (c: Consent) => void;
  onEdit?: (c: Consent) => void;
  onDisable?: (c: Consent) => void;
}

function consentColumns({ onView, onEdit, onDisable }: RowActions): DataTableColumn<Consent>[] {
  return [
    { accessor: 'title', title: 'Consent' },
    { accessor: 'version', title: 'Version', textAlign: 'right', width: 90 },
    { accessor: 'createdDate', title: 'Created Date', noWrap: true, render: (c) => formatDate(c.createdDate) },
    { accessor: 'creatorAccount', title: 'Created By', render: (c) => fullName(c.creatorAccount) },
    {
      accessor: 'signatureCount',
      title: 'Signatures',
      textAlign: 'right',
      width: 110,
      render: (c) => formatCount(c.signatureCount),
    },
    {
      accessor: 'actions',
      title: '',
      textAlign: 'right',
      width: 56,
      render: (c) => (
        // The row opens View; the menu's clicks must not open it too.
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Actions for ${c.title}`}
              onClick={(e) => e.stopPropagation()}
            >
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
            {onEdit && (
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(c)}>
                Edit
              </Menu.Item>
            )}
            <Menu.Item leftSection={<IconEye size={16} />} onClick={() => onView(c)}>
              View
            </Menu.Item>
            {onDisable && (
              <Menu.Item color="red" leftSection={<IconEyeOff size={16} />} onClick={() => onDisable(c)}>
                Disable
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];
}

/**
 * spec 2 §2 "Consents page": the protocol's enabled consents with Edit, View and Disable (the spec's
 * Disable does nothing; here it asks, then disables). The forms and the dialog have their own addresses
 * below /consents (new, {id}, {id}/edit), so the browser's Back closes them.
 */
export function ConsentsPage() {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const canManage = useCan('protocols.manage');
  const list = useListState();
  const consents = useConsents(institution.id, protocol.id, { page: list.page, pageSize: list.pageSize });
  const disable = useDisableConsent(institution.id, protocol.id);
  const navigate = useNavigate();
  const { search } = useLocation();
  const go = (sub = '') => void navigate({ pathname: protocolPath(protocol, `consents${sub}`), search });

  const confirmDisable = (c: Consent) =>
    modals.openConfirmModal({
      title: 'Disable Consent',
      children: (
        <Text size="sm">
          {`'${c.title}' will leave the list and can no longer be signed.`}
          {c.signatureCount > 0 &&
            ` The ${formatCount(c.signatureCount)} signature${c.signatureCount === 1 ? '' : 's'} already given stay, with the text signed.`}
        </Text>
      ),
      labels: { confirm: 'Disable', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        disable.mutate(c.id, {
          onSuccess: () =>
            notifications.show({ color: 'teal', message: `Consent '${c.title}' disabled.`, autoClose: 3000 }),
        }),
    });

  const columns = consentColumns({
    onView: (c) => go(`/${c.id}`),
    onEdit: canManage ? (c) => go(`/${c.id}/edit`) : undefined,
    onDisable: canManage ? confirmDisable : undefined,
  });
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={26}>
            Consents
          </Title>
          <Text size="sm" c="dimmed">
            The texts participants of this protocol sign. A signed text is never changed: editing it makes a new
            version.
          </Text>
        </div>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => go('/new')}>
            Create Consent
          </Button>
        )}
      </Group>
      <PagedTable
        query={consents}
        list={list}
        columns={columns}
        pinLastColumn
        emptyText={canManage ? 'No consents yet. Create Consent adds the first.' : 'No consents yet.'}
        onRowClick={(c) => go(`/${c.id}`)}
      />
      <Routes>
        <Route path="new" element={canManage ? <ConsentForm onClose={() => go()} /> : null} />
        <Route
          path=":consentId"
          element={<ViewRoute onClose={() => go()} onEdit={canManage ? (id) => go(`/${id}/edit`) : undefined} />}
        />
        <Route path=":consentId/edit" element={canManage ? <EditRoute onClose={() => go()} /> : null} />
        <Route path="*" element={null} />
      </Routes>
    </Stack>
  );
}

const useConsentIdParam = () => parseId(useParams().consentId);

function ViewRoute({ onClose, onEdit }: { onClose: () => void; onEdit?: (id: number) => void }) {
  const id = useConsentIdParam();
  if (!id) return null;
  return <ConsentView key={id} consentId={id} onClose={onClose} onEdit={onEdit && (() => onEdit(id))} />;
}

/** Edit loads the consent again (its current stamp and versions) before the form opens. */
function EditRoute({ onClose }: { onClose: () => void }) {
  const id = useConsentIdParam();
  if (!id) return null;
  return <EditConsent key={id} consentId={id} onClose={onClose} />;
}

function EditConsent({ consentId, onClose }: { consentId: number; onClose: () => void }) {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const consent = useConsent(institution.id, protocol.id, consentId, { fresh: true });
  const versions = useConsentVersions(institution.id, protocol.id, consentId);
  if (consent.isError) {
    const gone = consent.error instanceof ApiError && consent.error.status === 404;
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle />}
        title={gone ? 'Consent not found' : 'The consent could not be loaded'}
        withCloseButton
        onClose={onClose}
      >
        {gone ? 'It may belong to another protocol.' : consent.error.message}
      </Alert>
    );
  }
  if (!consent.isFetchedAfterMount || !consent.data || versions.isPending) return <PageLoader />;
  return <ConsentForm consent={consent.data} versions={versions.data} onClose={onClose} />;
}
