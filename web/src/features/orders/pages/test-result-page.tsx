import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
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
  if (lookup.isPending || (lookup.data && detail.isPending)) return <PageLoader label="Loading order" />;
  if (lookup.isError || detail.isError) {
    return (
      <Alert color="red" title="The order could not be loaded">
        {(lookup.error ?? detail.error)?.message}
      </Alert>
    );
  }
  if (!lookup.data || !detail.data) {
    return (
      <>
        <Alert color="gray" icon={<IconSearch />} title={`No order has the sample ID '${sampleId}'.`}>
          Check the sample ID, or find the order in the <Link to="/orders">Orders</Link> list.
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
  return (
    <Stack gap="xs">
      <Title order={1} fz={26}>
        Test Results
      </Title>
      <Text size="sm" c="dimmed">
        Enter a sample ID to open its order.
      </Text>
      <SearchBox
        value=""
        withButton
        placeholder="Sample ID"
        onSearch={(s) => {
          if (s.trim()) void navigate(testResultPath(s.trim()));
        }}
      />
      <Button component={Link} to="/orders" variant="subtle" w="fit-content" px={0}>
        Back to Orders
      </Button>
    </Stack>
  );
}
