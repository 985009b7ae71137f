import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconDownload, IconKey, IconPlus, IconRotate } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import type { DataTableColumn } from 'mantine-datatable';
import { PublicKeyFile, type TrustedPartnerKey } from '@contract/partners.contract';
import { PagedTable } from '@/components/paged-table';
import { SearchBox } from '@/components/search-box';
import { useListState } from '@/components/use-list-state';
import { Dialog, DialogClose } from '@/components/dialog';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import {
  downloadPublicKeys,
  type KeyFile,
  useAddPartner,
  usePartners,
  useRotateKey,
  useSetPartnerEnabled,
  useSigningKeys,
} from '../api/partners';

/** A fingerprint in groups of four hex digits, shortened to its first 32. */
const fingerprint = (keyId: string) =>
  `${keyId
    .slice(0, 32)
    .replace(/(.{4})/g, '$1 ')
    .trim()}…`;

/**
 * Configuration > Trusted Partners (issue 31): this institution's signing key (download the public key file for
 * partners, rotate it) and the partners' keys it trusts to sign the manifests and receipts it imports.
 */
export function TrustedPartnersPage() {
  const { institution } = useCurrentInstitution();
  const canManage = useCan('institutions.manage');
  if (!canManage)
    return (
      <Alert color="yellow" title="Administrators only">
        Signing keys and trusted partners are managed by the institution&apos;s administrator.
      </Alert>
    );
  return (
    <Stack>
      <Title order={1} fz={26}>
        Trusted Partners
      </Title>
      <Text size="sm" c="gray.7" maw={800}>
        Shipment manifests and receipts exchanged with other installations are signed with your institution&apos;s
        Ed25519 key. A file is imported only when it is signed by a partner key you trust here.
      </Text>
      <OwnKeys instId={institution.id} />
      <Partners instId={institution.id} />
    </Stack>
  );
}

