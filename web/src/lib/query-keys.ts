/**
 * Every TanStack Query key of the web app (docs/decisions: one key factory). Keys are hierarchical,
 * resource first, then institution, so invalidating a prefix reaches every query below it:
 *
 *   ['lookups', instId]                  every configuration list and picker of the institution
 *   ['lookups', instId, segment]         one list (genders, institutionSites, ...): pages, records, options, searches
 *   ['institutions']                     the institution picker, options, the current institution
 *   ['patients', instId]                 participant lists, records, child records, searches, the dashboard count
 *   ['orders', instId]                   order lists, details, result history, the dashboard count
 *   ['protocols', instId]                protocol lists, the dashboard count and card, one protocol
 *   ['protocols', instId, 'one', p]      one protocol and everything inside it (consents, sites, events,
 *                                        requirements, participants, signed consents): `part(...)` keys
 *   ['shipments', instId]                shipment lists (sent, received), one shipment, its items, sample candidates
 *   ['storage', instId]                  the storage tree, nodes, box positions, occupancies, sample look-ups
 *   ['reports', instId]                  report pages (reports/{name} with its parameters)
 *   ['importMappings', instId, kind]     saved column mappings of one import kind
 *   ['users'], ['audit'], ['printer', instId], ['auth', 'me'], ['invitations'] (the signed-in account's own)
 *
 * Write no key array by hand in a feature: add it here.
 */
type Filter = object;

const lookupsOf = (instId: number, segment: string) => ['lookups', instId, segment] as const;
const patientsOf = (instId: number) => ['patients', instId] as const;
const ordersOf = (instId: number) => ['orders', instId] as const;
const protocolsOf = (instId: number) => ['protocols', instId] as const;
const protocolOf = (instId: number, protocolId: number) => [...protocolsOf(instId), 'one', protocolId] as const;

