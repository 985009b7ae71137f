import type { ReactNode } from 'react';
import { Badge, Card, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Institution } from '@contract/institutions.contract';
import { formatDate, fullName } from '@/lib/format';

/** The current institution's details, read-only: shown by Configuration > Institution and Setting > Institution. */
export function InstitutionDetails({ institution, children }: { institution: Institution; children?: ReactNode }) {
  const { t } = useTranslation('common');
  const rows: [string, string][] = [
    [t('institution.title'), institution.title],
    [t('institution.abbreviation'), institution.abbreviation],
    [t('institution.address'), institution.address],
    [t('institution.timeZone'), t('institution.timeZoneValue', { zone: institution.timeZone })],
    [
      t('institution.phoneRule'),
      institution.localPhoneRule ? t('institution.phoneRuleOn') : t('institution.phoneRuleOff'),
    ],
    [t('institution.created'), formatDate(institution.createdDate)],
    [t('institution.createdBy'), fullName(institution.creatorAccount)],
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
            <Table.Th>{t('institution.status')}</Table.Th>
            <Table.Td>
              <Badge variant="light" color={institution.isEnabled ? 'teal' : 'gray'}>
                {institution.isEnabled ? t('institution.enabled') : t('institution.disabled')}
              </Badge>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {children}
    </Card>
  );
}
