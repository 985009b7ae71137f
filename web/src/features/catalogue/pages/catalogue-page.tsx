import { Alert, Loader, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CATALOGUE_DIMENSIONS, type CatalogueTable } from '@contract/catalogue.contract';
import { ApiError } from '@/lib/api-client';
import { CellCountText } from '@/components/cell-count';
import { formatCount } from '@/lib/format';
import { useCurrentInstitution } from '@/lib/session-context';
import { useCatalogue, useCatalogueProtocols } from '../api/catalogue';

/**
 * /catalogue (issue 32 item 3, docs/research.md "Catalogue"): what the biobank holds that a distribution protocol may
 * receive, as counts by specimen type, anatomic site, collection protocol, remaining quantity, storage state and the
 * answers of shared questionnaires. Never a sample or a donor: counts of 1 to 4 read '< 5'.
 */
export function CataloguePage() {
  const { t } = useTranslation('research');
  const { institution } = useCurrentInstitution();
  const [params, setParams] = useSearchParams();
  const picked = Number(params.get('protocol'));
  const id = Number.isInteger(picked) && picked > 0 ? picked : null;
  const protocols = useCatalogueProtocols(institution.id);
  const catalogue = useCatalogue(institution.id, id);
  const options = (protocols.data?.items ?? []).map((p) => ({ value: String(p.id), label: p.title }));
  return (
    <Stack maw={1300} mx="auto">
      <div>
        <Title order={1} fz={26}>
          {t('catalogue.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('catalogue.intro', { min: catalogue.data?.smallCellMin ?? 5 })}
        </Text>
      </div>
      <Select
        label={t('catalogue.protocol')}
        placeholder={protocols.isPending ? t('loading') : t('catalogue.choose')}
        data={options}
        value={id === null ? null : String(id)}
        onChange={(v) => setParams(v ? { protocol: v } : {}, { replace: true })}
        searchable
        nothingFoundMessage={t('catalogue.nothingFound')}
        maw={520}
        rightSection={protocols.isPending ? <Loader size="xs" /> : undefined}
        error={protocols.isError ? t('catalogue.protocolsFailed') : undefined}
      />
      {protocols.isSuccess && options.length === 0 && (
        <Alert color="gray" icon={<IconInfoCircle />} title={t('catalogue.noProtocolsTitle')}>
          {t('catalogue.noProtocols')}
        </Alert>
      )}
      {id === null ? null : catalogue.isPending ? (
        <Stack align="center" py="xl" role="status" aria-live="polite">
          <Loader />
          <Text size="sm" c="dimmed">
            {t('catalogue.counting')}
          </Text>
        </Stack>
      ) : catalogue.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={t('catalogue.failed')}>
          {catalogue.error instanceof ApiError && catalogue.error.status === 404
            ? t('catalogue.notFound')
            : catalogue.error.message}
        </Alert>
      ) : catalogue.data.dimensions.every((d) => d.rows.length === 0) ? (
        <Alert color="gray" icon={<IconInfoCircle />} title={t('catalogue.noneTitle')}>
          {t('catalogue.none', { protocol: catalogue.data.distributionProtocol.title })}
        </Alert>
      ) : (
        <>
          <Title order={2} fz={20}>
            {t('catalogue.eligibleFor', { protocol: catalogue.data.distributionProtocol.title })}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {catalogue.data.dimensions.map((d) => (
              <CountTable key={d.key} table={d} />
            ))}
          </SimpleGrid>
          <Title order={2} fz={20} mt="md">
            {t('catalogue.answers')}
          </Title>
          {catalogue.data.questions.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('catalogue.noAnswers')}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {catalogue.data.questions.map((q) => (
                <CountTable key={q.key} table={q} caption={q.questionnaire} />
              ))}
            </SimpleGrid>
          )}
          <Text size="xs" c="dimmed">
            {t('withheldNote')} {t('catalogue.totalsNote')}
          </Text>
        </>
      )}
    </Stack>
  );
}

/** One dimension: its groups and the sum of the counts it shows (never an exact total). */
function CountTable({ table, caption }: { table: CatalogueTable; caption?: string }) {
  const { t } = useTranslation('research');
  const dimension = CATALOGUE_DIMENSIONS.find((d) => d === table.key);
  const headingId = `catalogue-${table.key}`;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} fz={16} id={headingId}>
        {dimension ? t(`catalogue.dimensions.${dimension}`) : table.title}
      </Title>
      {caption && (
        <Text size="xs" c="dimmed">
          {caption}
        </Text>
      )}
      <Table aria-labelledby={headingId} mt="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('catalogue.group')}</Table.Th>
            <Table.Th scope="col" ta="end">
              {t('catalogue.samples')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((r, i) => (
            <Table.Tr key={`${r.label}-${i}`}>
              <Table.Td>{r.label}</Table.Td>
              <Table.Td ta="end">
                <CellCountText count={r.count} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">
              {table.hiddenGroups > 0
                ? t('catalogue.shownHidden', { count: table.hiddenGroups })
                : t('catalogue.shown')}
            </Table.Th>
            <Table.Td ta="end" fw={600}>
              {formatCount(table.shownTotal)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Paper>
  );
}
