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
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

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
  const { t } = useTranslation('configuration');
  if (!canManage)
    return (
      <Alert color="yellow" title={t('partners.adminsOnlyTitle')}>
        {t('partners.adminsOnly')}
      </Alert>
    );
  return (
    <Stack>
      <Title order={1} fz={26}>
        {t('partners.title')}
      </Title>
      <Text size="sm" c="gray.7" maw={800}>
        {t('partners.intro')}
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
  const { t } = useTranslation('configuration');
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="lg">
            {t('partners.ownTitle')}
          </Title>
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() => void downloadPublicKeys(instId)}
            >
              {t('partners.download')}
            </Button>
            <Button
              variant="light"
              color="orange"
              leftSection={<IconRotate size={16} />}
              onClick={() => setConfirm(true)}
            >
              {t('partners.rotate')}
            </Button>
          </Group>
        </Group>
        {keys.isPending && <Loader role="status" size="sm" aria-label={t('partners.loadingKeys')} />}
        {keys.isError && (
          <Alert color="red" icon={<IconAlertCircle />} title={t('partners.keysFailed')}>
            {keys.error.message}
          </Alert>
        )}
        {keys.data && (
          <Table aria-label={t('partners.ownKeys')} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('partners.fingerprint')}</Table.Th>
                <Table.Th>{t('partners.status')}</Table.Th>
                <Table.Th>{t('partners.created')}</Table.Th>
                <Table.Th>{t('partners.retired')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.map((k) => (
                <Table.Tr key={k.id}>
                  <Table.Td ff="monospace" fz="xs">
                    {fingerprint(k.keyId)}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={k.status === 'active' ? 'teal' : 'gray'}>{t(`partners.keyStatus.${k.status}`)}</Badge>
                  </Table.Td>
                  <Table.Td>{k.createdDate.slice(0, 16).replace('T', ' ')}</Table.Td>
                  <Table.Td>{k.retiredDate?.slice(0, 16).replace('T', ' ') ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Text size="xs" c="gray.7">
          {t('partners.sendHint')}
        </Text>
      </Stack>
      <Dialog opened={confirm} onClose={() => setConfirm(false)} title={t('partners.rotateTitle')}>
        <Stack gap="sm">
          <Text size="sm">{t('partners.rotateBody')}</Text>
          {rotate.isError && (
            <Alert color="red" icon={<IconAlertCircle />} title={t('partners.notRotated')}>
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
                    notifications.show({ color: 'teal', autoClose: 4000, message: t('partners.rotated') });
                  },
                })
              }
            >
              {t('partners.rotate')}
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
  const { t } = useTranslation('configuration');
  const columns: DataTableColumn<TrustedPartnerKey>[] = [
    { accessor: 'title', title: t('partners.partner'), render: (p) => `${p.title} (${p.abbreviation})` },
    { accessor: 'installation', title: t('partners.installation'), render: (p) => p.installation ?? '—' },
    {
      accessor: 'keyId',
      title: t('partners.keyFingerprint'),
      render: (p) => (
        <Text span ff="monospace" fz="xs">
          {fingerprint(p.keyId)}
        </Text>
      ),
    },
    {
      accessor: 'isEnabled',
      title: t('partners.status'),
      render: (p) => (
        <Group gap={4}>
          <Badge color={p.isEnabled ? 'teal' : 'gray'}>
            {p.isEnabled ? t('partners.trusted') : t('partners.disabled')}
          </Badge>
          {p.keyStatus === 'retired' && (
            <Badge color="gray" variant="outline">
              {t('partners.retiredKey')}
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
          aria-label={t(p.isEnabled ? 'partners.disableKey' : 'partners.enableKey', {
            title: p.title,
            key: p.keyId.slice(0, 8),
          })}
        >
          {p.isEnabled ? t('partners.disable') : t('partners.enable')}
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="lg">
          {t('partners.partnersTitle')}
        </Title>
        <Group gap="sm">
          <SearchBox value={list.search} onSearch={list.setSearch} placeholder={t('partners.search')} />
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t('partners.add')}
          </Button>
        </Group>
      </Group>
      {toggle.isError && (
        <Alert
          color="red"
          icon={<IconAlertCircle />}
          title={t('partners.notChanged')}
          withCloseButton
          onClose={() => toggle.reset()}
        >
          {toggle.error.message}
        </Alert>
      )}
      <PagedTable query={partners} list={list} columns={columns} emptyText={t('partners.empty')} />
      <AddPartnerDialog instId={instId} opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}

/** Reads the pasted or uploaded text as a key file, or says why it is not one. */
function parseKeyFile(t: TFunction<'configuration'>, text: string): KeyFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(t('partners.notJson'));
  }
  const file = PublicKeyFile.safeParse(parsed);
  if (!file.success) throw new Error(t('partners.notKeyFile'));
  return file.data;
}

function AddPartnerDialog({ instId, opened, onClose }: { instId: number; opened: boolean; onClose: () => void }) {
  const add = useAddPartner(instId);
  const { t } = useTranslation('configuration');
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
      add.mutate(parseKeyFile(t, text), {
        onSuccess: (r) => {
          notifications.show({
            color: 'teal',
            autoClose: 4000,
            message: t('partners.trustedDone', {
              count: r.added.length,
              title: r.added[0]?.title ?? t('partners.thePartner'),
            }),
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
    <Dialog opened={opened} onClose={close} dirty={text !== ''} title={t('partners.addTitle')} size="lg">
      <Stack>
        <Text size="sm">{t('partners.addIntro')}</Text>
        <FileInput
          label={t('partners.file')}
          placeholder={t('partners.chooseFile')}
          accept=".json,application/json"
          leftSection={<IconKey size={16} />}
          onChange={(f) => void f?.text().then(setText)}
          clearable
          clearButtonProps={{ 'aria-label': t('partners.clearFile') }}
        />
        <Textarea
          label={t('partners.paste')}
          autosize
          minRows={4}
          maxRows={10}
          value={text}
          onChange={(ev) => setText(ev.currentTarget.value)}
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
        />
        {error && (
          <Alert color="red" icon={<IconAlertCircle />} title={t('partners.notAdded')}>
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <DialogClose />
          <Button onClick={submit} disabled={!text.trim()} loading={add.isPending}>
            {t('partners.trust')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
