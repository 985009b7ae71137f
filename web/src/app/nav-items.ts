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
// Each entry's words are the catalogues' `shell.nav[to]` (main-links.tsx).
export const NAV_ITEMS = [
  { to: '/', icon: IconHome },
  { to: '/collection-protocols', icon: IconFlask },
  { to: '/orders', icon: IconClipboardList },
  // Not in spec 1 §2's list (docs/spec-deviations.md): spec 2's Shipments overview needs a way in.
  { to: '/shipment/overview', icon: IconTruckDelivery },
  { to: '/configuration', icon: IconSettings },
  { to: '/patients', icon: IconUsers },
  { to: '/report', icon: IconReportAnalytics },
  // Issue 32: the research side (docs/research.md); administrators and researchers see it.
  { to: '/distribution-protocols', icon: IconMicroscope },
  // Issue 32 item 5: a researcher's own requests for samples; reviewers and fulfilment staff see every request.
  { to: '/research-requests', icon: IconPackageExport },
  { to: '/catalogue', icon: IconBooks },
  { to: '/queries', icon: IconFilterSearch },
  { to: '/setting', icon: IconAdjustmentsHorizontal },
  { to: '/accounts', icon: IconUserShield },
] as const;
