import { useState } from 'react';
import { Button, Card, Group, Table, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OrderedPanelDetail, OrderedTestDetail } from '@contract/orders.contract';
import { usePhone } from '@/lib/use-phone';
import { ActionsTh } from '@/components/actions-th';
import { ResultInput } from './result-input';
import {
  FlagBadge,
  ReleaseState,
  TestMenu,
  TestName,
  referenceText,
  testRowState,
  unreleasedStyle,
  type Abilities,
  type TestRowProps,
} from './test-parts';
import { TestStack } from './test-stack';
import type { ResultDrafts } from './use-result-drafts';

export interface TestActions {
  release: (panel: OrderedPanelDetail, test: OrderedTestDetail) => void;
  comment: (panel: OrderedPanelDetail, test: OrderedTestDetail) => void;
  amend: (panel: OrderedPanelDetail, test: OrderedTestDetail) => void;
  releasePanel: (panel: OrderedPanelDetail) => void;
}

interface Props {
  panel: OrderedPanelDetail;
  drafts: ResultDrafts;
  actions: TestActions;
  can: Abilities;
  busy: boolean;
}

/**
 * One ordered panel and its tests (spec 1 §2): result, unit, accepted values or range, flag, release
 * state. A table on wide screens; on a phone each test stacks its fields in a card of its own.
 */
export function PanelCard({ panel, drafts, actions, can, busy }: Props) {
  const phone = usePhone();
  const { t } = useTranslation('orders');
  const [menuFor, setMenuFor] = useState<number | null>(null);
  const unreleased = panel.orderedTests.filter((t) => !t.testResultRelease.isReleased).length;
  const rowProps = (test: OrderedTestDetail): TestRowProps => ({
    test,
    drafts,
    can,
    menuOpened: menuFor === test.id,
    onMenu: (open) => setMenuFor(open ? test.id : null),
    onRelease: () => actions.release(panel, test),
    onComment: () => actions.comment(panel, test),
    onAmend: () => actions.amend(panel, test),
  });
  return (
    <Card
      withBorder
      radius="md"
      padding={phone ? 'sm' : 'md'}
      component="section"
      aria-label={t('panel.label', { panel: panel.panel.title })}
    >
      <Group justify="space-between" mb="sm" gap="xs">
        <div>
          <Text fw={700} size="lg">
            {panel.panel.title}
          </Text>
          <Text size="xs" c="dimmed">
            {unreleased === 0
              ? t('panel.allReleased')
              : t('panel.releasedOf', {
                  released: panel.orderedTests.length - unreleased,
                  total: panel.orderedTests.length,
                })}
          </Text>
        </div>
        {can.release && unreleased > 0 && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconChecks size={14} />}
            loading={busy}
            onClick={() => actions.releasePanel(panel)}
          >
            {t('panel.release')}
          </Button>
        )}
      </Group>
      {phone ? (
        <ul
          aria-label={t('panel.tests', { panel: panel.panel.title })}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {panel.orderedTests.map((test) => (
            <TestStack key={test.id} {...rowProps(test)} />
          ))}
        </ul>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing={8} horizontalSpacing="sm" aria-label={t('panel.tests', { panel: panel.panel.title })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('panel.test')}</Table.Th>
                <Table.Th w={190}>{t('panel.result')}</Table.Th>
                <Table.Th w={70}>{t('panel.unit')}</Table.Th>
                <Table.Th w={100}>{t('panel.reference')}</Table.Th>
                <Table.Th w={84}>{t('panel.flag')}</Table.Th>
                <Table.Th w={130}>{t('panel.releaseColumn')}</Table.Th>
                <ActionsTh w={40} label={t('test.actionsColumn')} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {panel.orderedTests.map((test) => (
                <TestRow key={test.id} {...rowProps(test)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

function TestRow(props: TestRowProps) {
  const { test: t, drafts, can, onMenu } = props;
  const { released, value, flag, hasMenu } = testRowState(props);
  const { t: tr } = useTranslation('orders');
  return (
    <Table.Tr
      data-released={released}
      onContextMenu={
        hasMenu
          ? (e) => {
              e.preventDefault();
              onMenu(true);
            }
          : undefined
      }
      style={released ? undefined : unreleasedStyle}
    >
      <Table.Td>
        <TestName test={t} />
      </Table.Td>
      <Table.Td>
        <ResultInput
          test={t}
          value={value}
          error={drafts.errorOf(t)}
          readOnly={released || !can.enter}
          onChange={(v) => drafts.set(t, v)}
          onBlur={() => drafts.touch(t)}
        />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{t.test.unitSymbol ?? ''}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="xs" c="dimmed">
          {referenceText(t, tr)}
        </Text>
      </Table.Td>
      <Table.Td>
        <FlagBadge flag={flag} />
      </Table.Td>
      <Table.Td>
        <ReleaseState test={t} changed={drafts.isChanged(t)} />
      </Table.Td>
      <Table.Td>{hasMenu && <TestMenu {...props} released={released} value={value} />}</Table.Td>
    </Table.Tr>
  );
}
