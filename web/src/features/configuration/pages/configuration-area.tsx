import type { ReactNode } from 'react';
import { Alert, Box, Button, Flex, Stack } from '@mantine/core';
import { Link, Navigate, Route, Routes, useParams } from 'react-router';
import { DEFAULT_CONFIG_PATH } from '@contract/configuration-menu';
import { LOOKUP_BY_PATH } from '@contract/lookups.registry';
import { ConfigMenu } from '../components/config-menu';
import { useCan } from '@/lib/session-context';
import { fromLookup, INSTITUTIONS_LIST_ENTITY, SITE_ENTITY } from '../components/config-entities';
import { RecordListPage } from './record-list-page';
import { useConfigWords } from '../components/config-words';
import { InstitutionPage } from './institution-page';
import { TrustedPartnersPage } from './trusted-partners-page';

// spec 1 §2 route list: the storage hierarchy's children all lead to the one Storage Container screen.
const STORAGE_PATHS = [
  'storage-container',
  'storage-container-box',
  'storage-container-drawer',
  'storage-container-rack',
  'storage-container-shelf',
];

/**
 * /configuration/<child-path>. The spec redirects /configuration to institution; issue 3 makes Panel
 * the default selection, so /configuration opens Panel.
 */
export function ConfigurationArea({ storage, imports }: { storage: ReactNode; imports: ReactNode }) {
  return (
    <Routes>
      <Route index element={<Navigate to={DEFAULT_CONFIG_PATH} replace />} />
      <Route path=":child" element={<ConfigurationScreen storage={storage} imports={imports} />} />
      <Route path="*" element={<Navigate to={DEFAULT_CONFIG_PATH} replace />} />
    </Routes>
  );
}

/** `storage` and `imports` are other features' screens, handed in by the router (features never import each other). */
function ConfigurationScreen({ storage, imports }: { storage: ReactNode; imports: ReactNode }) {
  const child = useParams().child ?? DEFAULT_CONFIG_PATH;
  return (
    <Flex
      direction={{ base: 'column', md: 'row' }}
      gap="lg"
      align={{ base: 'stretch', md: 'flex-start' }}
      maw={1500}
      mx="auto"
    >
      <ConfigMenu current={child} />
      <Box flex={1} miw={0}>
        <ConfigurationContent child={child} storage={storage} imports={imports} />
      </Box>
    </Flex>
  );
}

function ConfigurationContent({ child, storage, imports }: { child: string; storage: ReactNode; imports: ReactNode }) {
  // A Super Administrator manages every institution; others see and edit the current one.
  const allInstitutions = useCan('institutions.create');
  const { t } = useConfigWords();
  if (child === 'institution')
    return allInstitutions ? <RecordListPage key={child} entity={INSTITUTIONS_LIST_ENTITY} /> : <InstitutionPage />;
  if (child === 'institution-site') return <RecordListPage key={child} entity={SITE_ENTITY} />;
  if (child === 'trusted-partners') return <TrustedPartnersPage />;
  if (STORAGE_PATHS.includes(child)) return storage;
  if (child === 'import') return imports;
  const lookup = LOOKUP_BY_PATH[child];
  if (lookup) return <RecordListPage key={child} entity={fromLookup(lookup)} />;
  return (
    <Stack maw={600}>
      <Alert color="yellow" title={t('unknown.title')}>
        {t('unknown.body')}
      </Alert>
      <Button component={Link} to={`/configuration/${DEFAULT_CONFIG_PATH}`} variant="light" w="fit-content">
        {t('unknown.openPanel')}
      </Button>
    </Stack>
  );
}
