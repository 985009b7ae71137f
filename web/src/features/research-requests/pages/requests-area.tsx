import { Route, Routes } from 'react-router';
import { RequestDetailPage } from './request-detail-page';
import { RequestListPage } from './request-list-page';
import { ResearchReportsArea } from './research-reports-page';

/** /research-requests (issue 32 item 5, docs/research.md "Requests"): the list, /new, /{id} and /{id}/edit; the research
 * reports at /reports (issue 32 item 7). */
export function RequestsArea() {
  return (
    <Routes>
      <Route index element={<RequestListPage />} />
      <Route path="new" element={<RequestListPage creating />} />
      <Route path="reports/*" element={<ResearchReportsArea />} />
      <Route path=":requestId" element={<RequestDetailPage />} />
      <Route path=":requestId/edit" element={<RequestDetailPage editing />} />
    </Routes>
  );
}
