import { Alert, Anchor, Breadcrumbs, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { PageLoader } from '@/components/page-loader';
import { useCurrentInstitution, usePermissionCheck } from '@/lib/session-context';
import { useProtocol } from '../api/protocols';
import { ProtocolContext, protocolPath } from '@/lib/protocol-context';
import { SubNav } from '../components/sub-nav';
import { PROTOCOL_SUB_PAGES } from '../sub-pages';

/**
 * spec 2 §2 "Collection protocol wrapper": loads the protocol named in the address and shows the child
 * page only once it has loaded. Unlike the spec's blank page, a failed load says why (not found, no
 * access, network) and offers a way back.
 */
export function ProtocolWrapper() {
  const { institution } = useCurrentInstitution();
  const protocolId = Number(useParams().protocolId);
  const protocol = useProtocol(institution.id, protocolId);
  const can = usePermissionCheck();
  const { t } = useTranslation('protocols');
  const { t: tc } = useTranslation('common');
  if (protocol.isPending) return <PageLoader />;
  if (protocol.isError) {
    const notFound = protocol.error instanceof ApiError && protocol.error.status === 404;
    return (
      <Stack maw={700} mx="auto" mt="xl">
        <Alert
          color="red"
          icon={<IconAlertCircle />}
          title={notFound ? t('wrapper.notFound') : t('wrapper.loadFailed')}
        >
          <Text size="sm" mb="sm">
            {notFound ? t('wrapper.notFoundHint') : protocol.error.message}
          </Text>
          <Group gap="xs">
            {!notFound && (
              <Button size="xs" variant="light" color="red" onClick={() => void protocol.refetch()}>
                {tc('tryAgain')}
              </Button>
            )}
            <Button size="xs" variant="default" component={Link} to="/collection-protocols">
              {t('wrapper.all')}
            </Button>
          </Group>
        </Alert>
      </Stack>
    );
  }
  const p = protocol.data;
  return (
    <ProtocolContext.Provider value={p}>
      <Stack maw={1300} mx="auto" gap="md">
        <Stack gap={6}>
          <Breadcrumbs separator="/" fz="sm">
            <Anchor component={Link} to="/collection-protocols" size="sm">
              {t('wrapper.breadcrumb')}
            </Anchor>
            <Text size="sm" fw={600} c="gray.8">
              {p.title}
            </Text>
          </Breadcrumbs>
          <SubNav
            label={t('wrapper.nav')}
            links={PROTOCOL_SUB_PAGES.filter((tab) => can(tab.permission)).map((tab) => ({
              label: t(`tabs.${tab.tab}`),
              to: protocolPath(p, tab.sub),
            }))}
          />
        </Stack>
        <Outlet />
      </Stack>
    </ProtocolContext.Provider>
  );
}
