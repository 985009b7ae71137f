import { describe, expect, it } from 'vitest';
import { PARTICIPANT_SUB_PAGES, PROTOCOL_SUB_PAGES } from '../features/protocols/sub-pages';
import { accessFor } from './route-access';

// The protocol and participant tab bars hide a tab by its own permission; it must be the one the route guard
// applies to the tab's address, or a tab would show and lead to the no-access screen (issue 28 item 5).
describe('protocol and participant tabs', () => {
  it('need exactly the permission ROUTE_ACCESS gives their address', () => {
    for (const t of PROTOCOL_SUB_PAGES)
      expect(accessFor(`/collection-protocols/7/${t.sub}`)?.permission, t.tab).toBe(t.permission);
    for (const t of PARTICIPANT_SUB_PAGES) {
      expect(accessFor(`/collection-protocols/7/participants/9/${t.sub}`)?.permission, t.tab).toBe(t.permission);
    }
  });
});
