import { ActionIcon, Badge, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { IconChecks, IconDotsVertical, IconMessage, IconPencil, IconSend } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Flag, OrderedTestDetail } from '@contract/orders.contract';
import { formatDateTime, formatNumber, fullName } from '@/lib/format';
import { checkValue, flagLabel, resultKind } from './result-values';
import type { ResultDrafts } from './use-result-drafts';

export interface Abilities {
  enter: boolean;
  release: boolean;
  amend: boolean;
}

/** What one test row shows, the same on a desktop row and a phone card. */
export interface TestRowProps {
  test: OrderedTestDetail;
  drafts: ResultDrafts;
  can: Abilities;
  menuOpened: boolean;
  onMenu: (open: boolean) => void;
  onRelease: () => void;
  onComment: () => void;
  onAmend: () => void;
}

/** The row's state: its released flag, the typed (or saved) value, the flag that value earns, whether it has a menu. */
export function testRowState({ test: t, drafts, can }: Pick<TestRowProps, 'test' | 'drafts' | 'can'>) {
  const released = t.testResultRelease.isReleased;
  const value = drafts.valueOf(t);
  const flag = drafts.isChanged(t) ? checkValue(t, value).flag : t.testResult.flag;
  const hasMenu = (!released && (can.release || can.enter)) || (released && (can.amend || can.enter));
  return { released, value, flag, hasMenu };
}

/** spec 1 §4: unreleased rows are styled apart from released ones. */
export const unreleasedStyle = {
  background: 'var(--mantine-color-yellow-0)',
  boxShadow: 'inset 3px 0 0 var(--mantine-color-yellow-5)',
};

export function TestName({ test: t }: { test: OrderedTestDetail }) {
  const { t: tr } = useTranslation('orders');
  return (
    <>
      <Text size="sm" fw={600}>
        {t.test.title}
        {t.test.abbreviation ? (
          <Text span size="xs" c="dimmed">
            {' '}
            ({t.test.abbreviation})
          </Text>
        ) : null}
      </Text>
      {t.comment && (
        <Text size="xs" c="dimmed" fs="italic">
          {tr('test.comment', { comment: t.comment })}
        </Text>
      )}
    </>
  );
}

export function FlagBadge({ flag }: { flag: Flag | null | undefined }) {
  if (!flag) return null;
  return (
    <Badge color={flag === 'H' ? 'red' : 'blue'} variant="filled" radius="sm" tt="none" style={{ flexShrink: 0 }}>
      {flagLabel(flag)}
    </Badge>
  );
}

export function ReleaseState({ test: t, changed }: { test: OrderedTestDetail; changed: boolean }) {
  const r = t.testResultRelease;
  const { t: tr } = useTranslation('orders');
  const when = formatDateTime(r.releasedDate, { empty: '—' });
  return (
    <Stack gap={2} align="flex-start">
      {r.isReleased ? (
        <Tooltip
          label={
            r.releasedBy
              ? tr('test.releasedAtBy', { when, name: fullName(r.releasedBy) })
              : tr('test.releasedAt', { when })
          }
        >
          <Badge color="teal" variant="light" tt="none" leftSection={<IconChecks size={12} />}>
            {tr('test.released')}
          </Badge>
        </Tooltip>
      ) : (
        <Badge color="yellow.8" variant="outline" tt="none">
          {tr('test.notReleased')}
        </Badge>
      )}
      {t.testResult.amended && (
        <Badge color="orange" variant="light" size="xs" tt="none">
          {tr('test.amended')}
        </Badge>
      )}
      {changed && (
        <Text size="xs" c="orange.8">
          {tr('test.notSaved')}
        </Text>
      )}
    </Stack>
  );
}

/** The ⋮ menu of a test: Release, Comment, Amend as the account may. */
export function TestMenu({
  test: t,
  can,
  menuOpened,
  onMenu,
  onRelease,
  onComment,
  onAmend,
  released,
  value,
}: Omit<TestRowProps, 'drafts'> & { released: boolean; value: string }) {
  const { t: tr } = useTranslation('orders');
  return (
    <Menu opened={menuOpened} onChange={onMenu} position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={tr('test.actionsFor', { test: t.test.title })}>
          <IconDotsVertical size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {!released && can.release && (
          <Menu.Item leftSection={<IconSend size={14} />} onClick={onRelease} disabled={!value.trim()}>
            {value.trim() ? tr('test.release') : tr('test.releaseFirst')}
          </Menu.Item>
        )}
        {can.enter && (
          <Menu.Item leftSection={<IconMessage size={14} />} onClick={onComment}>
            {tr('test.commentAction')}
          </Menu.Item>
        )}
        {released && can.amend && (
          <Menu.Item leftSection={<IconPencil size={14} />} onClick={onAmend}>
            {tr('test.amend')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** A range bound as stored (no grouping, every decimal), with the language's decimal mark. */
const bound = (n: number) => formatNumber(n, { useGrouping: false, maximumFractionDigits: 20 });

/** The accepted values, the numeric range (numbers in the screens' language), or 'Free text'. */
export function referenceText(t: OrderedTestDetail, tr: TFunction<'orders'>): string {
  const kind = resultKind(t);
  if (kind === 'accepted') return t.testAcceptedValues.map((a) => a.title).join(' / ') || tr('test.noAcceptedValues');
  if (kind === 'numeric')
    return t.testResultRange
      ? `${bound(t.testResultRange.minimumValue)} – ${bound(t.testResultRange.maximumValue)}`
      : tr('test.noRange');
  return tr('test.freeText');
}
