import type { Permission } from './permissions.contract';

/**
 * Each permission as the words a person reads (issue 28 item 7): what it lets one do, completing
 * "You need permission to ...". Messages never show the permission's name (`results.release`).
 */
export const PERMISSION_LABELS: Record<Permission, string> = {
  'institutions.create': 'create institutions',
  'institutions.manage': 'change the institution',
  'sites.manage': 'manage institution sites',
  'accounts.read': 'see accounts',
  'accounts.manage': 'manage accounts',
  'audit.read': 'read the audit log',
  'configuration.read': 'see the configuration',
  'configuration.manage': 'change the configuration',
  'participants.read': 'see participants',
  'participants.manage': 'register and edit participants',
  'orders.read': 'see orders',
  'orders.create': 'create orders',
  'results.enter': 'enter results',
  'results.release': 'release results',
  'results.amend': 'amend released results',
  'protocols.read': 'see collection protocols',
  'protocols.manage': 'manage collection protocols',
  'samples.read': 'see collected samples',
  'samples.collect': 'collect samples',
  'storage.read': 'see storage',
  'storage.allocate': 'store samples in boxes',
  'shipments.read': 'see shipments',
  'shipments.manage': 'manage shipments',
  'reports.run': 'run reports',
  'labels.print': 'print labels',
  'printer.configure': 'set up the label printer',
  'distribution.read': 'see distribution protocols',
  'distribution.manage': 'manage distribution protocols',
  'catalogue.read': 'see the research catalogue',
  'queries.read': 'count samples with the query builder',
  'queries.staff': 'list and export the query builder’s samples',
  'requests.read': 'see research requests',
  'requests.create': 'request samples for research',
  'requests.review': 'review research requests',
  'requests.fulfil': 'pick and distribute samples for research requests',
};

/** "You need permission to release results." */
export const needsPermission = (permission: Permission) => `You need permission to ${PERMISSION_LABELS[permission]}.`;
