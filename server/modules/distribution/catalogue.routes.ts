import { catalogueEndpoints as e } from '../../../contract/catalogue.endpoints';
import type { App, AppDeps } from '../../platform/app-types';
import { router } from '../../platform/route';
import * as svc from './catalogue.service';

/** Issue 32 item 3 (docs/research.md "Catalogue"): heavy reads (the replica's, docs/operations.md "Read replica"). */
export function catalogueRoutes(app: App, deps: AppDeps) {
  const route = router(app, deps, { heavyReads: true });
  route(e.get, async (req, ctx) => svc.catalogue(ctx, req.params.distributionProtocolId));
}
