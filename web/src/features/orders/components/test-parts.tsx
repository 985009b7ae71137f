import { ActionIcon, Badge, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { IconChecks, IconDotsVertical, IconMessage, IconPencil, IconSend } from '@tabler/icons-react';
import type { Flag, OrderedTestDetail } from '@contract/orders.contract';
import { formatDateTime, fullName } from '@/lib/format';
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
          Comment: {t.comment}
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
  return (
    <Stack gap={2} align="flex-start">
      {r.isReleased ? (
        <Tooltip
          label={`Released ${formatDateTime(r.releasedDate, { empty: '—' })}${r.releasedBy ? ` by ${fullName(r.releasedBy)}` : ''}`}
        >
          <Badge color="teal" variant="light" tt="none" leftSection={<IconChecks size={12} />}>
            Released
          </Badge>
        </Tooltip>
      ) : (
        <Badge color="yellow.8" variant="outline" tt="none">
          Not released
        </Badge>
      )}
      {t.testResult.amended && (
        <Badge color="orange" variant="light" size="xs" tt="none">
          Amended
        </Badge>
      )}
      {changed && (
        <Text size="xs" c="orange.8">
          Not saved
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
  return (
    <Menu opened={menuOpened} onChange={onMenu} position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${t.test.title}`}>
          <IconDotsVertical size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {!released && can.release && (
          <Menu.Item leftSection={<IconSend size={14} />} onClick={onRelease} disabled={!value.trim()}>
            {value.trim() ? 'Release' : 'Release (enter a result first)'}
          </Menu.Item>
        )}
        {can.enter && (
          <Menu.Item leftSection={<IconMessage size={14} />} onClick={onComment}>
            Comment
          </Menu.Item>
        )}
        {released && can.amend && (
          <Menu.Item leftSection={<IconPencil size={14} />} onClick={onAmend}>
            Amend
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The accepted values, the numeric range, or 'Free text'. */
export function referenceText(t: OrderedTestDetail): string {
  const kind = resultKind(t);
  if (kind === 'accepted') return t.testAcceptedValues.map((a) => a.title).join(' / ') || 'No accepted values';
  if (kind === 'numeric')
    return t.testResultRange ? `${t.testResultRange.minimumValue} – ${t.testResultRange.maximumValue}` : 'No range';
  return 'Free text';
}
