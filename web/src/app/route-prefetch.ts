import { matchPath } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { tokenStore, institutionStore } from '../lib/session-storage';
import { meQuery } from '../features/auth/api/me';
import { institutionQuery } from '../features/institutions/api/institutions';
import { protocolQuery } from '../features/protocols/api/protocols';
import { coldPatientsQuery } from '../features/participants/api/patients';
import { coldAuditEventsQuery } from '../features/audit/api/audit-events';
import { coldProtocolParticipantsQuery } from '../features/protocols/api/participants';
import { coldPrimarySamplesQuery } from '../features/samples/api/samples';

interface ColdLoad {
  instId: number;
  /** The address's path parameters (the pattern's `:name`s) and query string. */
  params: Record<string, string | undefined>;
  search: URLSearchParams;
  queryClient: QueryClient;
}

const protocolIdOf = (c: ColdLoad) => Number(c.params.protocolId);

/**
 * Screens whose cold load starts their code and data at once. Left to render order, a deep link waited
 * on a chain: the account, then the institution, then the area's code, then the protocol, then the
 * sub-page's code, then the list (docs/performance.md, "Cold screens"). Each list's query is the
 * screen's own (`cold...Query` next to its hook, reading the address as the page does), so the page
 * finds it in the cache or on its way and does not ask again. The list modules are small and in the
 * main bundle, so the list is asked for without waiting for the screen's code, which loads alongside.
 * A screen the account may not open gets its 403 without a notification and shows the route guard's
 * no-access page, as before.
 */
const SCREENS: [pattern: string, start: (c: ColdLoad) => void][] = [
  [
    '/patients/*',
    (c) => {
      void c.queryClient.prefetchQuery(coldPatientsQuery(c.instId, c.search));
      void import('../features/participants/pages/participants-page');
    },
  ],
  [
    '/setting/audit-log',
    (c) => {
      void c.queryClient.prefetchQuery(coldAuditEventsQuery(c.instId, c.search));
      void import('./setting-area');
    },
  ],
  [
    '/collection-protocols/:protocolId/*',
    (c) => {
      void c.queryClient.prefetchQuery(protocolQuery(c.instId, protocolIdOf(c)));
      void import('./protocols-area');
    },
  ],
  [
    '/collection-protocols/:protocolId/collected-samples',
    (c) => {
      void c.queryClient.prefetchQuery(coldPrimarySamplesQuery(c.instId, protocolIdOf(c), c.search));
      void import('../features/samples/pages/collected-samples-page');
    },
  ],
  [
    '/collection-protocols/:protocolId/participants',
    (c) => {
      void c.queryClient.prefetchQuery(coldProtocolParticipantsQuery(c.instId, protocolIdOf(c), c.search));
      void import('./protocol-participants-area');
    },
  ],
];

/**
 * Called once before the first render: with a stored session, asks for the account and the stored
 * institution (the gates every screen waits for) and, for the screens above, their code and list in
 * the same moment, instead of one after the other as the components mount.
 */
export function prefetchColdLoad(
  queryClient: QueryClient,
  { pathname, search }: Pick<Location, 'pathname' | 'search'>,
) {
  if (tokenStore.get() === null) return;
  void queryClient.prefetchQuery(meQuery);
  const instId = institutionStore.get();
  if (instId === null) return;
  void queryClient.prefetchQuery(institutionQuery(instId));
  for (const [pattern, start] of SCREENS) {
    const match = matchPath(pattern, pathname);
    if (!match) continue;
    // '/collection-protocols/new' is the list's create form, not a protocol.
    if (
      'protocolId' in match.params &&
      !(Number.isInteger(Number(match.params.protocolId)) && Number(match.params.protocolId) > 0)
    )
      continue;
    start({ instId, params: match.params, search: new URLSearchParams(search), queryClient });
  }
}