export const queryKeys = {
  me: ['auth', 'me'] as const,
  /** The signed-in account's pending invitations to other institutions (docs/accounts.md). */
  invitations: ['invitations'] as const,

  institutions: {
    all: ['institutions'] as const,
    list: (q: { search: string; pageSize: number }) => ['institutions', 'list', q] as const,
    page: (q: Filter) => ['institutions', 'page', q] as const,
    options: () => ['institutions', 'options'] as const,
    one: (id: number) => ['institutions', 'one', id] as const,
  },

  /** Configuration lists (registry lookups and institution sites) of one institution, by URL segment. */
  lookups: {
    all: (instId: number) => ['lookups', instId] as const,
    segment: lookupsOf,
    page: (instId: number, segment: string, q: Filter) => [...lookupsOf(instId, segment), 'page', q] as const,
    one: (instId: number, segment: string, id: number) => [...lookupsOf(instId, segment), 'one', id] as const,
    /** Enabled records for a picker; `scope` is the parent record or filter a dependent select waits for. */
    options: (instId: number, segment: string, scope: Filter = {}) => [...lookupsOf(instId, segment), 'options', scope] as const,
    search: (instId: number, segment: string, term: string) => [...lookupsOf(instId, segment), 'search', term] as const,
  },

  patients: {
    all: patientsOf,
    lists: (instId: number) => [...patientsOf(instId), 'list'] as const,
    list: (instId: number, q: Filter) => [...patientsOf(instId), 'list', q] as const,
    recent: (instId: number, size: number) => [...patientsOf(instId), 'list', 'recent', size] as const,
    count: (instId: number) => [...patientsOf(instId), 'count'] as const,
    one: (instId: number, id: number) => [...patientsOf(instId), 'one', id] as const,
    children: (instId: number, id: number, kind: string) => [...patientsOf(instId), 'one', id, kind] as const,
    /** New Order step 1: by MRN or by phone. */
    searches: (instId: number) => [...patientsOf(instId), 'search'] as const,
    search: (instId: number, by: Filter | null) => [...patientsOf(instId), 'search', by] as const,
  },

  orders: {
    all: ordersOf,
    lists: (instId: number) => [...ordersOf(instId), 'list'] as const,
    list: (instId: number, q: Filter) => [...ordersOf(instId), 'list', q] as const,
    bySampleId: (instId: number, sampleId: string) => [...ordersOf(instId), 'bySampleId', sampleId.toLowerCase()] as const,
    /** The orders placed on one collected sample (the sample page). */
    onCollectedSample: (instId: number, collectedSampleId: number) => [...ordersOf(instId), 'onCollectedSample', collectedSampleId] as const,
    count: (instId: number) => [...ordersOf(instId), 'count'] as const,
    detail: (instId: number, orderId: number) => [...ordersOf(instId), 'detail', orderId] as const,
    resultHistory: (instId: number, resultId: number) => [...ordersOf(instId), 'resultHistory', resultId] as const,
  },

  protocols: {
    all: protocolsOf,
    list: (instId: number, q: Filter) => [...protocolsOf(instId), 'list', q] as const,
    count: (instId: number) => [...protocolsOf(instId), 'count'] as const,
    one: protocolOf,
    /** Something inside one protocol: `kind` names it ('consents', 'sites', 'events', 'participants', ...); `q` a page or a record. */
    part: (instId: number, protocolId: number, kind: string, q: Filter | number = {}) => [...protocolOf(instId, protocolId), kind, q] as const,
    /** Every query of one kind inside a protocol (for invalidation after a write). */
    parts: (instId: number, protocolId: number, kind: string) => [...protocolOf(instId, protocolId), kind] as const,
  },

  /** Shipments of collected samples to another institution (web/src/features/shipments). */
  shipments: {
    all: (instId: number) => ['shipments', instId] as const,
    list: (instId: number, q: Filter) => ['shipments', instId, 'list', q] as const,
    /** One shipment and its items: `one(...)` is the prefix to refresh after receiving or rejecting. */
    one: (instId: number, id: number) => ['shipments', instId, 'one', id] as const,
    items: (instId: number, id: number) => ['shipments', instId, 'one', id, 'items'] as const,
    candidates: (instId: number, q: Filter) => ['shipments', instId, 'candidates', q] as const,
  },

  /** The storage hierarchy and allocation (web/src/features/storage). */
  storage: {
    all: (instId: number) => ['storage', instId] as const,
    /** Children of one node (0: the containers), from the tree route. */
    children: (instId: number, parentId: number | null) => ['storage', instId, 'children', parentId ?? 0] as const,
    node: (instId: number, id: number) => ['storage', instId, 'node', id] as const,
    positions: (instId: number, boxId: number) => ['storage', instId, 'positions', boxId] as const,
    occupancies: (instId: number, positionId: number) => ['storage', instId, 'occupancies', positionId] as const,
    sample: (instId: number, sampleId: string) => ['storage', instId, 'sample', sampleId.toLowerCase()] as const,
    samplePosition: (instId: number, collectedSampleId: number) => ['storage', instId, 'samplePosition', collectedSampleId] as const,
    /** The first free position suggested for a sample (under `all`: any storage write refreshes it). */
    suggestion: (instId: number, collectedSampleId: number) => ['storage', instId, 'suggestion', collectedSampleId] as const,
  },

  /** Collected samples looked up outside a protocol (New Order and Orders: COLLECTED SAMPLE ID). */
  samples: {
    all: (instId: number) => ['samples', instId] as const,
    bySampleId: (instId: number, sampleId: string) => ['samples', instId, 'bySampleId', sampleId.toLowerCase()] as const,
  },

  users: {
    all: ['users'] as const,
    list: (q: Filter) => ['users', 'list', q] as const,
  },

  audit: {
    all: ['audit'] as const,
    list: (instId: number, q: Filter) => ['audit', instId, q] as const,
  },

  /** Order reports (features/reports): one page of one report with its parameters. */
  reports: {
    all: (instId: number) => ['reports', instId] as const,
    page: (instId: number, report: string, q: Filter) => ['reports', instId, report, q] as const,
  },

  printer: (instId: number) => ['printer', instId] as const,

  /** Saved column mappings of one import kind (features/imports). */
  importMappings: (instId: number, kind: string) => ['importMappings', instId, kind] as const,
};
