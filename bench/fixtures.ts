// The API fixtures of the tests, usable outside Vitest (server/test/harness.ts imports vitest): the
// bench set-up makes its protocol, panel and storage chain as the tests and a user do.
import type { App } from '../server/platform/app-types';
import type { TestApp } from '../server/test/harness';

export { labSetup } from '../server/test/orders-fixtures';
export { protocolRefs, createProtocol } from '../server/test/protocols-fixtures';
export { storageRefs, storageChain } from '../server/test/storage-fixtures';

/** The TestApp calls over an app (what server/test/harness.ts testClient does, without importing vitest). */
export function testClientOf(app: App, db: TestApp['db']): TestApp {
  return {
    app,
    db,
    reportDb: db,
    clock: { now: new Date() },
    call: (method, url, opts = {}) =>
      app.inject({
        method: method as 'GET',
        url,
        remoteAddress: '127.0.0.1',
        headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
        ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
      }),
  };
}
