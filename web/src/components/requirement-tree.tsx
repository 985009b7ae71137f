import { useState, type KeyboardEvent } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Requirement } from '@contract/protocol-events.contract';
import { formatDate, formatNumber } from '@/lib/format';
import { i18next } from '@/lib/i18n';
import { usePhone } from '@/lib/use-phone';
import { isAliquotTitle } from '@/lib/tree-quantities';
import classes from './requirement-tree.module.css';

/** One node of the shown tree: a requirement (the root) or one of its items, to any depth. */
export interface TreeNode {
  key: string;
  requirementId: number;
  /** null for the requirement itself. */
  itemId: number | null;
  name: string;
  code?: string;
  lineage: string | null;
  aliquot: boolean;
  specimenType: string | null;
  quantity: number;
  unitSymbol: string | null;
  createdDate: string;
  children: TreeNode[];
}

/** An item as the list answers it: `children` holds items of this same shape (the contract declares them loosely). */
type ItemNode = Requirement['children'][number];

function itemNode(requirementId: number, i: ItemNode): TreeNode {
  const lineage = i.subSampleLineage?.title ?? null;
  return {
    key: `i${i.id}`,
    requirementId,
    itemId: i.id,
    name: lineage ?? i18next.t('item', { ns: 'common' }),
    lineage,
    aliquot: isAliquotTitle(lineage),
    specimenType: i.specimenType?.title ?? null,
    quantity: i.initialQuantity,
    unitSymbol: i.unitOfMeasurement.unitSymbol,
    createdDate: i.createdDate,
    children: (i.children as ItemNode[]).map((c) => itemNode(requirementId, c)),
  };
}

export const requirementNode = (r: Requirement): TreeNode => ({
  key: `r${r.id}`,
  requirementId: r.id,
  itemId: null,
  name: r.title,
  code: r.code,
  lineage: null,
  aliquot: false,
  specimenType: r.specimenType?.title ?? null,
  quantity: r.initialQuantity,
  unitSymbol: r.unitOfMeasurement.unitSymbol,
  createdDate: r.createdDate,
  children: r.children.map((c) => itemNode(r.id, c)),
});

export const quantityText = (n: { quantity: number; unitSymbol: string | null }) =>
  `${formatNumber(n.quantity)}${n.unitSymbol ? ` ${n.unitSymbol}` : ''}`;

interface Props {
  requirements: Requirement[];
  /** Shown when the account may change the protocol: opens the small add-child form for a node. */
  onAddChild?: (node: TreeNode) => void;
}

/**
 * spec 2 §2 "Events page" right side: each requirement and its items to any depth, with specimen type,
 * quantity with unit symbol, created date and Add child. Everything starts expanded; the chevron
 * buttons (Enter, Space, or Right/Left arrows) expand and collapse a branch.
 */
export function RequirementTree({ requirements, onAddChild }: Props) {
  const { t } = useTranslation('common');
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
  const setOpen = (key: string, open: boolean) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (open) next.delete(key);
      else next.add(key);
      return next;
    });
  return (
    <Stack
      gap="sm"
      component="ul"
      aria-label={t('requirements.label')}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {requirements.map((r) => (
        <li
          key={r.id}
          style={{
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: 'var(--mantine-radius-md)',
            padding: 8,
          }}
        >
          <Node node={requirementNode(r)} collapsed={collapsed} setOpen={setOpen} onAddChild={onAddChild} />
        </li>
      ))}
    </Stack>
  );
}

interface NodeProps {
  node: TreeNode;
  collapsed: Set<string>;
  setOpen: (key: string, open: boolean) => void;
  onAddChild?: (node: TreeNode) => void;
}

function Node({ node, collapsed, setOpen, onAddChild }: NodeProps) {
  const phone = usePhone();
  const { t } = useTranslation('common');
  const open = !collapsed.has(node.key);
  const hasChildren = node.children.length > 0;
  // Items are named by lineage, type and quantity: sibling aliquots of one type still read apart.
  const label =
    node.itemId === null
      ? node.name
      : `${node.name} ${node.specimenType ?? ''} ${quantityText(node)}`.replace(/\s+/g, ' ').trim();
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight' && !open) {
      e.preventDefault();
      setOpen(node.key, true);
    }
    if (e.key === 'ArrowLeft' && open) {
      e.preventDefault();
      setOpen(node.key, false);
    }
  };
  return (
    <div>
      <Group className={classes.row} gap="xs" wrap="nowrap" align="flex-start">
        {hasChildren ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            mt={2}
            aria-expanded={open}
            aria-label={t(open ? 'requirements.collapse' : 'requirements.expand', { label })}
            onClick={() => setOpen(node.key, !open)}
            onKeyDown={keys}
          >
            {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
        ) : (
          <span style={{ width: 22, flexShrink: 0 }} />
        )}
        <Group gap="xs" wrap="wrap" style={{ flex: 1, minWidth: 0 }} align="center">
          {node.itemId === null ? (
            <Text fw={700} size="sm">
              {node.name}
              {node.code ? <Text span c="gray.7" fw={500} size="sm">{` (${node.code})`}</Text> : null}
            </Text>
          ) : (
            <Badge variant="light" color={node.aliquot ? 'blue' : 'grape'} size="sm">
              {node.lineage ?? t('item')}
            </Badge>
          )}
          <Text size="sm">{node.specimenType ?? '—'}</Text>
          <Text size="sm" fw={600}>
            {quantityText(node)}
          </Text>
          <Text size="xs" c="gray.7">
            {formatDate(node.createdDate)}
          </Text>
        </Group>
        {onAddChild &&
          (phone ? (
            // A phone keeps the row's width for the node: the button shows its icon, its name stays.
            <ActionIcon
              variant="light"
              size="md"
              aria-label={t('requirements.addChildTo', { label })}
              onClick={() => onAddChild(node)}
            >
              <IconPlus size={16} />
            </ActionIcon>
          ) : (
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconPlus size={12} />}
              style={{ flexShrink: 0 }}
              aria-label={t('requirements.addChildTo', { label })}
              onClick={() => onAddChild(node)}
            >
              {t('requirements.addChild')}
            </Button>
          ))}
      </Group>
      {hasChildren && open && (
        <ul
          className={classes.node}
          style={{ listStyle: 'none', margin: '0 0 0 18px' }}
          aria-label={t('requirements.children', { label })}
        >
          {node.children.map((c) => (
            <li key={c.key}>
              <Node node={c} collapsed={collapsed} setOpen={setOpen} onAddChild={onAddChild} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
