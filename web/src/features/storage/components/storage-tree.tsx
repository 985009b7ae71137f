import { useRef, useState, type KeyboardEvent } from 'react';
import { Box, Group, Loader, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { PathRef, TreeNode } from '@contract/storage.contract';
import { useCurrentInstitution } from '@/lib/session-context';
import { useTranslation } from 'react-i18next';
import { decodeStoragePath, encodeStoragePath, useChildren } from '../api/storage';
import { LevelIcon } from './level-badge';
import classes from './storage.module.css';

interface Props {
  /** The selected node's path, outermost first (empty: nothing selected). */
  selected: PathRef[];
  onSelect: (path: PathRef[]) => void;
}

const ITEM = '[role="treeitem"]';

/**
 * The storage tree (container > shelf > rack > drawer > box, a box also in a shelf or rack), each node's children loaded when it
 * opens. Keyboard as the WAI-ARIA tree pattern: Up/Down move, Right opens or enters, Left closes or
 * goes to the parent, Home/End, Enter or Space selects.
 */
export function StorageTree({ selected, onSelect }: Props) {
  const { t } = useTranslation('storage');
  const { institution } = useCurrentInstitution();
  const roots = useChildren(institution.id, null);
  // The selected node's ancestors start open, so a deep link shows where it is.
  const [open, setOpen] = useState<Set<number>>(() => new Set(selected.slice(0, -1).map((n) => n.id)));
  const [focused, setFocused] = useState<number | null>(selected.at(-1)?.id ?? null);
  const treeRef = useRef<HTMLUListElement>(null);
  // A selection made elsewhere (a card, the back button) opens its ancestors too.
  const key = encodeStoragePath(selected);
  const [shown, setShown] = useState(key);
  if (shown !== key) {
    setShown(key);
    setOpen((prev) => new Set([...prev, ...selected.slice(0, -1).map((n) => n.id)]));
    setFocused(selected.at(-1)?.id ?? null);
  }
  const toggle = (id: number, to?: boolean) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (to ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(treeRef.current?.querySelectorAll<HTMLElement>(ITEM) ?? [])];
    const current = (e.target as HTMLElement).closest<HTMLElement>(ITEM);
    if (!current) return;
    const i = items.indexOf(current);
    const id = Number(current.dataset.id);
    const expandable = current.getAttribute('aria-expanded') !== null;
    const isOpen = current.getAttribute('aria-expanded') === 'true';
    const go = (el: HTMLElement | null | undefined) => {
      if (el) {
        setFocused(Number(el.dataset.id));
        el.focus();
      }
    };
    const handled = () => {
      e.preventDefault();
      e.stopPropagation();
    };
    switch (e.key) {
      case 'ArrowDown':
        handled();
        go(items[i + 1]);
        break;
      case 'ArrowUp':
        handled();
        go(items[i - 1]);
        break;
      case 'Home':
        handled();
        go(items[0]);
        break;
      case 'End':
        handled();
        go(items.at(-1));
        break;
      case 'ArrowRight':
        handled();
        if (expandable && !isOpen) toggle(id, true);
        else if (isOpen) go(current.nextElementSibling?.querySelector<HTMLElement>(ITEM));
        break;
      case 'ArrowLeft':
        handled();
        if (isOpen) toggle(id, false);
        // Up from the row: its li, the group holding it, the parent's li, whose first child is the parent's row.
        else go(current.parentElement?.parentElement?.closest('li')?.querySelector<HTMLElement>(`:scope > ${ITEM}`));
        break;
      case 'Enter':
      case ' ':
        handled();
        onSelect(decodeStoragePath(current.dataset.path ?? ''));
        break;
    }
  };

  if (roots.isPending)
    return (
      <Group p="sm">
        <Loader size="sm" />
        <Text size="sm">{t('tree.loading')}</Text>
      </Group>
    );
  if (roots.isError)
    return (
      <Text size="sm" c="red" p="sm">
        {t('tree.failed')}
      </Text>
    );
  if (!roots.data.length)
    return (
      <Text size="sm" c="dimmed" p="sm">
        {t('tree.none')}
      </Text>
    );
  const first = roots.data[0].id;
  return (
    <ul role="tree" aria-label={t('tree.name')} className={classes.tree} ref={treeRef} onKeyDown={onKeyDown}>
      {roots.data.map((n) => (
        <TreeItem
          key={n.id}
          node={n}
          path={[{ id: n.id, level: n.level }]}
          open={open}
          toggle={toggle}
          selected={selected}
          onSelect={onSelect}
          tabStop={focused ?? first}
          setFocused={setFocused}
        />
      ))}
    </ul>
  );
}

interface ItemProps {
  node: TreeNode;
  path: PathRef[];
  open: Set<number>;
  toggle: (id: number, to?: boolean) => void;
  selected: PathRef[];
  onSelect: (path: PathRef[]) => void;
  /** The one item reachable with Tab (roving tabindex). */
  tabStop: number;
  setFocused: (id: number) => void;
}

function TreeItem({ node, path, open, toggle, selected, onSelect, tabStop, setFocused }: ItemProps) {
  const { t } = useTranslation('storage');
  const { institution } = useCurrentInstitution();
  const expandable = node.level !== 'box' && node.childCount > 0;
  const isOpen = expandable && open.has(node.id);
  const children = useChildren(institution.id, node.id, isOpen);
  const isSelected = selected.at(-1)?.id === node.id;
  // The row is the treeitem (named by its own text); its children's group is its sibling, as ARIA allows.
  return (
    <li role="none">
      <Group
        gap={4}
        wrap="nowrap"
        className={classes.treeRow}
        role="treeitem"
        aria-level={path.length}
        aria-selected={isSelected}
        aria-expanded={expandable ? isOpen : undefined}
        data-id={node.id}
        data-path={encodeStoragePath(path)}
        tabIndex={tabStop === node.id ? 0 : -1}
        data-selected={isSelected || undefined}
        style={{ paddingInlineStart: (path.length - 1) * 14 }}
        onFocus={() => setFocused(node.id)}
        onClick={() => {
          setFocused(node.id);
          onSelect(path);
        }}
      >
        {/* Closing a node by mouse moves the Tab stop to it, so it never stays on a hidden child. */}
        <Box
          w={20}
          className={classes.chevron}
          aria-hidden
          onClick={(e) => {
            e.stopPropagation();
            if (expandable) {
              toggle(node.id);
              setFocused(node.id);
            }
          }}
        >
          {expandable && (isOpen ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />)}
        </Box>
        <LevelIcon level={node.level} />
        <Text size="sm" truncate className={classes.treeLabel}>
          {node.title}
          {node.code && (
            <Text span size="xs" c="dimmed">
              {' '}
              {node.code}
            </Text>
          )}
        </Text>
      </Group>
      {isOpen && (
        <ul role="group" className={classes.tree}>
          {children.isPending && (
            <li role="none">
              <Text size="xs" c="dimmed" ps={(path.length + 1) * 14}>
                {t('tree.loadingChildren')}
              </Text>
            </li>
          )}
          {children.data?.map((c) => (
            <TreeItem
              key={c.id}
              node={c}
              path={[...path, { id: c.id, level: c.level }]}
              open={open}
              toggle={toggle}
              selected={selected}
              onSelect={onSelect}
              tabStop={tabStop}
              setFocused={setFocused}
            />
          ))}
        </ul>
      )}
    </li>
  );
}
