import { configurationEndpoints as e } from '../../../contract/configuration.endpoints';
import type { App, AppDeps } from '../../platform/app-types';
import { router } from '../../platform/route';
import * as svc from './test-setup.service';

/** A test's range and accepted values, read and replaced together (the Test form's inline set-up). */
export function testSetupRoutes(app: App, deps: AppDeps) {
  const route = router(app, deps);
  route(e.testSetup, async (req, ctx) => svc.getTestSetup(ctx, req.params.id));
  route(e.saveTestSetup, async (req, ctx) => svc.setTestSetup(ctx, req.params.id, req.body));
}
