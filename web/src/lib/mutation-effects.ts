import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/** What the screens show, each one prefix of the key factory: invalidating it refreshes every list, record and count of it. */
export type Resource =
  | 'samples'
  | 'storage'
  | 'shipments'
  | 'orders'
  | 'patients'
  | 'protocols'
  | 'lookups'
  | 'reports'
  | 'printer'
  | 'institutions'
  | 'users'
  | 'invitations'
  | 'session'
  | 'importMappings'
  | 'distribution'
  | 'queries'
  | 'requests';

const SAMPLE_MOVES: Resource[] = ['samples', 'storage', 'shipments'];

/**
 * Every write of the web app and what it changes on screen (issue 28 "what is shown is current"). A write
 * names itself here and passes `changes(name, instId)` to `useMutation`; the query client then invalidates
 * these prefixes when it succeeds (or is refused with 409: the record changed meanwhile), before the
 * caller's own onSuccess runs, so a screen reached next already shows the new figures. An empty list is a
 * write that changes nothing shown (a preview, a password). mutation-effects.test.ts checks every
 * `useMutation` names one.
 */
export const MUTATION_EFFECTS = {
  // Session and accounts.
  'auth.login': [],
  'auth.logout': [],
  'auth.changePassword': [],
  'auth.setLanguage': [],
  'invitations.answer': ['invitations', 'session', 'institutions'],
  'users.write': ['users'],
  'users.password': [],
  'audit.verify': [],

  // Configuration: a renamed or disabled entry is shown wherever it is referenced.
  'config.record': ['lookups', 'institutions', 'samples', 'storage', 'shipments', 'orders', 'patients', 'protocols'],
  'config.institution': ['institutions'],
  // Signing keys and trusted partners (issue 31): shown on the Trusted Partners screen only.
  'config.partners': ['institutions'],
  'config.testSetup': ['lookups', 'orders'],
  'labels.printer': ['printer'],
  'labels.print': [],

  // Participants (patients) and their protocol participations.
  'patients.register': ['patients'],
  'patients.update': ['patients', 'protocols', 'samples', 'orders'],

  // Protocols and what is inside them.
  'protocols.create': ['protocols'],
  'protocols.update': ['protocols', 'shipments'],
  'protocols.consent': ['protocols'],
  'protocols.site': ['protocols'],
  'protocols.event': ['protocols'],
  // A questionnaire, its fields or its sharing: the query builder's questionnaire picker shows them too.
  'protocols.form': ['protocols', 'queries'],
  'protocols.submission': ['protocols'],
  'participants.enrol': ['protocols', 'patients'],
  'participants.disable': ['protocols', 'patients', 'samples'],
  'participants.signConsent': ['protocols', 'patients', 'samples', 'distribution', 'queries'],
  // A withdrawal flags the donor's samples: no '+' to sub-sample, no shipping, badges everywhere.
  'participants.withdrawConsent': ['protocols', 'patients', ...SAMPLE_MOVES, 'distribution', 'queries'],

  // Samples: a sub-sample draws on its parent, so lists, trees, the parent's page and the dashboard count change.
  'samples.create': SAMPLE_MOVES,
  'samples.collect': SAMPLE_MOVES,
  'samples.adjust': SAMPLE_MOVES,
  'samples.printLabels': ['samples'],

  // Storage: a box's grid and the sample's own position.
  'storage.structure': ['storage'],
  'storage.allocate': ['storage', 'samples'],
  'storage.rackScanPreview': [],

  // Shipments: a shipped, received or rejected sample changes its badges, custody and place.
  'shipments.create': ['shipments', 'samples'],
  'shipments.send': ['shipments', 'samples'],
  'shipments.cancel': ['shipments', 'samples'],
  'shipments.previewManifest': [],
  'shipments.importManifest': SAMPLE_MOVES,
  'shipments.receive': SAMPLE_MOVES,
  // A signed receipt closes the sender's items with the receiver's outcome (docs/shipments.md "Receipts").
  'shipments.importReceipt': SAMPLE_MOVES,

  // Orders and results: the order list's status, the sample page's orders, the reports.
  'orders.place': ['orders', 'reports'],
  'orders.results': ['orders', 'reports'],
  'reports.definition': ['reports'],

  // Imports: saved column mappings (the import itself changes what it imports).
  'imports.mappingTemplate': ['importMappings'],
  'imports.commit': ['patients', 'protocols', ...SAMPLE_MOVES, 'distribution'],
  // Issue 32: distribution protocols (eligibility counts change with every signature, withdrawal and sample).
  'distribution.write': ['distribution'],
  // Issue 32 item 4: saved queries (a query's counts are fetched again when run).
  'queries.write': ['queries'],
  // Issue 32 item 5: a research request's draft, submission, decision or cancellation (a release frees a reservation).
  'requests.write': ['requests'],
  // Picking reserves samples; distributing and returning move quantities through the ledger (sample pages, storage,
  // shipments when sent through one, eligibility counts and query results).
  'requests.fulfil': ['requests', ...SAMPLE_MOVES, 'distribution', 'queries'],
} as const satisfies Record<string, readonly Resource[]>;

