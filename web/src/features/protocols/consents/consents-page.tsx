import { ActionIcon, Alert, Button, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDots, IconEye, IconEyeOff, IconPencil, IconPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
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

function consentColumns(
  { onView, onEdit, onDisable }: RowActions,
  t: TFunction<'protocols'>,
  tc: TFunction<'common'>,
): DataTableColumn<Consent>[] {
  return [
    { accessor: 'title', title: t('consents.consent') },
    { accessor: 'version', title: t('consents.version'), textAlign: 'right', width: 90 },
    {
      accessor: 'createdDate',
      title: t('consents.createdDate'),
      noWrap: true,
      render: (c) => formatDate(c.createdDate),
    },
    { accessor: 'creatorAccount', title: t('consents.createdBy'), render: (c) => fullName(c.creatorAccount) },
    {
      accessor: 'signatureCount',
      title: t('consents.signatures'),
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
              aria-label={t('consents.actionsFor', { title: c.title })}
              onClick={(e) => e.stopPropagation()}
            >
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
            {onEdit && (
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(c)}>
                {tc('edit')}
              </Menu.Item>
            )}
            <Menu.Item leftSection={<IconEye size={16} />} onClick={() => onView(c)}>
              {t('consents.view')}
            </Menu.Item>
            {onDisable && (
              <Menu.Item color="red" leftSection={<IconEyeOff size={16} />} onClick={() => onDisable(c)}>
                {t('consents.disable')}
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
  const { t } = useTranslation('protocols');
  const { t: tc } = useTranslation('common');
  const go = (sub = '') => void navigate({ pathname: protocolPath(protocol, `consents${sub}`), search });

  const confirmDisable = (c: Consent) =>
    modals.openConfirmModal({
      title: t('consents.disableTitle'),
      children: (
        <Text size="sm">
          {t('consents.disableQuestion', { title: c.title })}
          {c.signatureCount > 0 &&
            ` ${t('consents.disableKept', { count: c.signatureCount, formatted: formatCount(c.signatureCount) })}`}
        </Text>
      ),
      labels: { confirm: t('consents.disable'), cancel: tc('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        disable.mutate(c.id, {
          onSuccess: () =>
            notifications.show({ color: 'teal', message: t('consents.disabled', { title: c.title }), autoClose: 3000 }),
        }),
    });

  const columns = consentColumns(
    {
      onView: (c) => go(`/${c.id}`),
      onEdit: canManage ? (c) => go(`/${c.id}/edit`) : undefined,
      onDisable: canManage ? confirmDisable : undefined,
    },
    t,
    tc,
  );
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={26}>
            {t('consents.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('consents.intro')}
          </Text>
        </div>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => go('/new')}>
            {t('consents.create')}
          </Button>
        )}
      </Group>
      <PagedTable
        query={consents}
        list={list}
        columns={columns}
        pinLastColumn
        emptyText={canManage ? t('consents.emptyManage') : t('consents.empty')}
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
  const { t } = useTranslation('protocols');
  if (consent.isError) {
    const gone = consent.error instanceof ApiError && consent.error.status === 404;
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle />}
        title={gone ? t('consents.notFound') : t('consents.loadFailed')}
        withCloseButton
        onClose={onClose}
      >
        {gone ? t('consents.otherProtocol') : consent.error.message}
      </Alert>
    );
  }
  if (!consent.isFetchedAfterMount || !consent.data || versions.isPending) return <PageLoader />;
  return <ConsentForm consent={consent.data} versions={versions.data} onClose={onClose} />;
}
