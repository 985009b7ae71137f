import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import { PageLoader } from '@/components/page-loader';
import { ProtocolListPage } from '../features/protocols/pages/protocol-list-page';
import { ProtocolWrapper } from '../features/protocols/pages/protocol-wrapper';
import { ProtocolOverviewPage } from '../features/protocols/pages/protocol-overview-page';

const ConsentsPage = lazy(() =>
  import('../features/protocols/consents/consents-page').then((m) => ({ default: m.ConsentsPage })),
);
const SitesPage = lazy(() => import('../features/protocols/sites/sites-page').then((m) => ({ default: m.SitesPage })));
const EventsPage = lazy(() =>
  import('../features/protocols/events/events-page').then((m) => ({ default: m.EventsPage })),
);
const CollectedSamplesArea = lazy(() =>
  import('../features/samples/pages/collected-samples-page').then((m) => ({ default: m.CollectedSamplesArea })),
);
const ProtocolShipmentsPage = lazy(() =>
  import('../features/protocols/shipments/protocol-shipments-page').then((m) => ({ default: m.ProtocolShipmentsPage })),
);
const QuestionersArea = lazy(() =>
  import('../features/forms/pages/questioners-page').then((m) => ({ default: m.QuestionersArea })),
);
const CollectedQuestionersPage = lazy(() =>
  import('../features/forms/pages/collected-questioners-page').then((m) => ({ default: m.CollectedQuestionersPage })),
);
const ProtocolParticipants = lazy(() =>
  import('./protocol-participants-area').then((m) => ({ default: m.ProtocolParticipants })),
);

const page = (Page: LazyExoticComponent<ComponentType>) => (
  <Suspense fallback={<PageLoader />}>
    <Page />
  </Suspense>
);

// Protocol sub-pages whose screens come with later issues (settings).
const LATER: [path: string, area: 'protocolSettings'][] = [['settings/*', 'protocolSettings']];

/**
 * /collection-protocols (spec 2 §2): the list (and /new, its create form), then one protocol's pages
 * inside the wrapper, which loads the protocol once. Each sub-page is its own lazy chunk. The Collected Samples
 * and Questionnaires pages are the samples and forms features' (features never import each other; they meet here).
 */
export function ProtocolsArea() {
  const { t } = useTranslation('protocols');
  return (
    <Routes>
      <Route index element={<ProtocolListPage />} />
      <Route path="new" element={<ProtocolListPage creating />} />
      <Route path=":protocolId" element={<ProtocolWrapper />}>
        <Route index element={<Navigate to="overview" replace />} />
        <Route path="overview" element={<ProtocolOverviewPage />} />
        <Route path="overview/edit" element={<ProtocolOverviewPage editing />} />
        <Route path="consents/*" element={page(ConsentsPage)} />
        <Route path="sites/*" element={page(SitesPage)} />
        <Route path="events/*" element={page(EventsPage)} />
        <Route path="participants/*" element={page(ProtocolParticipants)} />
        <Route path="collected-samples/*" element={page(CollectedSamplesArea)} />
        <Route path="shipments/*" element={page(ProtocolShipmentsPage)} />
        <Route path="collectio-protocol-forms/*" element={page(QuestionersArea)} />
        <Route path="collected-questioners/*" element={page(CollectedQuestionersPage)} />
        {LATER.map(([path, area]) => (
          <Route key={path} path={path} element={<ComingSoon area={t(`later.${area}`)} />} />
        ))}
      </Route>
    </Routes>
  );
}
