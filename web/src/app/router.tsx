import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { setNavigator } from '../lib/api-client';
import { ComingSoon } from '../components/coming-soon';
import { PageLoader } from '../components/page-loader';
import { RequireAuth } from './require-auth';
import { InstitutionGate } from './institution-gate';
import { RouteGuard } from './route-guard';
import { NotFoundPage } from './not-found-page';

const LoginPage = lazy(() => import('../features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })));
const AboutPage = lazy(() => import('../features/home/pages/about-page').then((m) => ({ default: m.AboutPage })));
const DashboardPage = lazy(() =>
  import('../features/dashboard/pages/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const ParticipantsPage = lazy(() =>
  import('../features/participants/pages/participants-page').then((m) => ({ default: m.ParticipantsPage })),
);
const AccountsPage = lazy(() =>
  import('../features/accounts/pages/accounts-page').then((m) => ({ default: m.AccountsPage })),
);
const SettingArea = lazy(() => import('./setting-area').then((m) => ({ default: m.SettingArea })));
const BarcodeGeneratorPage = lazy(() =>
  import('../features/labels/pages/barcode-generator-page').then((m) => ({ default: m.BarcodeGeneratorPage })),
);
const ConfigurationArea = lazy(() =>
  import('../features/configuration/pages/configuration-area').then((m) => ({ default: m.ConfigurationArea })),
);
const ImportPage = lazy(() => import('../features/imports/pages/import-page').then((m) => ({ default: m.ImportPage })));
const StoragePage = lazy(() =>
  import('../features/storage/pages/storage-page').then((m) => ({ default: m.StoragePage })),
);
const SampleOrderPage = lazy(() =>
  import('../features/orders/pages/sample-order-page').then((m) => ({ default: m.SampleOrderPage })),
);
const OrdersPage = lazy(() => import('../features/orders/pages/orders-page').then((m) => ({ default: m.OrdersPage })));
const NewOrderPage = lazy(() =>
  import('../features/orders/pages/new-order-page').then((m) => ({ default: m.NewOrderPage })),
);
const ProtocolsArea = lazy(() => import('./protocols-area').then((m) => ({ default: m.ProtocolsArea })));
const ShipmentsArea = lazy(() =>
  import('../features/shipments/pages/shipments-area').then((m) => ({ default: m.ShipmentsArea })),
);
const SampleRecordPage = lazy(() =>
  import('../features/samples/pages/sample-record-page').then((m) => ({ default: m.SampleRecordPage })),
);
const AllFormsPage = lazy(() =>
  import('../features/forms/pages/all-forms-page').then((m) => ({ default: m.AllFormsPage })),
);
const TestResultPage = lazy(() =>
  import('../features/orders/pages/test-result-page').then((m) => ({ default: m.TestResultPage })),
);
const DistributionArea = lazy(() =>
  import('../features/distribution/pages/distribution-area').then((m) => ({ default: m.DistributionArea })),
);
const RequestsArea = lazy(() =>
  import('../features/research-requests/pages/requests-area').then((m) => ({ default: m.RequestsArea })),
);
const CataloguePage = lazy(() =>
  import('../features/catalogue/pages/catalogue-page').then((m) => ({ default: m.CataloguePage })),
);
const QueriesPage = lazy(() =>
  import('../features/queries/pages/queries-page').then((m) => ({ default: m.QueriesPage })),
);
const ReportArea = lazy(() => import('../features/reports/pages/report-area').then((m) => ({ default: m.ReportArea })));

const page = (Page: LazyExoticComponent<ComponentType>) => (
  <Suspense fallback={<PageLoader />}>
    <Page />
  </Suspense>
);

// Areas whose screens come in later issues: the routes exist so navigation works (spec 1 §2 route table).
const comingSoon: [path: string, area: string][] = [];

const routes: RouteObject[] = [
  { path: '/login', element: page(LoginPage) },
  { path: '/about', element: page(AboutPage) },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <InstitutionGate />,
        // Which screen needs which permission is declared once, in ROUTE_ACCESS (./route-access.ts).
        children: [
          {
            element: <RouteGuard />,
            children: [
              { index: true, element: <DashboardPage /> },
              // /patients lists; /patients/new and /patients/{id} open the create and edit forms over the list.
              { path: 'patients/*', element: <ParticipantsPage /> },
              { path: 'home', element: <Navigate to="/" replace /> },
              { path: 'accounts', element: <AccountsPage /> },
              { path: 'setting/*', element: <SettingArea /> },
              { path: 'barcode-generator', element: <BarcodeGeneratorPage /> },
              // Configuration > Storage Container is the storage feature's screen, passed in (features never import each other).
              {
                path: 'configuration/*',
                element: <ConfigurationArea storage={page(StoragePage)} imports={page(ImportPage)} />,
              },
              { path: 'orders', element: <OrdersPage /> },
              { path: 'orders/new', element: <NewOrderPage /> },
              { path: 'orders/new/sample/:sampleId', element: page(SampleOrderPage) },
              { path: 'orders/test-result', element: <TestResultPage /> },
              { path: 'collection-protocols/*', element: <ProtocolsArea /> },
              { path: 'shipment/*', element: page(ShipmentsArea) },
              { path: 'sample/:sampleId', element: page(SampleRecordPage) },
              { path: 'forms', element: page(AllFormsPage) },
              { path: 'report/*', element: page(ReportArea) },
              { path: 'distribution-protocols/*', element: page(DistributionArea) },
              { path: 'research-requests/*', element: page(RequestsArea) },
              { path: 'catalogue', element: page(CataloguePage) },
              { path: 'queries', element: page(QueriesPage) },
              ...comingSoon.map(([path, area]) => ({ path, element: <ComingSoon key={area} area={area} /> })),
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

export const router = createBrowserRouter(routes);
setNavigator((path, state) => void router.navigate(path, { replace: true, state }));
