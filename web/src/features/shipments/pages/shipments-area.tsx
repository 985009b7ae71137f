import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { ShipmentsPage } from './shipments-page';

const ShipmentsOverviewPage = lazy(() =>
  import('./shipments-overview-page').then((m) => ({ default: m.ShipmentsOverviewPage })),
);
const ShipmentDetailPage = lazy(() =>
  import('./shipment-detail-page').then((m) => ({ default: m.ShipmentDetailPage })),
);

/** /shipment: the list (SENT / RECEIVED), /shipment/new the create stepper over it, /shipment/overview/{requests|approved|issued} the overview, /shipment/{id} one shipment. */
export function ShipmentsArea() {
  return (
    <Routes>
      <Route index element={<ShipmentsPage />} />
      <Route path="new" element={<ShipmentsPage creating />} />
      <Route
        path="overview/:view?"
        element={
          <Suspense fallback={<PageLoader />}>
            <ShipmentsOverviewPage />
          </Suspense>
        }
      />
      <Route
        path=":shipmentId"
        element={
          <Suspense fallback={<PageLoader />}>
            <ShipmentDetailPage />
          </Suspense>
        }
      />
    </Routes>
  );
}
