import type { Permission } from '../../../contract/permissions.contract';
import type { en } from '../../../contract/i18n/en';

/**
 * The one place that says which permission each screen needs (docs/permissions.md, "What the web hides").
 * It mirrors `config.permission` of the API routes the screen calls, so a screen the account may not use
 * shows the shared no-access screen instead of an empty list or a form that fails on save. The main
 * navigation and its New Order / New Participant / Barcode actions read the same table.
 *
 * `path` segments: a literal matches itself (case-insensitive, as React Router matches), `:id` matches a
 * number; a rule also covers every address below it, and the most specific rule wins.
 */
export interface RouteAccess {
  path: string;
  permission: Permission;
  /** Completes "You don't have access to ...": its words are the catalogues' `common.access[what]`. */
  what: keyof (typeof en)['common']['access'];
}

export const ROUTE_ACCESS: readonly RouteAccess[] = [
  { path: '/patients', permission: 'participants.read', what: 'participants' },
  { path: '/patients/new', permission: 'participants.manage', what: 'registeringParticipants' },
  { path: '/patients/:id', permission: 'participants.manage', what: 'editingParticipants' },
  { path: '/orders', permission: 'orders.read', what: 'orders' },
  { path: '/orders/new', permission: 'orders.create', what: 'creatingOrders' },
  { path: '/configuration', permission: 'configuration.read', what: 'configuration' },
  { path: '/accounts', permission: 'accounts.read', what: 'accounts' },
  { path: '/setting/audit-log', permission: 'audit.read', what: 'auditLog' },
  { path: '/setting/printer', permission: 'labels.print', what: 'printerSettings' },
  { path: '/barcode-generator', permission: 'labels.print', what: 'barcodeGenerator' },
  { path: '/report', permission: 'reports.run', what: 'reports' },
  { path: '/collection-protocols', permission: 'protocols.read', what: 'collectionProtocols' },
  { path: '/collection-protocols/new', permission: 'protocols.manage', what: 'creatingCollectionProtocols' },
  {
    path: '/collection-protocols/:id/overview/edit',
    permission: 'protocols.manage',
    what: 'updatingCollectionProtocols',
  },
  // protocol consents
  { path: '/collection-protocols/:id/consents/new', permission: 'protocols.manage', what: 'creatingConsents' },
  { path: '/collection-protocols/:id/consents/:id/edit', permission: 'protocols.manage', what: 'editingConsents' },

  // protocol sites and events
  {
    path: '/collection-protocols/:id/sites/add',
    permission: 'protocols.manage',
    what: 'addingSitesToCollectionProtocols',
  },
  { path: '/collection-protocols/:id/events/new', permission: 'protocols.manage', what: 'creatingEvents' },
  {
    path: '/collection-protocols/:id/events/requirements/new',
    permission: 'protocols.manage',
    what: 'creatingSpecimenRequirements',
  },

  // protocol participants and their consents
  {
    path: '/collection-protocols/:id/participants/new',
    permission: 'protocols.manage',
    what: 'enrollingParticipants',
  },
  {
    path: '/collection-protocols/:id/participants/:id/participant-consents/new',
    permission: 'protocols.manage',
    what: 'signingConsents',
  },

  // protocol samples
  { path: '/collection-protocols/:id/collected-samples', permission: 'samples.read', what: 'collectedSamples' },
  {
    path: '/collection-protocols/:id/collected-samples/new',
    permission: 'samples.collect',
    what: 'collectingSamples',
  },
  {
    path: '/collection-protocols/:id/collected-samples/:id/sub-sample',
    permission: 'samples.collect',
    what: 'creatingSubSamples',
  },
  {
    path: '/collection-protocols/:id/participants/:id/collected-samples',
    permission: 'samples.read',
    what: 'collectedSamples',
  },
  {
    path: '/collection-protocols/:id/participants/:id/collected-samples/collect',
    permission: 'samples.collect',
    what: 'collectingSamples',
  },
  {
    path: '/collection-protocols/:id/participants/:id/collected-samples/new',
    permission: 'samples.collect',
    what: 'collectingSamples',
  },

  // questionnaires
  {
    path: '/collection-protocols/:id/collectio-protocol-forms/new',
    permission: 'protocols.manage',
    what: 'creatingQuestionnaires',
  },
  {
    path: '/collection-protocols/:id/participants/:id/participant-forms',
    permission: 'participants.read',
    what: 'filledQuestionnaires',
  },
  {
    path: '/collection-protocols/:id/participants/:id/participant-forms/new',
    permission: 'participants.manage',
    what: 'fillingQuestionnaires',
  },
  { path: '/forms', permission: 'protocols.read', what: 'questionnaires' },
  {
    path: '/collection-protocols/:id/collected-questioners',
    permission: 'reports.run',
    what: 'collectedQuestionnairesReport',
  },
  // shipments
  { path: '/shipment', permission: 'shipments.read', what: 'shipments' },
  { path: '/sample/:id', permission: 'samples.read', what: 'samples' },
  { path: '/shipment/new', permission: 'shipments.manage', what: 'creatingShipments' },
  { path: '/collection-protocols/:id/shipments', permission: 'shipments.read', what: 'shipments' },
  // the query builder (issue 32 item 4): counts for researchers, the list for staff (queries.staff, on the page)
  { path: '/queries', permission: 'queries.read', what: 'queryBuilder' },
  // distribution protocols (issue 32)
  { path: '/distribution-protocols', permission: 'distribution.read', what: 'distributionProtocols' },
  {
    path: '/distribution-protocols/new',
    permission: 'distribution.manage',
    what: 'creatingDistributionProtocols',
  },
  {
    path: '/distribution-protocols/:id/edit',
    permission: 'distribution.manage',
    what: 'updatingDistributionProtocols',
  },
  // research requests (issue 32 item 5): a Researcher its own, reviewers and fulfilment staff every request
  { path: '/research-requests', permission: 'requests.read', what: 'researchRequests' },
  { path: '/research-requests/new', permission: 'requests.create', what: 'requestingSamplesForResearch' },
  { path: '/research-requests/:id/edit', permission: 'requests.create', what: 'editingResearchRequests' },
  // the research reports (issue 32 item 7): every request of the institution, as their API
  { path: '/research-requests/reports', permission: 'requests.review', what: 'researchReports' },
  // the research catalogue (issue 32 item 3)
  { path: '/catalogue', permission: 'catalogue.read', what: 'researchCatalogue' },
];

const segments = (path: string) => path.toLowerCase().split(/[?#]/)[0].split('/').filter(Boolean);

function covers(rule: string[], address: string[]): boolean {
  if (rule.length > address.length) return false;
  return rule.every((part, i) => (part === ':id' ? /^\d+$/.test(address[i]) : part === address[i]));
}

/** The rule for an address (pathname, or a link target with a query), or null when any signed-in account may open it. */
export function accessFor(pathname: string): RouteAccess | null {
  const address = segments(pathname);
  let best: RouteAccess | null = null;
  let bestScore = -1;
  for (const rule of ROUTE_ACCESS) {
    const parts = segments(rule.path);
    if (!covers(parts, address)) continue;
    // Longer rules are more specific; at equal length a literal beats `:id`.
    const score = parts.length * 2 - (parts.includes(':id') ? 1 : 0);
    if (score > bestScore) {
      best = rule;
      bestScore = score;
    }
  }
  return best;
}
