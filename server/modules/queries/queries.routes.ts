import { Readable } from 'node:stream';
import { queryEndpoints as e } from '../../../contract/queries.endpoints';
import type { App, AppDeps } from '../../platform/app-types';
import { router } from '../../platform/route';
import { sendPage } from '../../platform/paging';
import { requestLanguage } from '../../platform/i18n';
import { smallCellMin } from '../../platform/small-cells';
import { DEFAULT_QUERY_COUNT_CAP } from '../../../contract/queries.contract';
import * as svc from './queries.service';

/**
 * Issue 32 item 4 (docs/research.md "Query builder"). The count, aggregate, list and CSV are heavy reads: the read
 * replica's when DATABASE_READ_URL is set, else the report pool (docs/operations.md "Read replica"); saved queries
 * are ordinary reads and writes.
 */
export function queryRoutes(app: App, deps: AppDeps) {
  const route = router(app, deps);
  const heavy = router(app, deps, { heavyReads: true });
  const min = deps.config.smallCellMin ?? smallCellMin();
  const cap = deps.config.queryCountCap ?? DEFAULT_QUERY_COUNT_CAP;
  heavy(e.count, async (req, ctx) => svc.countQuery(ctx, req.body, min, cap));
  heavy(e.aggregate, async (req, ctx) => svc.aggregateQuery(ctx, req.body, min));
  heavy(e.samples, async (req, ctx, reply) => sendPage(reply, req.body, await svc.sampleQuery(ctx, req.body)));
  heavy(e.exportSamples, async (req, ctx, reply) => {
    const { disposition, lines } = await svc.exportQuery(ctx, req.body, ctx.db, requestLanguage(req));
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', disposition)
      .send(Readable.from(lines()));
  });
  route(e.questionnaires, async (req, ctx, reply) =>
    sendPage(reply, req.query, await svc.listQuestionnaires(ctx, req.query)),
  );
  route(e.questionnaire, async (req, ctx) => svc.getQuestionnaire(ctx, req.params.formId));
  route(e.savedList, async (req, ctx, reply) => sendPage(reply, req.query, await svc.listSavedQueries(ctx, req.query)));
  route(e.savedCreate, async (req, ctx, reply) => reply.status(201).send(await svc.createSavedQuery(ctx, req.body)));
  route(e.savedGet, async (req, ctx) => svc.getSavedQuery(ctx, req.params.savedQueryId));
  route(e.savedUpdate, async (req, ctx) => svc.updateSavedQuery(ctx, req.params.savedQueryId, req.body));
  route(e.savedDisable, async (req, ctx) => svc.disableSavedQuery(ctx, req.params.savedQueryId));
}
