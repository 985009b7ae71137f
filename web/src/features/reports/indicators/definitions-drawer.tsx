import { useState } from 'react';
import { ActionIcon, Alert, Badge, Drawer, Loader, Stack, Table, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { ruleText, type IndicatorDefinition, type IndicatorReport } from '@contract/indicators.contract';
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
  const canEdit = useCan('protocols.manage');
  const definitions = useDefinitions(instId, report, opened);
  const [editing, setEditing] = useState<IndicatorDefinition | null>(null);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xl"
      title={
        <Text fw={600} size="lg">
          Indicator definitions
        </Text>
      }
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Each indicator counts the submitted forms of a protocol (or the participants who filled them) whose answer to
          a field, found by its prompt, is one of the matching values.{' '}
          {canEdit
            ? 'Edit a rule so its prompt and values match your form.'
            : 'Coordinators and administrators edit the rules.'}
        </Text>
        {definitions.isPending ? (
          <Loader size="sm" aria-label="Loading definitions" />
        ) : definitions.isError ? (
          <Alert color="red" title="The definitions could not be loaded">
            {definitions.error.message}
          </Alert>
        ) : (
          <Table striped withTableBorder verticalSpacing={6} aria-label="Indicator definitions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>S.no</Table.Th>
                <Table.Th>Indicator</Table.Th>
                <Table.Th>Rule</Table.Th>
                {canEdit && <ActionsTh label="Edit" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {definitions.data.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>{d.ordinal}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{d.title}</Text>
                    <Badge size="xs" variant="light" color={d.ruleSource === 'spec' ? 'teal' : 'yellow'}>
                      {d.ruleSource === 'spec' ? 'Rule from the spec' : 'Suggested rule'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">Counts {ruleText(d)}</Text>
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
                        aria-label={`Edit indicator ${d.ordinal}`}
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
