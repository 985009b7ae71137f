import { orderEndpoints as e } from '../../../contract/orders.endpoints';
import type { App, AppDeps } from '../../platform/app-types';
import type { InstCtx } from '../../platform/context';
import { router } from '../../platform/route';
import { notFound } from '../../platform/errors';
import { filterRows, pageOf, sendPage } from '../../platform/paging';
import * as orders from './orders.service';
import * as results from './results.service';
import { getOrderDetail } from './order-detail';

export function orderRoutes(app: App, deps: AppDeps) {
  const route = router(app, deps);
  const panelsOf = async (ctx: InstCtx, orderId: number) => (await getOrderDetail(ctx, orderId)).orderedPanels;
  const panelOf = async (ctx: InstCtx, p: { orderId: number; panelId: number }) => {
    const panel = (await panelsOf(ctx, p.orderId)).find((x) => x.id === p.panelId);
    if (!panel) throw notFound('Ordered panel');
    return panel;
  };
  const testOf = async (ctx: InstCtx, p: { orderId: number; panelId: number; testId: number }) => {
    const test = (await panelOf(ctx, p)).orderedTests.find((x) => x.id === p.testId);
    if (!test) throw notFound('Ordered test');
    return test;
  };

  route(e.list, async (req, ctx, reply) =>
    sendPage(reply, req.query, await orders.listOrders(ctx, req.query, req.query)),
  );
  route(e.count, async (req, ctx) => orders.countOrders(ctx));
  route(e.create, async (req, ctx, reply) => reply.status(201).send(await orders.createOrder(ctx, req.body)));
  route(e.place, async (req, ctx, reply) => reply.status(201).send(await orders.placeOrders(ctx, req.body)));
  route(e.placeOnSample, async (req, ctx, reply) =>
    reply.status(201).send(await orders.placeOnSample(ctx, req.params.collectedSampleId, req.body)),
  );
  route(e.get, async (req, ctx) => getOrderDetail(ctx, req.params.orderId));
  route(e.saveResults, async (req, ctx) => results.saveResults(ctx, req.params.orderId, req.body));

  route(e.panels, async (req, ctx, reply) =>
    sendPage(
      reply,
      req.query,
      pageOf(
        filterRows(await panelsOf(ctx, req.params.orderId), req.query, (p) => [p.panel.title]),
        req.query,
      ),
    ),
  );
  route(e.addPanel, async (req, ctx, reply) =>
    reply.status(201).send(await orders.addOrderedPanel(ctx, req.params.orderId, req.body.panelId, req.body.comment)),
  );
  route(e.releasePanel, async (req, ctx) => results.releasePanel(ctx, req.params.orderId, req.params.panelId));

  route(e.tests, async (req, ctx, reply) =>
    sendPage(
      reply,
      req.query,
      pageOf(
        filterRows((await panelOf(ctx, req.params)).orderedTests, req.query, (o) => [
          o.test.title,
          o.test.abbreviation,
        ]),
        req.query,
      ),
    ),
  );
  route(e.commentOnTest, async (req, ctx) =>
    results.commentOnTest(ctx, req.params.orderId, req.params.testId, req.body.comment, req.body.concurrencyStamp),
  );

  route(e.results, async (req, ctx) => [(await testOf(ctx, req.params)).testResult]);
  route(e.saveResult, async (req, ctx) =>
    results.saveResults(ctx, req.params.orderId, {
      results: [
        { resultId: req.params.resultId, result: req.body.result, concurrencyStamp: req.body.concurrencyStamp },
      ],
    }),
  );
  route(e.amend, async (req, ctx) => results.amendResult(ctx, req.params.orderId, req.params.resultId, req.body));
  route(e.history, async (req, ctx) => results.resultHistory(ctx, req.params.orderId, req.params.resultId));
  route(e.releases, async (req, ctx) => [(await testOf(ctx, req.params)).testResultRelease]);
  route(e.release, async (req, ctx) => results.releaseResult(ctx, req.params.orderId, req.params.releaseId));
}
