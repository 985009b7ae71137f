import { useState } from 'react';
import { Button, Center, Flex, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFridge, IconPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PathRef } from '@contract/storage.contract';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { decodeStoragePath, encodeStoragePath, useChildren } from '../api/storage';
import { StorageTree } from '../components/storage-tree';
import { NodeCards, NodeDetail } from '../components/node-detail';
import { NodeForm } from '../components/node-form';

/** The selection lives in the URL (`?path=c3.s8.b12`: the nodes, container first), so a link or Back returns to it. */
function useSelectedPath(): [PathRef[], (path: PathRef[]) => void] {
  const [params, setParams] = useSearchParams();
  const path = decodeStoragePath(params.get('path'));
  const select = (next: PathRef[]) =>
    setParams((prev) => {
      const out = new URLSearchParams(prev);
      if (next.length) out.set('path', encodeStoragePath(next));
      else out.delete('path');
      return out;
    });
  return [path, select];
}

/**
 * Configuration > Storage Container (spec 2 §2 "Storage allocation screen", spec 1 §2): the tree on the
 * left, the selected node on the right, Create Container; a box shows its positions for allocation.
 */
export function StoragePage() {
  const { t } = useTranslation('storage');
  const { institution } = useCurrentInstitution();
  const canManage = useCan('configuration.manage');
  const [path, select] = useSelectedPath();
  const [creating, setCreating] = useState(false);
  const roots = useChildren(institution.id, null);
  const empty = roots.isSuccess && roots.data.length === 0;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} fz={26}>
          {t('page.title')}
        </Title>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('page.create')}
          </Button>
        )}
      </Group>
      {empty ? (
        <Paper withBorder radius="md" p="xl">
          <Center>
            <Stack align="center" gap="sm" maw={420}>
              <IconFridge size={40} color="var(--mantine-color-blue-6)" aria-hidden />
              <Text fw={600} ta="center">
                {t('page.emptyTitle')}
              </Text>
              <Text size="sm" c="dimmed" ta="center">
                {t('page.emptyText')}
              </Text>
              {canManage && <Button onClick={() => setCreating(true)}>{t('page.createFirst')}</Button>}
            </Stack>
          </Center>
        </Paper>
      ) : (
        <Flex direction={{ base: 'column', sm: 'row' }} gap="md" align="stretch">
          <Paper
            withBorder
            radius="md"
            p="xs"
            w={{ base: '100%', sm: 260 }}
            style={{ flexShrink: 0, alignSelf: 'flex-start' }}
          >
            <StorageTree selected={path} onSelect={select} />
          </Paper>
          <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} flex={1} miw={0}>
            {path.length ? (
              <NodeDetail key={encodeStoragePath(path)} path={path} onSelect={select} />
            ) : roots.isPending ? (
              <Loader size="sm" />
            ) : (
              <Stack gap="sm">
                <Title order={2} fz={20}>
                  {t('page.containers')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('page.chooseHint')}
                </Text>
                <NodeCards nodes={roots.data ?? []} onOpen={(n) => select([{ id: n.id, level: n.level }])} />
              </Stack>
            )}
          </Paper>
        </Flex>
      )}
      {creating && (
        <NodeForm
          level="container"
          parentPath={[]}
          onClose={() => setCreating(false)}
          onSaved={(n) => {
            setCreating(false);
            select([{ id: n.id, level: n.level }]);
          }}
        />
      )}
    </Stack>
  );
}
