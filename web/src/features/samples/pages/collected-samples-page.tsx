import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconBoxMultiple, IconPlus } from '@tabler/icons-react';
import { Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { SearchBox } from '@/components/search-box';
import { useListState } from '@/components/use-list-state';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { protocolPath, useCurrentProtocol } from '@/lib/protocol-context';
import { AllocateDialog } from '../components/allocate-dialog';
import { CollectForm } from '../components/collect-form';
import { SampleDetailPage } from './sample-detail-page';
import { subSampleRefusal } from '../components/sample-format';
import { SampleTree } from '../components/sample-tree';
import { usePrimarySamples } from '@/lib/primary-samples';
import { useSample } from '../api/samples';
import { SubSampleForm } from '../components/subsample-form';
import { useTranslation } from 'react-i18next';

/**
 * /collection-protocols/{p}/collected-samples (spec 2 §2 "Collected Samples screen"): the tree, and over it
 * /new (Collect Specimen) and /{id}/sub-sample (the Sub-sample form); /{id} is one sample's page.
 */
export function CollectedSamplesArea() {
  return (
    <Routes>
      <Route index element={<CollectedSamplesPage />} />
      <Route path="new" element={<CollectedSamplesPage collecting />} />
      <Route path=":sampleId" element={<SampleDetailPage />} />
      <Route path=":sampleId/sub-sample" element={<CollectedSamplesPage subSample />} />
    </Routes>
  );
}

function CollectedSamplesPage({
  collecting = false,
  subSample = false,
}: {
  collecting?: boolean;
  subSample?: boolean;
}) {
  const { t } = useTranslation('samples');
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const canCollect = useCan('samples.collect');
  // Allocate stores a scanned sample in a box (spec 2 §2 header button); offered to those who may store samples.
  const canAllocate = useCan('storage.allocate');
  const [allocating, setAllocating] = useState(false);
  const list = useListState();
  const samples = usePrimarySamples(institution.id, protocol.id, {
    page: list.page,
    pageSize: list.pageSize,
    search: list.search,
  });
  const navigate = useNavigate();
  const here = protocolPath(protocol, 'collected-samples');
  // Keep the list's page and search when a form over it closes; the sample page's button comes back to it.
  const from = (useLocation().state as { back?: string } | null)?.back;
  const back = () => void navigate(from ?? { pathname: here, search: window.location.search });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={26}>
            {t('list.title')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('list.intro')}
          </Text>
        </div>
        <Group gap="xs">
          {canAllocate && (
            <Button variant="default" leftSection={<IconBoxMultiple size={16} />} onClick={() => setAllocating(true)}>
              {t('list.allocate')}
            </Button>
          )}
          {canCollect && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => void navigate(`${here}/new${window.location.search}`)}
            >
              {t('list.collect')}
            </Button>
          )}
        </Group>
      </Group>
      <SearchBox value={list.search} onSearch={list.setSearch} placeholder={t('list.search')} />
      <SampleTree
        query={samples}
        page={list.page}
        onPage={list.setPage}
        variant="protocol"
        onAddSubSample={
          canCollect ? (s) => void navigate(`${here}/${s.id}/sub-sample${window.location.search}`) : undefined
        }
        hrefOf={(s) => `${here}/${s.id}`}
        emptyText={canCollect ? t('list.emptyCollect') : t('list.empty')}
      />
      {canCollect && collecting && <CollectForm onClose={back} />}
      {canCollect && subSample && (
        <SubSampleFormFor onClose={back} onCreated={(parentId) => void navigate(`${here}/${parentId}`)} />
      )}
      {canAllocate && allocating && <AllocateDialog onClose={() => setAllocating(false)} />}
    </Stack>
  );
}

/**
 * The sub-sample form needs the parent as it is now (its remaining amount), whatever the list showed. Once
 * created, the user lands on the parent's page: its new remaining amount and the new child (issue 28).
 */
function SubSampleFormFor({ onClose, onCreated }: { onClose: () => void; onCreated: (parentId: number) => void }) {
  const { t } = useTranslation('samples');
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const parent = useSample(institution.id, protocol.id, Number(useParams().sampleId));
  if (parent.isPending) return <PageLoader />;
  if (parent.isError)
    return (
      <Alert color="red" title={t('list.parentFailed')} withCloseButton onClose={onClose}>
        {parent.error.message}
      </Alert>
    );
  // A deep link to a sample the server would refuse says why, instead of a form that fails on Create.
  const refusal = subSampleRefusal(parent.data);
  if (refusal)
    return <Alert color="red" title={refusal} withCloseButton closeButtonLabel={t('list.close')} onClose={onClose} />;
  return <SubSampleForm parent={parent.data} onClose={onClose} onCreated={() => onCreated(parent.data.id)} />;
}
