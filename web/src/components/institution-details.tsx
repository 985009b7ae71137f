import type { ReactNode } from 'react';
import { Badge, Card, Table } from '@mantine/core';
import type { Institution } from '@contract/institutions.contract';
import { formatDate, fullName } from '@/lib/format';

/** The current institution's details, read-only: shown by Configuration > Institution and Setting > Institution. */
export function InstitutionDetails({ institution, children }: { institution: Institution; children?: ReactNode }) {
  const rows: [string, string][] = [
    ['Title', institution.title],
    ['Abbreviation', institution.abbreviation],
    ['Address', institution.address],
    ['Time zone', `${institution.timeZone}: its days in reports, indicators, enrolment and collection dates`],
    [
      'Local phone number rule',
      institution.localPhoneRule ? 'On: participant phone numbers start with 09 and have 10 digits' : 'Off',
    ],
    ['Created', formatDate(institution.createdDate)],
    ['Created By', fullName(institution.creatorAccount)],
  ];
  return (
    <Card withBorder radius="md" maw={720}>
      <Table variant="vertical" withRowBorders={false}>
        <Table.Tbody>
          {rows.map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Th w={200}>{k}</Table.Th>
              <Table.Td>{v}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th>Status</Table.Th>
            <Table.Td>
              <Badge variant="light" color={institution.isEnabled ? 'teal' : 'gray'}>
                {institution.isEnabled ? 'Enabled' : 'Disabled'}
              </Badge>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {children}
    </Card>
  );
}
