import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { ShipmentsPage } from './shipments-page';

const ShipmentDetailPage = lazy(() => import('./shipment-detail-page').then((m) => ({ default: m.ShipmentDetailPage })));

/** /shipment: the list (SENT / RECEIVED), /shipment/new the create stepper over it, /shipment/{id} one shipment. */
export function ShipmentsArea() {
  return (
    <Routes>
      <Route index element={<ShipmentsPage />} />
      <Route path="new" element={<ShipmentsPage creating />} />
      <Route path=":shipmentId" element={<Suspense fallback={<PageLoader />}><ShipmentDetailPage /></Suspense>} />
    </Routes>
  );
}
