import { Route, Routes } from 'react-router';
import { DistributionDetailPage } from './distribution-detail-page';
import { DistributionListPage } from './distribution-list-page';

/** /distribution-protocols (issue 32, docs/research.md): the list, /new, /{id} and /{id}/edit. */
export function DistributionArea() {
  return (
    <Routes>
      <Route index element={<DistributionListPage />} />
      <Route path="new" element={<DistributionListPage creating />} />
      <Route path=":protocolId" element={<DistributionDetailPage />} />
      <Route path=":protocolId/edit" element={<DistributionDetailPage editing />} />
    </Routes>
  );
}
