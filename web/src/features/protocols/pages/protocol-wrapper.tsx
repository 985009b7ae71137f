import { Alert, Anchor, Breadcrumbs, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
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
  if (protocol.isPending) return <PageLoader />;
  if (protocol.isError) {
    const notFound = protocol.error instanceof ApiError && protocol.error.status === 404;
    return (
      <Stack maw={700} mx="auto" mt="xl">
        <Alert
          color="red"
          icon={<IconAlertCircle />}
          title={notFound ? 'Collection protocol not found' : 'The collection protocol could not be loaded'}
        >
          <Text size="sm" mb="sm">
            {notFound ? 'It may have been removed, or it belongs to another institution.' : protocol.error.message}
          </Text>
          <Group gap="xs">
            {!notFound && (
              <Button size="xs" variant="light" color="red" onClick={() => void protocol.refetch()}>
                Try again
              </Button>
            )}
            <Button size="xs" variant="default" component={Link} to="/collection-protocols">
              All collection protocols
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
              Collection Protocols
            </Anchor>
            <Text size="sm" fw={600} c="gray.8">
              {p.title}
            </Text>
          </Breadcrumbs>
          <SubNav
            label="Collection protocol"
            links={PROTOCOL_SUB_PAGES.filter((t) => can(t.permission)).map((t) => ({
              label: t.label,
              to: protocolPath(p, t.sub),
            }))}
          />
        </Stack>
        <Outlet />
      </Stack>
    </ProtocolContext.Provider>
  );
}
