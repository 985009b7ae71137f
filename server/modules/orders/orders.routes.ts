import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { Id, InstParam, PagingQuery, SeekPagingQuery } from '../../../contract/common.contract';
import {
  AmendInput, CommentInput, OrderDetail, OrderedPanelDetail, OrderedPanelInput, OrderInput, OrderQuery, OrderSummary, PlaceOrders, ResultHistoryEntry, ResultInput, SaveResults,
} from '../../../contract/orders.contract';
import type { App, AppDeps } from '../../platform/app-types';
import { ctxOf } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { filterRows, pageOf, sendPage } from '../../platform/paging';
import * as orders from './orders.service';
import * as results from './results.service';
import { getOrderDetail } from './order-detail';

const id = Id;
const OrderParams = InstParam.extend({ orderId: id });
const PanelParams = OrderParams.extend({ panelId: id });
const TestParams = PanelParams.extend({ testId: id });
const ResultParams = TestParams.extend({ resultId: id });
const ReleaseParams = ResultParams.extend({ releaseId: id });
const tags = ['Orders'];

export function orderRoutes(app: App, { db, now }: AppDeps) {
  const ctx = (req: FastifyRequest) => ctxOf(req, db, now);
  const base = '/api/institutions/:instId/LIMSOrders';
  const panelsOf = async (req: FastifyRequest, orderId: number) => (await getOrderDetail(ctx(req), orderId)).orderedPanels;
  const panelOf = async (req: FastifyRequest, p: { orderId: number; panelId: number }) => {
    const panel = (await panelsOf(req, p.orderId)).find((x) => x.id === p.panelId);
    if (!panel) throw notFound('Ordered panel');
    return panel;
  };
  const testOf = async (req: FastifyRequest, p: { orderId: number; panelId: number; testId: number }) => {
    const test = (await panelOf(req, p)).orderedTests.find((x) => x.id === p.testId);
    if (!test) throw notFound('Ordered test');
    return test;
  };

  app.get(base, { config: { permission: 'orders.read' }, schema: { tags, params: InstParam, querystring: SeekPagingQuery.extend(OrderQuery.shape), response: { 200: z.array(OrderSummary) } } },
    async (req, reply) => sendPage(reply, req.query, await orders.listOrders(ctx(req), req.query, req.query)));
  app.get(`${base}/count`, { config: { permission: 'orders.read' }, schema: { tags, params: InstParam, response: { 200: z.object({ count: z.number(), isEstimate: z.boolean() }) } } },
    async (req) => orders.countOrders(ctx(req)));
  app.post(base, { config: { permission: 'orders.create' }, schema: { tags, params: InstParam, body: OrderInput, response: { 201: OrderSummary } } },
    async (req, reply) => reply.status(201).send((await orders.createOrder(ctx(req), req.body))));
  app.post(`${base}/place`, { config: { permission: 'orders.create' }, schema: { tags, params: InstParam, body: PlaceOrders, response: { 201: z.array(OrderSummary) } } },
    async (req, reply) => reply.status(201).send((await orders.placeOrders(ctx(req), req.body))));
  app.get(`${base}/:orderId`, { config: { permission: 'orders.read' }, schema: { tags, params: OrderParams, response: { 200: OrderDetail } } },
    async (req) => getOrderDetail(ctx(req), req.params.orderId));
  app.put(`${base}/:orderId/results`, { config: { permission: 'results.enter' }, schema: { tags, params: OrderParams, body: SaveResults, response: { 200: OrderDetail } } },
    async (req) => results.saveResults(ctx(req), req.params.orderId, req.body));

  // spec 1 §7 detail chain: ordered panels -> ordered tests -> results -> releases. An order shows only
  // its enabled panels and tests: IsEnabled=false lists none.
  const panels = `${base}/:orderId/limsOrderedPanels`;
  app.get(panels, { config: { permission: 'orders.read' }, schema: { tags, params: OrderParams, querystring: PagingQuery, response: { 200: z.array(OrderedPanelDetail) } } },
    async (req, reply) => sendPage(reply, req.query, pageOf(filterRows(await panelsOf(req, req.params.orderId), req.query, (p) => [p.panel.title]), req.query)));
  app.post(panels, { config: { permission: 'orders.create' }, schema: { tags, params: OrderParams, body: OrderedPanelInput, response: { 201: OrderSummary } } },
    async (req, reply) => reply.status(201).send((await orders.addOrderedPanel(ctx(req), req.params.orderId, Number(req.body.panelId), req.body.comment))));
  app.post(`${panels}/:panelId/release`, { config: { permission: 'results.release' }, schema: { tags, params: PanelParams, response: { 200: OrderDetail } } },
    async (req) => results.releasePanel(ctx(req), req.params.orderId, req.params.panelId));

  const testsPath = `${panels}/:panelId/limsOrderedTests`;
  app.get(testsPath, { config: { permission: 'orders.read' }, schema: { tags, params: PanelParams, querystring: PagingQuery } },
    async (req, reply) => sendPage(reply, req.query, pageOf(filterRows((await panelOf(req, req.params)).orderedTests, req.query, (o) => [o.test.title, o.test.abbreviation]), req.query)));
  app.put(`${testsPath}/:testId`, { config: { permission: 'results.enter' }, schema: { tags, params: TestParams, body: CommentInput, response: { 200: OrderDetail } } },
    async (req) => results.commentOnTest(ctx(req), req.params.orderId, req.params.testId, req.body.comment, req.body.concurrencyStamp));

  const resultsPath = `${testsPath}/:testId/limsOrderedTestResults`;
  app.get(resultsPath, { config: { permission: 'orders.read' }, schema: { tags, params: TestParams } },
    async (req) => [(await testOf(req, req.params)).testResult]);
  app.put(`${resultsPath}/:resultId`, { config: { permission: 'results.enter' }, schema: { tags, params: ResultParams, body: ResultInput, response: { 200: OrderDetail } } },
    async (req) => results.saveResults(ctx(req), req.params.orderId, { results: [{ resultId: req.params.resultId, result: req.body.result, concurrencyStamp: req.body.concurrencyStamp }] }));
  app.post(`${resultsPath}/:resultId/amend`, { config: { permission: 'results.amend' }, schema: { tags, params: ResultParams, body: AmendInput, response: { 200: OrderDetail } } },
    async (req) => results.amendResult(ctx(req), req.params.orderId, req.params.resultId, req.body));
  app.get(`${resultsPath}/:resultId/history`, { config: { permission: 'orders.read' }, schema: { tags, params: ResultParams, response: { 200: z.array(ResultHistoryEntry) } } },
    async (req) => results.resultHistory(ctx(req), req.params.orderId, req.params.resultId));
  app.get(`${resultsPath}/:resultId/limsOrderedTestResultReleases`, { config: { permission: 'orders.read' }, schema: { tags, params: ResultParams } },
    async (req) => [(await testOf(req, req.params)).testResultRelease]);
  app.post(`${resultsPath}/:resultId/limsOrderedTestResultReleases/:releaseId/release`, { config: { permission: 'results.release' }, schema: { tags, params: ReleaseParams, response: { 200: OrderDetail } } },
    async (req) => results.releaseResult(ctx(req), req.params.orderId, req.params.releaseId));
}
