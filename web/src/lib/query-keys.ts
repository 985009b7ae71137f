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
 *                                        requirements, participants, signed consents, forms): `part(...)` keys
 *   ['samples', instId]                  collected samples everywhere they are shown (lists, trees, one, history, count)
 *   ['shipments', instId]                shipment lists (sent, received), one shipment, its items, sample candidates
 *   ['storage', instId]                  the storage tree, nodes, box positions, occupancies, sample look-ups
 *   ['reports', instId]                  report pages (reports/{name} with its parameters), screening indicators
 *   ['requests', instId]                 research requests: lists, one request, its items, suggestions, distributed samples
 *   ['importMappings', instId, kind]     saved column mappings of one import kind
 *   ['users'], ['audit'], ['printer', instId], ['auth', 'me'], ['invitations'] (the signed-in account's own)
 *
 * Write no key array by hand in a feature: add it here (lint refuses `queryKey: [...]` elsewhere). What each
 * write invalidates is declared once, in mutation-effects.ts, by these prefixes.
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
    /** The institution's signing keys and trusted partner keys (Configuration > Trusted Partners). */
    signingKeys: (instId: number) => ['institutions', 'signingKeys', instId] as const,
    partners: (instId: number, q: Filter) => ['institutions', 'partners', instId, q] as const,
  },

  /** Configuration lists (registry lookups and institution sites) of one institution, by URL segment. */
  lookups: {
    all: (instId: number) => ['lookups', instId] as const,
    segment: lookupsOf,
    page: (instId: number, segment: string, q: Filter) => [...lookupsOf(instId, segment), 'page', q] as const,
    one: (instId: number, segment: string, id: number) => [...lookupsOf(instId, segment), 'one', id] as const,
    /** Enabled records for a picker; `scope` is the parent record or filter a dependent select waits for. */
    options: (instId: number, segment: string, scope: Filter = {}) =>
      [...lookupsOf(instId, segment), 'options', scope] as const,
    search: (instId: number, segment: string, term: string) => [...lookupsOf(instId, segment), 'search', term] as const,
    /** A laboratory test's enabled range and accepted values (tests/{id}/setup). */
    testSetup: (instId: number, testId: number) => [...lookupsOf(instId, 'tests'), 'one', testId, 'setup'] as const,
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
    bySampleId: (instId: number, sampleId: string) =>
      [...ordersOf(instId), 'bySampleId', sampleId.toLowerCase()] as const,
    /** The orders placed on one collected sample (the sample page). */
    onCollectedSample: (instId: number, collectedSampleId: number) =>
      [...ordersOf(instId), 'onCollectedSample', collectedSampleId] as const,
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
    part: (instId: number, protocolId: number, kind: string, q: Filter | number | string = {}) =>
      [...protocolOf(instId, protocolId), kind, q] as const,
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
    samplePosition: (instId: number, collectedSampleId: number) =>
      ['storage', instId, 'samplePosition', collectedSampleId] as const,
    /** The first free position suggested for a sample (under `all`: any storage write refreshes it). */
    suggestion: (instId: number, collectedSampleId: number) =>
      ['storage', instId, 'suggestion', collectedSampleId] as const,
  },

  /**
   * Collected samples, wherever they are shown: a protocol's and a participant's lists and trees, one sample,
   * its history, the scanned-sample look-ups, the dashboard count. Any write that changes a sample's amount,
   * place, consent or shipment invalidates `all`, so every figure of it refreshes together (issue 28).
   */
  samples: {
    all: (instId: number) => ['samples', instId] as const,
    /** Everything of one protocol's samples (lists, trees, single samples, histories, look-ups). */
    ofProtocol: (instId: number, protocolId: number) => ['samples', instId, 'protocol', protocolId] as const,
    /** One page of a protocol's primary samples (the protocol's list, or one participant's with `participantId`). */
    list: (instId: number, protocolId: number, q: Filter) =>
      ['samples', instId, 'protocol', protocolId, 'list', q] as const,
    tree: (instId: number, protocolId: number, id: number) =>
      ['samples', instId, 'protocol', protocolId, 'tree', id] as const,
    one: (instId: number, protocolId: number, id: number) =>
      ['samples', instId, 'protocol', protocolId, 'one', id] as const,
    history: (instId: number, protocolId: number, id: number) =>
      ['samples', instId, 'protocol', protocolId, 'history', id] as const,
    /** Any sample of the institution by record id, outside a protocol (a received sample has none). */
    record: (instId: number, id: number) => ['samples', instId, 'record', id] as const,
    recordHistory: (instId: number, id: number) => ['samples', instId, 'record', id, 'history'] as const,
    /** A scanned Sample ID inside one protocol (Allocate). */
    lookup: (instId: number, protocolId: number, sampleId: string) =>
      ['samples', instId, 'protocol', protocolId, 'lookup', sampleId.toLowerCase()] as const,
    /** A Sample ID looked up outside a protocol (New Order and Orders: COLLECTED SAMPLE ID). */
    bySampleId: (instId: number, sampleId: string) =>
      ['samples', instId, 'bySampleId', sampleId.toLowerCase()] as const,
    /** The dashboard's count of samples. */
    count: (instId: number) => ['samples', instId, 'count'] as const,
  },

  /** Distribution protocols (issue 32): lists, one protocol, its eligible-sample count. */
  distribution: {
    all: (instId: number) => ['distribution', instId] as const,
    list: (instId: number, q: Filter) => ['distribution', instId, 'list', q] as const,
    one: (instId: number, id: number) => ['distribution', instId, 'one', id] as const,
    eligibility: (instId: number, id: number) => ['distribution', instId, 'one', id, 'eligibility'] as const,
    /** The research catalogue of a protocol (issue 32 item 3): refreshed with everything that changes eligibility. */
    catalogue: (instId: number, id: number) => ['distribution', instId, 'one', id, 'catalogue'] as const,
    /** The institution's accounts a protocol may name (investigator, approvers). */
    accounts: (instId: number) => ['distribution', instId, 'accounts'] as const,
  },

  /** The query builder (issue 32 item 4): counts, aggregates and lists of an ask, saved queries. */
  queries: {
    all: (instId: number) => ['queries', instId] as const,
    run: (instId: number, kind: string, ask: unknown) => ['queries', instId, 'run', kind, ask] as const,
    saved: (instId: number) => ['queries', instId, 'saved'] as const,
    /** The questionnaires an answer criterion may name (refreshed when a questionnaire changes: 'forms' effects). */
    questionnaires: (instId: number, q: Filter) => ['queries', instId, 'questionnaires', q] as const,
    questionnaire: (instId: number, id: number) => ['queries', instId, 'questionnaires', 'one', id] as const,
  },

  /** Research requests (issue 32 item 5): lists, one request, its picked items, pick suggestions, distributed samples. */
  requests: {
    all: (instId: number) => ['requests', instId] as const,
    list: (instId: number, q: Filter) => ['requests', instId, 'list', q] as const,
    one: (instId: number, id: number) => ['requests', instId, 'one', id] as const,
    items: (instId: number, id: number) => ['requests', instId, 'one', id, 'items'] as const,
    suggestions: (instId: number, id: number, q: Filter) => ['requests', instId, 'one', id, 'suggestions', q] as const,
    distributed: (instId: number, id: number) => ['requests', instId, 'one', id, 'distributed'] as const,
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
    /** Screening indicators (features/reports/indicators): one report of a date range, and its definitions. */
    indicators: (instId: number, report: string, range: Filter | null) =>
      ['reports', instId, 'indicators', report, 'report', range] as const,
    indicatorDefinitions: (instId: number, report: string) =>
      ['reports', instId, 'indicators', report, 'definitions'] as const,
  },

  printer: (instId: number) => ['printer', instId] as const,

  /** Saved column mappings of one import kind (features/imports). */
  importMappings: {
    all: (instId: number) => ['importMappings', instId] as const,
    kind: (instId: number, kind: string) => ['importMappings', instId, kind] as const,
  },
};