export type MutationName = keyof typeof MUTATION_EFFECTS;

export interface ChangeMeta extends Record<string, unknown> {
  changes?: MutationName;
  /** The institution whose resources changed (absent for account-wide writes). */
  instId?: number;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: ChangeMeta;
  }
}

/** Spread into the options of a mutation hook: names the write, so the query client refreshes what it changed. */
export const changes = (name: MutationName, instId?: number) => ({
  meta: { changes: name, instId } satisfies ChangeMeta,
});

/** The key prefix of a resource; institution resources need the institution. */
export function resourceKey(resource: Resource, instId: number | undefined): QueryKey {
  switch (resource) {
    case 'institutions':
      return queryKeys.institutions.all;
    case 'users':
      return queryKeys.users.all;
    case 'invitations':
      return queryKeys.invitations;
    case 'session':
      return queryKeys.me;
  }
  if (instId === undefined) throw new Error(`${resource} is per institution: pass the institution to changes()`);
  switch (resource) {
    case 'samples':
      return queryKeys.samples.all(instId);
    case 'storage':
      return queryKeys.storage.all(instId);
    case 'shipments':
      return queryKeys.shipments.all(instId);
    case 'orders':
      return queryKeys.orders.all(instId);
    case 'patients':
      return queryKeys.patients.all(instId);
    case 'protocols':
      return queryKeys.protocols.all(instId);
    case 'lookups':
      return queryKeys.lookups.all(instId);
    case 'reports':
      return queryKeys.reports.all(instId);
    case 'printer':
      return queryKeys.printer(instId);
    case 'importMappings':
      return queryKeys.importMappings.all(instId);
    case 'distribution':
      return queryKeys.distribution.all(instId);
    case 'queries':
      return queryKeys.queries.all(instId);
    case 'requests':
      return queryKeys.requests.all(instId);
  }
}

/**
 * Writes that two institutions see: a shipment is listed by its sender and its receiver, and the sender's
 * sample page shows it in transit until the receiver accepts or rejects it. One person may act for both (a
 * Super Administrator, a member of both), and changing institution keeps the cache, so these refresh their
 * resources in every institution cached, not only the one the write was made in.
 */
const BOTH_PARTIES: ReadonlySet<MutationName> = new Set<MutationName>([
  'shipments.create',
  'shipments.send',
  'shipments.cancel',
  'shipments.receive',
]);

/** Refresh what a write changed; for writes made outside `useMutation` (a loop of calls), and by the query client. */
export function invalidateAfter(queryClient: QueryClient, name: MutationName, instId?: number): Promise<unknown> {
  const resources: readonly Resource[] = MUTATION_EFFECTS[name];
  const keyOf = (r: Resource) => {
    const key = resourceKey(r, instId);
    // An institution resource's key is [resource, instId, ...]: without the institution it covers them all.
    return BOTH_PARTIES.has(name) && key[1] === instId ? key.slice(0, 1) : key;
  };
  return Promise.all(resources.map((r) => queryClient.invalidateQueries({ queryKey: keyOf(r) })));
}
