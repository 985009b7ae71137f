import { z } from 'zod';
import { Id, InstParam, PagingQuery, SeekPagingQuery } from './common.contract';
import { endpoint } from './endpoint';
import {
  AmendInput,
  CommentInput,
  OrderDetail,
  OrderedPanelDetail,
  OrderedPanelInput,
  OrderedTestDetail,
  OrderInput,
  OrderQuery,
  OrderSummary,
  PlaceOrders,
  ResultHistoryEntry,
  ResultInput,
  SampleOrderInput,
  SaveResults,
} from './orders.contract';

const tags = ['Orders'];
const OrderParams = InstParam.extend({ orderId: Id });
const PanelParams = OrderParams.extend({ panelId: Id });
const TestParams = PanelParams.extend({ testId: Id });
const ResultParams = TestParams.extend({ resultId: Id });
const ReleaseParams = ResultParams.extend({ releaseId: Id });

export const OrderListQuery = SeekPagingQuery.extend(OrderQuery.shape);
export const OrderCount = z.object({ count: z.number(), isEstimate: z.boolean() });

const base = '/institutions/:instId/LIMSOrders';
const panels = `${base}/:orderId/limsOrderedPanels` as const;
const tests = `${panels}/:panelId/limsOrderedTests` as const;
const results = `${tests}/:testId/limsOrderedTestResults` as const;

/**
 * spec 1 §7 lab orders and their detail chain: ordered panels -> ordered tests -> results -> releases. An
 * order shows only its enabled panels and tests: IsEnabled=false lists none.
 */
export const orderEndpoints = {
  list: endpoint({
    method: 'GET',
    path: base,
    params: InstParam,
    query: OrderListQuery,
    response: { 200: z.array(OrderSummary) },
    permission: 'orders.read',
    paged: true,
    tags,
  }),
  count: endpoint({
    method: 'GET',
    path: `${base}/count`,
    params: InstParam,
    response: { 200: OrderCount },
    permission: 'orders.read',
    tags,
  }),
  create: endpoint({
    method: 'POST',
    path: base,
    params: InstParam,
    body: OrderInput,
    response: { 201: OrderSummary },
    permission: 'orders.create',
    tags,
  }),
  place: endpoint({
    method: 'POST',
    path: `${base}/place`,
    params: InstParam,
    body: PlaceOrders,
    response: { 201: z.array(OrderSummary) },
    permission: 'orders.create',
    tags,
  }),
  /**
   * Order tests on one collected sample (issue 31): its participant's order, or on a received sample an order for
   * its donor code. Another institution's sample is 404 (it is in the path).
   */
  placeOnSample: endpoint({
    method: 'POST',
    path: '/institutions/:instId/collectedSamples/:collectedSampleId/LIMSOrders',
    params: InstParam.extend({ collectedSampleId: Id }),
    body: SampleOrderInput,
    response: { 201: OrderSummary },
    permission: 'orders.create',
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: `${base}/:orderId`,
    params: OrderParams,
    response: { 200: OrderDetail },
    permission: 'orders.read',
    tags,
  }),
  saveResults: endpoint({
    method: 'PUT',
    path: `${base}/:orderId/results`,
    params: OrderParams,
    body: SaveResults,
    response: { 200: OrderDetail },
    permission: 'results.enter',
    tags,
  }),

  panels: endpoint({
    method: 'GET',
    path: panels,
    params: OrderParams,
    query: PagingQuery,
    response: { 200: z.array(OrderedPanelDetail) },
    permission: 'orders.read',
    paged: true,
    tags,
  }),
  addPanel: endpoint({
    method: 'POST',
    path: panels,
    params: OrderParams,
    body: OrderedPanelInput,
    response: { 201: OrderSummary },
    permission: 'orders.create',
    tags,
  }),
  releasePanel: endpoint({
    method: 'POST',
    path: `${panels}/:panelId/release`,
    params: PanelParams,
    response: { 200: OrderDetail },
    permission: 'results.release',
    tags,
  }),

  tests: endpoint({
    method: 'GET',
    path: tests,
    params: PanelParams,
    query: PagingQuery,
    response: { 200: z.array(OrderedTestDetail) },
    permission: 'orders.read',
    paged: true,
    tags,
  }),
  commentOnTest: endpoint({
    method: 'PUT',
    path: `${tests}/:testId`,
    params: TestParams,
    body: CommentInput,
    response: { 200: OrderDetail },
    permission: 'results.enter',
    tags,
  }),

  results: endpoint({
    method: 'GET',
    path: results,
    params: TestParams,
    response: { 200: z.array(OrderedTestDetail.shape.testResult) },
    permission: 'orders.read',
    tags,
  }),
  saveResult: endpoint({
    method: 'PUT',
    path: `${results}/:resultId`,
    params: ResultParams,
    body: ResultInput,
    response: { 200: OrderDetail },
    permission: 'results.enter',
    tags,
  }),
  amend: endpoint({
    method: 'POST',
    path: `${results}/:resultId/amend`,
    params: ResultParams,
    body: AmendInput,
    response: { 200: OrderDetail },
    permission: 'results.amend',
    tags,
  }),
  history: endpoint({
    method: 'GET',
    path: `${results}/:resultId/history`,
    params: ResultParams,
    response: { 200: z.array(ResultHistoryEntry) },
    permission: 'orders.read',
    tags,
  }),
  releases: endpoint({
    method: 'GET',
    path: `${results}/:resultId/limsOrderedTestResultReleases`,
    params: ResultParams,
    response: { 200: z.array(OrderedTestDetail.shape.testResultRelease) },
    permission: 'orders.read',
    tags,
  }),
  release: endpoint({
    method: 'POST',
    path: `${results}/:resultId/limsOrderedTestResultReleases/:releaseId/release`,
    params: ReleaseParams,
    response: { 200: OrderDetail },
    permission: 'results.release',
    tags,
  }),
};
