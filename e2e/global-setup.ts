import { bundleServer } from '../server/bundle';
import { ensureWebBuild } from './server-process';

/**
 * Before any worker starts a server: the web app when web/dist is missing, and the server bundle always (a fifth of a
 * second), so that the servers run this checkout's code as it is now.
 */
export default async function globalSetup() {
  ensureWebBuild();
  await bundleServer();
}
