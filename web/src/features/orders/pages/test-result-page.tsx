import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/page-loader';
import { SearchBox } from '@/components/search-box';
import { useCurrentInstitution } from '@/lib/session-context';
import { useOrderBySampleId, useOrderDetail } from '../api/orders';
import { testResultPath } from '../components/result-values';
import { TestResults } from '../components/test-results';

/** spec 1 §2 OrderTestResult: /orders/test-result?sampleId=X looks the order up, then loads its detail. */
export function TestResultPage() {
  const [params] = useSearchParams();
  const sampleId = (params.get('sampleId') ?? '').trim();
  return (
    <Stack maw={1400} mx="auto">
      {sampleId ? <OrderBySample key={sampleId} sampleId={sampleId} /> : <FindOrder />}
    </Stack>
  );
}

function OrderBySample({ sampleId }: { sampleId: string }) {
  const { institution } = useCurrentInstitution();
  const lookup = useOrderBySampleId(institution.id, sampleId);
  const detail = useOrderDetail(institution.id, lookup.data?.id);
  const { t } = useTranslation('orders');
  if (lookup.isPending || (lookup.data && detail.isPending)) return <PageLoader label={t('result.loading')} />;
  if (lookup.isError || detail.isError) {
    return (
      <Alert color="red" title={t('result.loadFailed')}>
        {(lookup.error ?? detail.error)?.message}
      </Alert>
    );
  }
  if (!lookup.data || !detail.data) {
    return (
      <>
        <Alert color="gray" icon={<IconSearch />} title={t('result.noOrder', { sampleId })}>
          <Trans t={t} i18nKey="result.checkOrFind" components={{ link: <Link to="/orders" /> }} />
        </Alert>
        <FindOrder />
      </>
    );
  }
  return <TestResults key={detail.data.id} order={detail.data} />;
}

/** The earlier variant's Sample Id box (spec 1 §2): Enter opens that order's results. */
function FindOrder() {
  const navigate = useNavigate();
  const { t } = useTranslation('orders');
  return (
    <Stack gap="xs">
      <Title order={1} fz={26}>
        {t('result.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('result.enterSample')}
      </Text>
      <SearchBox
        value=""
        withButton
        placeholder={t('result.samplePlaceholder')}
        onSearch={(s) => {
          if (s.trim()) void navigate(testResultPath(s.trim()));
        }}
      />
      <Button component={Link} to="/orders" variant="subtle" w="fit-content" px={0}>
        {t('result.backToOrders')}
      </Button>
    </Stack>
  );
}
