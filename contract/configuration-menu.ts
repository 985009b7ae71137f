// spec 1 §2 "Configuration screen": the left menu, its groups and their order. The registry's lists
// appear in their group in registry order, so a new list needs no menu line.
import { LOOKUPS } from './lookups.registry';

export interface MenuItem {
  label: string;
  path: string;
}
export interface MenuGroup {
  label: string;
  children: MenuItem[];
}

const item = (label: string, path: string): MenuItem => ({ label, path });
const fromRegistry = (group: string) =>
  LOOKUPS.filter((e) => (e.group ?? 'Advanced') === group).map((e) => item(e.label, e.path));

export const CONFIG_MENU: MenuGroup[] = [
  {
    label: 'Institution Management',
    children: [
      item('Institution', 'institution'),
      item('Institution Site', 'institution-site'),
      // Issue 31: signing keys and the partners' keys trusted for manifests and receipts.
      item('Trusted Partners', 'trusted-partners'),
    ],
  },
  { label: 'LIMS Configuration', children: fromRegistry('LIMS Configuration') },
  { label: 'Storage Container', children: [item('Storage Container', 'storage-container')] },
  { label: 'Advanced', children: fromRegistry('Advanced') },
  { label: 'Locations', children: fromRegistry('Locations') },
  // Issue 17: bulk CSV import with a dry run (docs/imports.md).
  { label: 'Data', children: [item('Import Data', 'import')] },
];

export const DEFAULT_CONFIG_PATH = 'panel';
