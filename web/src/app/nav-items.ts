import {
  IconAdjustmentsHorizontal,
  IconBooks,
  IconClipboardList,
  IconFilterSearch,
  IconFlask,
  IconMicroscope,
  IconPackageExport,
  IconHome,
  IconReportAnalytics,
  IconSettings,
  IconTruckDelivery,
  IconUsers,
  IconUserShield,
} from '@tabler/icons-react';

// spec 1 §2: the main entries of the top navigation, in product order. The permission each needs is its
// address's rule in ROUTE_ACCESS (./route-access.ts), so a link is shown exactly when its screen would open.
export const NAV_ITEMS = [
  { label: 'Home', to: '/', icon: IconHome },
  { label: 'Collection Protocols', to: '/collection-protocols', icon: IconFlask },
  { label: 'Orders', to: '/orders', icon: IconClipboardList },
  // Not in spec 1 §2's list (docs/spec-deviations.md): spec 2's Shipments overview needs a way in.
  { label: 'Shipments', to: '/shipment/overview', icon: IconTruckDelivery },
  { label: 'Configuration', to: '/configuration', icon: IconSettings },
  { label: 'Participants', to: '/patients', icon: IconUsers },
  { label: 'Report', to: '/report', icon: IconReportAnalytics },
  // Issue 32: the research side (docs/research.md); administrators and researchers see it.
  { label: 'Distribution', to: '/distribution-protocols', icon: IconMicroscope },
  // Issue 32 item 5: a researcher's own requests for samples; reviewers and fulfilment staff see every request.
  { label: 'Requests', to: '/research-requests', icon: IconPackageExport },
  { label: 'Catalogue', to: '/catalogue', icon: IconBooks },
  { label: 'Queries', to: '/queries', icon: IconFilterSearch },
  { label: 'Setting', to: '/setting', icon: IconAdjustmentsHorizontal },
  { label: 'Accounts', to: '/accounts', icon: IconUserShield },
] as const;
