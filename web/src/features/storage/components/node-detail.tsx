import { useState } from 'react';
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBarcode, IconLayoutGridAdd, IconPlus, IconStack3 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  childLevelsOf,
  type BoxPosition,
  type PathRef,
  type StorageLevel,
  type StorageNode,
  type TreeNode,
} from '@contract/storage.contract';
import { ApiError } from '@/lib/api-client';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { useChildren, useNode, usePositions } from '../api/storage';
import { LevelBadge, LevelIcon } from './level-badge';
import { BoxGrid } from './box-grid';
import { NodeForm } from './node-form';
import { AllocationDialog } from './allocation-dialog';
import { BulkAllocateDialog } from './bulk-allocate-dialog';
import { RackScanDialog } from './rack-scan-dialog';
import { RackTemplateForm } from './rack-template-form';
import classes from './storage.module.css';

/** Children of a node (or the containers) as cards: title, code, rows x columns. */
export function NodeCards({ nodes, onOpen }: { nodes: TreeNode[]; onOpen: (node: TreeNode) => void }) {
  const { t } = useTranslation('storage');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm">
      {nodes.map((n) => (
        // The card's text is its name (what a voice-control user reads out): title, type, code, size, use.
        <Paper
          key={n.id}
          withBorder
          radius="md"
          p="sm"
          component="button"
          type="button"
          className={classes.card}
          onClick={() => onOpen(n)}
        >
          <Group gap={6} wrap="nowrap">
            <LevelIcon level={n.level} />
            <Text fw={600} truncate>
              {n.title}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t(`level.${n.level}`)} · {n.code ? `${t('node.code', { code: n.code })} · ` : ''}
            {t('node.size', { rows: n.rows, columns: n.columns })}
          </Text>
          <Text size="xs" c="dimmed">
            {n.level === 'box'
              ? t('node.positions', { n: n.childCount })
              : t('node.placesUsed', { n: n.childCount, capacity: n.rows * n.columns })}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

interface Props {
  path: PathRef[];
  onSelect: (path: PathRef[]) => void;
}

/** The selected node: its title and type badge, Add <next level>, its children as cards, or a box's positions. */
export function NodeDetail({ path, onSelect }: Props) {
  const { t } = useTranslation('storage');
  const { institution } = useCurrentInstitution();
  const canManage = useCan('configuration.manage');
  const canAllocate = useCan('storage.allocate');
  const node = useNode(institution.id, path);
  const isBox = node.data?.level === 'box';
  const children = useChildren(institution.id, path.at(-1)?.id ?? null, Boolean(node.data) && !isBox);
  const [adding, setAdding] = useState<StorageLevel | null>(null);
  const [templating, setTemplating] = useState(false);
  const [bulk, setBulk] = useState(false);
  const [scanning, setScanning] = useState(false);

  if (node.isPending)
    return (
      <Group>
        <Loader size="sm" />
        <Text size="sm">{t('node.loading')}</Text>
      </Group>
    );
  if (node.isError) {
    const gone = node.error instanceof ApiError && node.error.status === 404;
    return (
      <Alert color={gone ? 'yellow' : 'red'} title={gone ? t('node.gone') : node.error.message}>
        {t('node.chooseAnother')}
      </Alert>
    );
  }
  const n = node.data;
  const next = childLevelsOf(n.level);
  const full = n.childCount >= n.rows * n.columns;
  const open = (c: { id: number; level: StorageLevel }) => onSelect([...path, { id: c.id, level: c.level }]);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={2} fz={22}>
              {n.title}
            </Title>
            <LevelBadge level={n.level} />
          </Group>
          <Text size="sm" c="dimmed">
            {[
              n.code && t('node.code', { code: n.code }),
              t('node.size', { rows: n.rows, columns: n.columns }),
              n.positionLabelingOption?.title,
              n.institutionSite?.title,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        <Group gap="xs">
          {canManage &&
            !full &&
            next.map((level) => (
              <Button key={level} leftSection={<IconPlus size={16} />} variant="light" onClick={() => setAdding(level)}>
                {t(`add.${level}`)}
              </Button>
            ))}
          {canManage && !full && next.includes('rack') && (
            <Button leftSection={<IconLayoutGridAdd size={16} />} variant="light" onClick={() => setTemplating(true)}>
              {t('node.addRackOfBoxes')}
            </Button>
          )}
          {isBox && canAllocate && (
            <Button leftSection={<IconStack3 size={16} />} variant="light" onClick={() => setBulk(true)}>
              {t('node.bulkAllocate')}
            </Button>
          )}
          {isBox && canAllocate && (
            <Button leftSection={<IconBarcode size={16} />} variant="light" onClick={() => setScanning(true)}>
              {t('node.reconcile')}
            </Button>
          )}
        </Group>
      </Group>
      {isBox ? (
        <BoxPositions
          box={n}
          path={path}
          bulk={bulk}
          onBulkClose={() => setBulk(false)}
          scanning={scanning}
          onScanClose={() => setScanning(false)}
          onSelect={onSelect}
        />
      ) : (
        <>
          {full && next.length > 0 && (
            <Text size="sm" c="dimmed">
              {t(`node.full.${n.level}`, { capacity: n.rows * n.columns })}
            </Text>
          )}
          {children.isPending ? (
            <Loader size="sm" />
          ) : children.data?.length ? (
            <NodeCards nodes={children.data} onOpen={open} />
          ) : (
            <Text size="sm" c="dimmed">
              {canManage && next.length ? t(`node.emptyManage.${n.level}`) : t(`node.empty.${n.level}`)}
            </Text>
          )}
        </>
      )}
      {adding && (
        <NodeForm
          level={adding}
          parentPath={path}
          parentTitle={n.title}
          onClose={() => setAdding(null)}
          onSaved={(saved: StorageNode) => {
            setAdding(null);
            open(saved);
          }}
        />
      )}
      {templating && (
        <RackTemplateForm
          shelfPath={path}
          shelfTitle={n.title}
          onClose={() => setTemplating(false)}
          onSaved={(made) => {
            setTemplating(false);
            open(made.rack);
          }}
        />
      )}
    </Stack>
  );
}

interface BoxPositionsProps {
  box: StorageNode;
  path: PathRef[];
  bulk: boolean;
  onBulkClose: () => void;
  scanning: boolean;
  onScanClose: () => void;
  onSelect: (path: PathRef[]) => void;
}

function BoxPositions({ box, path, bulk, onBulkClose, scanning, onScanClose, onSelect }: BoxPositionsProps) {
  const { t } = useTranslation('storage');
  const { institution } = useCurrentInstitution();
  const positions = usePositions(institution.id, path);
  const [open, setOpen] = useState<BoxPosition | null>(null);
  const free = positions.data?.filter((p) => !p.occupied).length ?? 0;
  return (
    <>
      {positions.isError ? (
        <Alert color="red" title={t('node.positionsFailed')} />
      ) : (
        <BoxGrid box={box} positions={positions.data} loading={positions.isPending} onOpen={setOpen} />
      )}
      {open && (
        <AllocationDialog
          boxPath={path}
          boxTitle={box.title}
          position={open}
          onClose={() => setOpen(null)}
          onSelectBox={onSelect}
        />
      )}
      {bulk && <BulkAllocateDialog boxPath={path} boxTitle={box.title} free={free} onClose={onBulkClose} />}
      {scanning && positions.data && (
        <RackScanDialog box={box} boxPath={path} positions={positions.data} onClose={onScanClose} />
      )}
    </>
  );
}
