import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconChecks, IconDotsVertical, IconMessage, IconPencil, IconSend } from '@tabler/icons-react';
import type { OrderedPanelDetail, OrderedTestDetail } from '@contract/orders.contract';
import { formatDateTime, fullName } from '@/lib/format';
import { checkValue, flagLabel, resultKind } from './result-values';
import { ResultInput } from './result-input';
import type { ResultDrafts } from './use-result-drafts';

export interface TestActions {
  release: (panel: OrderedPanelDetail, test: OrderedTestDetail) => void;
  comment: (panel: OrderedPanelDetail, test: OrderedTestDetail) => void;
  amend: (panel: OrderedPanelDetail, test: OrderedTestDetail) => void;
  releasePanel: (panel: OrderedPanelDetail) => void;
}
export interface Abilities { enter: boolean; release: boolean; amend: boolean }

interface Props { panel: OrderedPanelDetail; drafts: ResultDrafts; actions: TestActions; can: Abilities; busy: boolean }

/** One ordered panel and its tests (spec 1 §2): result, unit, accepted values or range, flag, release state. */
export function PanelCard({ panel, drafts, actions, can, busy }: Props) {
  const [menuFor, setMenuFor] = useState<number | null>(null);
  const unreleased = panel.orderedTests.filter((t) => !t.testResultRelease.isReleased).length;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={`Panel ${panel.panel.title}`}>
      <Group justify="space-between" mb="sm">
        <div>
          <Text fw={700} size="lg">{panel.panel.title}</Text>
          <Text size="xs" c="dimmed">
            {unreleased === 0 ? 'All results released' : `${panel.orderedTests.length - unreleased} of ${panel.orderedTests.length} released`}
          </Text>
        </div>
        {can.release && unreleased > 0 && (
          <Button size="xs" variant="light" leftSection={<IconChecks size={14} />} loading={busy}
            onClick={() => actions.releasePanel(panel)}>Release panel</Button>
        )}
      </Group>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing={8} horizontalSpacing="sm" aria-label={`Tests of ${panel.panel.title}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Test</Table.Th><Table.Th w={190}>Result</Table.Th><Table.Th w={70}>Unit</Table.Th>
              <Table.Th w={100}>Reference</Table.Th><Table.Th w={84}>Flag</Table.Th><Table.Th w={130}>Release</Table.Th><Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {panel.orderedTests.map((t) => (
              <TestRow key={t.id} test={t} drafts={drafts} can={can} menuOpened={menuFor === t.id}
                onMenu={(open) => setMenuFor(open ? t.id : null)}
                onRelease={() => actions.release(panel, t)} onComment={() => actions.comment(panel, t)} onAmend={() => actions.amend(panel, t)} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

interface RowProps {
  test: OrderedTestDetail; drafts: ResultDrafts; can: Abilities; menuOpened: boolean;
  onMenu: (open: boolean) => void; onRelease: () => void; onComment: () => void; onAmend: () => void;
}

function TestRow({ test: t, drafts, can, menuOpened, onMenu, onRelease, onComment, onAmend }: RowProps) {
  const released = t.testResultRelease.isReleased;
  const value = drafts.valueOf(t);
  const flag = drafts.isChanged(t) ? checkValue(t, value).flag : t.testResult.flag;
  const hasMenu = (!released && (can.release || can.enter)) || (released && (can.amend || can.enter));
  return (
    // spec 1 §4: unreleased rows are styled apart from released ones.
    <Table.Tr data-released={released} onContextMenu={hasMenu ? (e) => { e.preventDefault(); onMenu(true); } : undefined}
      style={released ? undefined : { background: 'var(--mantine-color-yellow-0)', boxShadow: 'inset 3px 0 0 var(--mantine-color-yellow-5)' }}>
      <Table.Td>
        <Text size="sm" fw={600}>{t.test.title}{t.test.abbreviation ? <Text span size="xs" c="dimmed"> ({t.test.abbreviation})</Text> : null}</Text>
        {t.comment && <Text size="xs" c="dimmed" fs="italic">Comment: {t.comment}</Text>}
      </Table.Td>
      <Table.Td>
        <ResultInput test={t} value={value} error={drafts.errorOf(t)} readOnly={released || !can.enter}
          onChange={(v) => drafts.set(t, v)} onBlur={() => drafts.touch(t)} />
      </Table.Td>
      <Table.Td><Text size="sm">{t.test.unitSymbol ?? ''}</Text></Table.Td>
      <Table.Td><Reference test={t} /></Table.Td>
      <Table.Td>
        {flag && <Badge color={flag === 'H' ? 'red' : 'blue'} variant="filled" radius="sm" tt="none" style={{ flexShrink: 0 }}>{flagLabel(flag)}</Badge>}
      </Table.Td>
      <Table.Td>
        <Stack gap={2} align="flex-start">
          {released ? (
            <Tooltip label={`Released ${formatDateTime(t.testResultRelease.releasedDate, { empty: '—' })}${t.testResultRelease.releasedBy ? ` by ${fullName(t.testResultRelease.releasedBy)}` : ''}`}>
              <Badge color="teal" variant="light" tt="none" leftSection={<IconChecks size={12} />}>Released</Badge>
            </Tooltip>
          ) : <Badge color="yellow.8" variant="outline" tt="none">Not released</Badge>}
          {t.testResult.amended && <Badge color="orange" variant="light" size="xs" tt="none">Amended</Badge>}
          {drafts.isChanged(t) && <Text size="xs" c="orange.8">Not saved</Text>}
        </Stack>
      </Table.Td>
      <Table.Td>
        {hasMenu && (
          <Menu opened={menuOpened} onChange={onMenu} position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${t.test.title}`}><IconDotsVertical size={16} /></ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {!released && can.release && (
                <Menu.Item leftSection={<IconSend size={14} />} onClick={onRelease} disabled={!value.trim()}>
                  {value.trim() ? 'Release' : 'Release (enter a result first)'}
                </Menu.Item>
              )}
              {can.enter && <Menu.Item leftSection={<IconMessage size={14} />} onClick={onComment}>Comment</Menu.Item>}
              {released && can.amend && <Menu.Item leftSection={<IconPencil size={14} />} onClick={onAmend}>Amend</Menu.Item>}
            </Menu.Dropdown>
          </Menu>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function Reference({ test: t }: { test: OrderedTestDetail }) {
  const kind = resultKind(t);
  if (kind === 'accepted') return <Text size="xs" c="dimmed">{t.testAcceptedValues.map((a) => a.title).join(' / ') || 'No accepted values'}</Text>;
  if (kind === 'numeric') {
    return <Text size="xs" c="dimmed">{t.testResultRange ? `${t.testResultRange.minimumValue} – ${t.testResultRange.maximumValue}` : 'No range'}</Text>;
  }
  return <Text size="xs" c="dimmed">Free text</Text>;
}
