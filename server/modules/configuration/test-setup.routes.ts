import { Id, InstParam } from '../../../contract/common.contract';
import { TestSetup, TestSetupInput } from '../../../contract/test-setup.contract';
import type { App, AppDeps } from '../../platform/app-types';
import { ctxOf } from '../../platform/context';
import * as svc from './test-setup.service';

const params = InstParam.extend({ id: Id });
const tags = ['Configuration: Test'];

/** A test's range and accepted values, read and replaced together (the Test form's inline set-up). */
export function testSetupRoutes(app: App, { db, now }: AppDeps) {
  const path = '/api/institutions/:instId/tests/:id/setup';
  app.get(path, { config: { permission: 'configuration.read' }, schema: { tags, params, response: { 200: TestSetup } } },
    async (req) => svc.getTestSetup(ctxOf(req, db, now), req.params.id));
  app.put(path, { config: { permission: 'configuration.manage' }, schema: { tags, params, body: TestSetupInput, response: { 200: TestSetup } } },
    async (req) => svc.setTestSetup(ctxOf(req, db, now), req.params.id, req.body));
}
