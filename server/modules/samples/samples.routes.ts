import { sampleEndpoints as e } from '../../../contract/samples.endpoints';
import type { App, AppDeps } from '../../platform/app-types';
import { router } from '../../platform/route';
import { requestLanguage } from '../../platform/i18n';
import { sendPage } from '../../platform/paging';
import * as reads from './sample-reads.service';
import * as samples from './samples.service';
import { prepareLabels } from './sample-labels.service';

/** Spec 2 §7 "Samples" plus the stepper command, the ledger, the tree and the history (docs/samples.md). */
export function sampleRoutes(app: App, deps: AppDeps) {
  const route = router(app, deps);
  route(e.listInstitution, async (req, ctx, reply) =>
    sendPage(reply, req.query, await reads.listInstitutionSamples(ctx, req.query)),
  );
  route(e.count, async (_req, ctx) => reads.countSamples(ctx));
  route(e.getInstitution, async (req, ctx) => reads.getSample(ctx, null, req.params.collectedSampleId));
  route(e.historyInstitution, async (req, ctx) =>
    reads.sampleHistory(ctx, null, req.params.collectedSampleId, requestLanguage(req)),
  );
  route(e.labelsInstitution, async (req, ctx) => prepareLabels(ctx, null, req.body));
  route(e.subSample, async (req, ctx, reply) => reply.status(201).send(await samples.createSubSample(ctx, req.body)));

  route(e.list, async (req, ctx, reply) =>
    sendPage(reply, req.query, await reads.listSamples(ctx, req.params.protocolId, req.query)),
  );
  route(e.create, async (req, ctx, reply) =>
    reply.status(201).send(await samples.createSample(ctx, req.params.protocolId, req.body)),
  );
  route(e.collect, async (req, ctx, reply) =>
    reply.status(201).send(await samples.collect(ctx, req.params.protocolId, req.body)),
  );
  route(e.labels, async (req, ctx) => prepareLabels(ctx, req.params.protocolId, req.body));
  route(e.get, async (req, ctx) => reads.getSample(ctx, req.params.protocolId, req.params.collectedSampleId));
  route(e.tree, async (req, ctx) => reads.sampleTree(ctx, req.params.protocolId, req.params.collectedSampleId));
  route(e.history, async (req, ctx) =>
    reads.sampleHistory(ctx, req.params.protocolId, req.params.collectedSampleId, requestLanguage(req)),
  );
  route(e.adjust, async (req, ctx) =>
    samples.adjust(ctx, req.params.protocolId, req.params.collectedSampleId, req.body),
  );
}
