import { ensureWebBuild } from './server-process';

/** Build the web app once per run when web/dist is missing, before any worker starts a server. */
export default function globalSetup() {
  ensureWebBuild();
}
