import { useState } from 'react';
import { ActionIcon, Alert, Badge, Drawer, Loader, Stack, Table, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ruleText, type IndicatorDefinition, type IndicatorReport } from '@contract/indicators.contract';
import { CATALOGUES } from '@contract/i18n/catalogues';
import { currentLanguage } from '@/lib/i18n';
import { useCan } from '@/lib/session-context';
import { ActionsTh } from '@/components/actions-th';
import { useDefinitions } from '../api/indicators';
import { DefinitionForm } from './definition-form';

/** Indicator definitions: each indicator's rule in words, where it comes from, and Edit for coordinators. */
export function DefinitionsDrawer({
  instId,
  report,
  opened,
  onClose,
}: {
  instId: number;
  report: IndicatorReport;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('indicators');
  const canEdit = useCan('protocols.manage');
  const definitions = useDefinitions(instId, report, opened);
  const [editing, setEditing] = useState<IndicatorDefinition | null>(null);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
      size="xl"
      title={
        <Text fw={600} size="lg">
          {t('definitions')}
        </Text>
      }
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('drawer.intro')} {canEdit ? t('drawer.canEdit') : t('drawer.cannotEdit')}
        </Text>
        {definitions.isPending ? (
          <Loader role="status" size="sm" aria-label={t('drawer.loading')} />
        ) : definitions.isError ? (
          <Alert color="red" title={t('drawer.loadFailed')}>
            {definitions.error.message}
          </Alert>
        ) : (
          <Table striped withTableBorder verticalSpacing={6} aria-label={t('definitions')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.sNo')}</Table.Th>
                <Table.Th>{t('columns.indicator')}</Table.Th>
                <Table.Th>{t('columns.rule')}</Table.Th>
                {canEdit && <ActionsTh label={t('columns.edit')} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {definitions.data.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>{d.ordinal}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{d.shownTitle}</Text>
                    <Badge size="xs" variant="light" color={d.ruleSource === 'spec' ? 'teal' : 'yellow'}>
                      {d.ruleSource === 'spec' ? t('drawer.fromSpec') : t('drawer.suggested')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {t('drawer.counts', { rule: ruleText(d, CATALOGUES[currentLanguage()].indicators.rule) })}
                    </Text>
                    {d.note && (
                      <Text size="xs" c="dimmed">
                        {d.note}
                      </Text>
                    )}
                  </Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('drawer.editIndicator', { n: d.ordinal })}
                        onClick={() => setEditing(d)}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {editing && (
        <DefinitionForm
          key={editing.id}
          instId={instId}
          report={report}
          definition={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Drawer>
  );
}