function OwnKeys({ instId }: { instId: number }) {
  const keys = useSigningKeys(instId);
  const rotate = useRotateKey(instId);
  const [confirm, setConfirm] = useState(false);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="lg">
            Your signing key
          </Title>
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() => void downloadPublicKeys(instId)}
            >
              Download public key file
            </Button>
            <Button
              variant="light"
              color="orange"
              leftSection={<IconRotate size={16} />}
              onClick={() => setConfirm(true)}
            >
              Rotate key
            </Button>
          </Group>
        </Group>
        {keys.isPending && <Loader size="sm" aria-label="Loading the keys" />}
        {keys.isError && (
          <Alert color="red" icon={<IconAlertCircle />} title="The keys could not be loaded">
            {keys.error.message}
          </Alert>
        )}
        {keys.data && (
          <Table aria-label="Your signing keys" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fingerprint (SHA-256)</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Retired</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.map((k) => (
                <Table.Tr key={k.id}>
                  <Table.Td ff="monospace" fz="xs">
                    {fingerprint(k.keyId)}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={k.status === 'active' ? 'teal' : 'gray'}>{k.status}</Badge>
                  </Table.Td>
                  <Table.Td>{k.createdDate.slice(0, 16).replace('T', ' ')}</Table.Td>
                  <Table.Td>{k.retiredDate?.slice(0, 16).replace('T', ' ') ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Text size="xs" c="gray.7">
          Send the public key file to your partners; after a rotation send it again (it holds your retired keys too, so
          what they signed stays verifiable). The private key never leaves the server.
        </Text>
      </Stack>
      <Dialog opened={confirm} onClose={() => setConfirm(false)} title="Rotate your signing key?">
        <Stack gap="sm">
          <Text size="sm">
            A new key signs from now on; the current one is retired and kept. Partners must import your new public key
            file before they can verify what the new key signs.
          </Text>
          {rotate.isError && (
            <Alert color="red" icon={<IconAlertCircle />} title="The key was not rotated">
              {rotate.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <DialogClose />
            <Button
              color="orange"
              loading={rotate.isPending}
              onClick={() =>
                rotate.mutate(undefined, {
                  onSuccess: () => {
                    setConfirm(false);
                    notifications.show({ color: 'teal', autoClose: 4000, message: 'A new signing key is active.' });
                  },
                })
              }
            >
              Rotate key
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Paper>
  );
}

function Partners({ instId }: { instId: number }) {
  const list = useListState();
  const partners = usePartners(instId, { search: list.search, page: list.page, pageSize: list.pageSize });
  const toggle = useSetPartnerEnabled(instId);
  const [adding, setAdding] = useState(false);
  const columns: DataTableColumn<TrustedPartnerKey>[] = [
    { accessor: 'title', title: 'Partner', render: (p) => `${p.title} (${p.abbreviation})` },
    { accessor: 'installation', title: 'Installation', render: (p) => p.installation ?? '—' },
    {
      accessor: 'keyId',
      title: 'Key fingerprint',
      render: (p) => (
        <Text span ff="monospace" fz="xs">
          {fingerprint(p.keyId)}
        </Text>
      ),
    },
    {
      accessor: 'isEnabled',
      title: 'Status',
      render: (p) => (
        <Group gap={4}>
          <Badge color={p.isEnabled ? 'teal' : 'gray'}>{p.isEnabled ? 'Trusted' : 'Disabled'}</Badge>
          {p.keyStatus === 'retired' && (
            <Badge color="gray" variant="outline">
              Retired key
            </Badge>
          )}
        </Group>
      ),
    },
    {
      accessor: 'actions',
      title: '',
      render: (p) => (
        <Button
          size="xs"
          variant="light"
          color={p.isEnabled ? 'red' : 'teal'}
          loading={toggle.isPending && toggle.variables?.id === p.id}
          onClick={() => toggle.mutate({ id: p.id, enabled: !p.isEnabled })}
          aria-label={`${p.isEnabled ? 'Disable' : 'Enable'} ${p.title}'s key ${p.keyId.slice(0, 8)}`}
        >
          {p.isEnabled ? 'Disable' : 'Enable'}
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="lg">
          Partners&apos; keys
        </Title>
        <Group gap="sm">
          <SearchBox value={list.search} onSearch={list.setSearch} placeholder="Search (press Enter)" />
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add partner key
          </Button>
        </Group>
      </Group>
      {toggle.isError && (
        <Alert
          color="red"
          icon={<IconAlertCircle />}
          title="The key was not changed"
          withCloseButton
          onClose={() => toggle.reset()}
        >
          {toggle.error.message}
        </Alert>
      )}
      <PagedTable
        query={partners}
        list={list}
        columns={columns}
        emptyText="No trusted partner yet: add a partner's public key file to import its manifests and receipts."
      />
      <AddPartnerDialog instId={instId} opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}

/** Reads the pasted or uploaded text as a key file, or says why it is not one. */
function parseKeyFile(text: string): KeyFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('This is not JSON: paste or choose the public key file (.json) your partner sent.');
  }
  const file = PublicKeyFile.safeParse(parsed);
  if (!file.success)
    throw new Error(
      'This is not a public key file: paste or choose the file your partner downloaded from Trusted Partners.',
    );
  return file.data;
}

function AddPartnerDialog({ instId, opened, onClose }: { instId: number; opened: boolean; onClose: () => void }) {
  const add = useAddPartner(instId);
  const [text, setText] = useState('');
  const [readError, setReadError] = useState<string | null>(null);
  const close = () => {
    setText('');
    setReadError(null);
    add.reset();
    onClose();
  };
  const submit = () => {
    setReadError(null);
    try {
      add.mutate(parseKeyFile(text), {
        onSuccess: (r) => {
          notifications.show({
            color: 'teal',
            autoClose: 4000,
            message: `${r.added.length} key${r.added.length === 1 ? '' : 's'} of ${r.added[0]?.title ?? 'the partner'} trusted.`,
          });
          close();
        },
      });
    } catch (e) {
      setReadError(e instanceof Error ? e.message : String(e));
    }
  };
  const error = readError ?? add.error?.message ?? null;
  return (
    <Dialog opened={opened} onClose={close} dirty={text !== ''} title="Add a partner's public key" size="lg">
      <Stack>
        <Text size="sm">
          Choose or paste the public key file your partner downloaded from its Trusted Partners screen. Check its
          fingerprint with the partner by another channel (telephone) before you trust it.
        </Text>
        <FileInput
          label="Public key file"
          placeholder="Choose a .json file"
          accept=".json,application/json"
          leftSection={<IconKey size={16} />}
          onChange={(f) => void f?.text().then(setText)}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
        />
        <Textarea
          label="Or paste it here"
          autosize
          minRows={4}
          maxRows={10}
          value={text}
          onChange={(ev) => setText(ev.currentTarget.value)}
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
        />
        {error && (
          <Alert color="red" icon={<IconAlertCircle />} title="This key was not added">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <DialogClose />
          <Button onClick={submit} disabled={!text.trim()} loading={add.isPending}>
            Trust this key
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
