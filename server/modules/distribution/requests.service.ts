import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { CriteriaTree } from '../../../contract/queries.contract';
import {
  CANCELLABLE_REQUEST_STATES,
  EDITABLE_REQUEST_STATES,
  type DistributeInput,
  type DistributedSample,
  type MtaInput,
  MAX_REQUEST_RESERVATIONS,
  type PickInput,
  type PickSuggestion,
  type RequestItem,
  type RequestReasonInput,
  type RequestState,
  type RequestStampInput,
  type ResearchRequest,
  type ResearchRequestInput,
  type ResearchRequestListQuery,
  type ResearchRequestUpdate,
  type ReturnInput,
  type SuggestionQuery,
} from '../../../contract/requests.contract';
import { can, command, todayOf, type InstCtx } from '../../platform/context';
import { notFound, staleStamp } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { csvDisposition, csvRecord, downloadDisposition } from '../../platform/csv';
import { wordsOf } from '../../platform/i18n';
import type { LanguageCode } from '../../../contract/i18n/languages';
import { assertLookupIds } from '../../platform/lookups/lookup-refs';
import type { Db } from '../../db/client';
import { matchingSampleIds, savedQueryRow } from '../queries';
import { drawForResearch } from '../samples';
import { distributionBundle } from '../fhir';
import { ownShipmentOf, samplesNotInShipment } from '../shipments';
import { approverIdsOf, distributionProtocolRow, protocolFactsOf, purposeIdsOf } from './distribution.repository';
import { documentBytes } from './document-bytes';
import {
  currentMta,
  distributedRows,
  eligibleAmong,
  eligibleReservedCount,
  eligibleReservedCounts,
  exportRows,
  insertMta,
  insertRequest,
  insertRequestEvent,
  insertReservations,
  openReservationCount,
  itemRow,
  itemRows,
  lockItems,
  mtaChunks,
  pickSamples,
  releaseAll,
  requestPage,
  type RequestRecord,
  requestRecord,
  type RequestRow,
  requestRow,
  suggestionRows,
  updateItem,
  updateRequestRow,
} from './requests.repository';
import { requestErrors } from './requests.errors';
import { MSG } from '../../../contract/messages';

// Issue 32 item 5 (docs/research.md "Requests"). Reads need no permission check here beyond the route's row
// (requests.read), except which requests: without requests.review an account sees only its own (another's is 404).

const WHAT = 'Research request';
const ENTITY = 'researchRequest';

const isReviewer = (ctx: InstCtx) => can(ctx.account, 'requests.review', ctx.institutionId);
const isOwner = (ctx: InstCtx, row: { requesterId: number }) => row.requesterId === ctx.account.id;

/** 404 unless the caller may see the request: its requester, or a reviewer of the institution. */
function assertVisible(ctx: InstCtx, row: { requesterId: number } | undefined): asserts row {
  if (!row || !(isOwner(ctx, row) || isReviewer(ctx))) throw notFound(WHAT);
}

/**
 * A protocol's purposes and approvers, each read once per answer: a list page reads those of all its protocols in
 * one statement beforehand (`known`), a single request reads its protocol's when asked.
 */
function protocolFacts(db: Db, known = new Map<number, { purposes: number[]; approvers: number[] }>()) {
  const read = (key: 'purposes' | 'approvers', of: (db: Db, protocolId: number) => Promise<number[]>) => {
    const seen = new Map<number, Promise<number[]>>();
    return (protocolId: number) => {
      const had = known.get(protocolId);
      if (had) return Promise.resolve(had[key]);
      const reading = seen.get(protocolId) ?? of(db, protocolId);
      seen.set(protocolId, reading);
      return reading;
    };
  };
  return { purposes: read('purposes', purposeIdsOf), approvers: read('approvers', approverIdsOf) };
}
type ProtocolFacts = ReturnType<typeof protocolFacts>;

/** Whether the caller may decide: a named approver of the protocol; when it names none, its managers. */
async function mayDecide(ctx: InstCtx, db: Db, protocolId: number, facts: ProtocolFacts = protocolFacts(db)) {
  if (!isReviewer(ctx)) return false;
  const approvers = await facts.approvers(protocolId);
  return approvers.length
    ? approvers.includes(ctx.account.id)
    : can(ctx.account, 'distribution.manage', ctx.institutionId);
}

/** Whether the request's item count is its reserved items THE rule still admits (before distribution). */
const countsEligible = (r: RequestRecord) =>
  r.openItems > 0 && !['distributed', 'returned', 'closed'].includes(r.state);

async function view(
  ctx: InstCtx,
  r: RequestRecord,
  db: Db = ctx.db,
  facts: ProtocolFacts = protocolFacts(db),
  eligibleCounts?: Map<number, number>,
): Promise<ResearchRequest> {
  const state = r.state;
  const itemCount = !countsEligible(r)
    ? r.openItems
    : eligibleCounts
      ? (eligibleCounts.get(r.id) ?? 0)
      : await eligibleReservedCount(db, ctx.institutionId, r.id, await facts.purposes(r.distributionProtocolId));
  const owner = isOwner(ctx, r);
  return {
    id: r.id,
    isEnabled: r.isEnabled,
    createdDate: r.createdDate,
    creatorAccount: r.creatorAccount,
    enabledDate: r.enabledDate,
    enablerAccount: r.enablerAccount,
    institutionId: r.institutionId,
    title: r.title,
    description: r.description,
    distributionProtocolId: r.distributionProtocolId,
    distributionProtocol: r.distributionProtocol,
    requesterId: r.requesterId,
    requester: r.requester,
    savedQueryId: r.savedQueryId,
    savedQuery: r.savedQueryId && r.savedQueryName !== null ? { id: r.savedQueryId, name: r.savedQueryName } : null,
    lines: r.lineViews,
    state,
    stateReason: r.stateReason,
    submittedDate: iso(r.submittedDate),
    decidedDate: iso(r.decidedDate),
    decidedBy: r.decidedBy,
    distributedDate: iso(r.distributedDate),
    itemCount,
    mta: r.mta,
    delivery: r.deliveryMethod
      ? {
          method: r.deliveryMethod === 'shipment' ? 'shipment' : 'handover',
          shipmentId: r.shipmentId,
          shipmentName: r.shipmentName ?? null,
          note: r.deliveryNote,
          date: iso(r.distributedDate) ?? '',
        }
      : null,
    history: r.history,
    may: {
      edit: owner && can(ctx.account, 'requests.create', ctx.institutionId) && EDITABLE_REQUEST_STATES.includes(state),
      decide: state === 'submitted' && !owner && (await mayDecide(ctx, db, r.distributionProtocolId, facts)),
      fulfil:
        can(ctx.account, 'requests.fulfil', ctx.institutionId) &&
        ['approved', 'distributed', 'returned'].includes(state),
      cancel:
        CANCELLABLE_REQUEST_STATES.includes(state) &&
        ((owner && can(ctx.account, 'requests.create', ctx.institutionId)) || isReviewer(ctx)),
    },
    concurrencyStamp: r.concurrencyStamp,
  };
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function listRequests(ctx: InstCtx, q: ResearchRequestListQuery) {
  const requesterId = isReviewer(ctx) && !q.mine ? null : ctx.account.id;
  const page = await requestPage(ctx.db, ctx.institutionId, q, requesterId);
  // A fixed number of statements whatever the page's size (tested): the page (with the saved query's and the
  // shipment's names), its protocols' purposes and approvers, and the live eligible counts of its requests.
  const known = await protocolFactsOf(ctx.db, [...new Set(page.rows.map((r) => r.distributionProtocolId))]);
  const facts = protocolFacts(ctx.db, known);
  const counting = page.rows.filter(countsEligible);
  const eligibleCounts = await eligibleReservedCounts(
    ctx.db,
    ctx.institutionId,
    counting.map((r) => ({ id: r.id, purposeIds: known.get(r.distributionProtocolId)?.purposes ?? [] })),
  );
  const rows: ResearchRequest[] = [];
  for (const r of page.rows) rows.push(await view(ctx, r, ctx.db, facts, eligibleCounts));
  return { ...page, rows };
}

export async function getRequest(ctx: InstCtx, id: number, db: Db = ctx.db): Promise<ResearchRequest> {
  const r = await requestRecord(db, ctx.institutionId, id);
  assertVisible(ctx, r);
  return view(ctx, r, db);
}

/** The protocol must be the institution's and enabled; a saved query enabled and the institution's; lookups enabled. */
async function checkChoices(tx: Db, ctx: InstCtx, input: ResearchRequestInput, had?: RequestRow) {
  const protocol = await distributionProtocolRow(tx, ctx.institutionId, input.distributionProtocolId);
  if (!protocol) throw requestErrors.no_protocol({ distributionProtocolId: [MSG.chooseDistributionProtocol] });
  if (!protocol.isEnabled) throw requestErrors.protocol_disabled(protocol.title);
  if (input.savedQueryId && input.savedQueryId !== had?.savedQueryId) {
    const saved = await savedQueryRow(tx, ctx.institutionId, input.savedQueryId);
    if (!saved || !saved.isEnabled) throw requestErrors.no_query({ savedQueryId: [MSG.chooseEnabledQuery] });
  }
  const previous = new Set((had?.lines ?? []).flatMap((l) => [`t${l.specimenTypeId}`, `u${l.unitId}`]));
  await assertLookupIds(tx, ctx.institutionId, [
    ...input.lines.map((l, i) => ({
      key: 'specimenTypes',
      id: l.specimenTypeId,
      field: `lines.${i}.specimenTypeId`,
      label: 'Specimen type',
      previous: previous.has(`t${l.specimenTypeId}`) ? l.specimenTypeId : undefined,
    })),
    ...input.lines.flatMap((l, i) =>
      l.unitId == null
        ? []
        : [
            {
              key: 'unitOfMeasurements',
              id: l.unitId,
              field: `lines.${i}.unitId`,
              label: 'Unit',
              previous: previous.has(`u${l.unitId}`) ? l.unitId : undefined,
            },
          ],
    ),
  ]);
  return protocol;
}

const values = (input: ResearchRequestInput) => ({
  distributionProtocolId: input.distributionProtocolId,
  title: input.title,
  description: input.description,
  savedQueryId: input.savedQueryId ?? null,
  lines: input.lines.map((l) => ({
    specimenTypeId: l.specimenTypeId,
    count: l.count,
    amount: l.amount ?? null,
    unitId: l.unitId ?? null,
    note: l.note,
  })),
});

async function event(tx: InstCtx, id: number, action: string, reason: string | null = null) {
  await insertRequestEvent(tx.db, {
    institutionId: tx.institutionId,
    researchRequestId: id,
    action,
    reason,
    accountId: tx.account.id,
    at: tx.now(),
  });
}

export async function createRequest(ctx: InstCtx, input: ResearchRequestInput) {
  return command(ctx, 'requests.create', async (tx) => {
    await checkChoices(tx.db, tx, input);
    const row = await insertRequest(tx.db, {
      ...values(input),
      institutionId: ctx.institutionId,
      requesterId: ctx.account.id,
      state: 'draft',
      creatorId: ctx.account.id,
      enablerId: ctx.account.id,
      createdDate: ctx.now(),
      enabledDate: ctx.now(),
    });
    await event(tx, row.id, 'create');
    await audit(tx.db, tx, { entity: ENTITY, entityId: row.id, action: 'create', after: row });
    return getRequest(tx, row.id, tx.db);
  });
}

/** The request locked, visible to the caller, its stamp current. */
async function locked(tx: InstCtx, id: number, stamp: string | undefined) {
  const row = await requestRow(tx.db, tx.institutionId, id, true);
  assertVisible(tx, row);
  if (stamp !== undefined && stamp !== row.concurrencyStamp) throw staleStamp();
  return row;
}

function needState(row: RequestRow, allowed: readonly RequestState[], what: string) {
  if (!(allowed as readonly string[]).includes(row.state)) throw requestErrors.state(row.state, what);
}

function needOwner(ctx: InstCtx, row: RequestRow) {
  if (!isOwner(ctx, row)) throw requestErrors.not_owner();
}

/** One state change: the row updated with its stamp, an event for its history, an audit row. */
async function transition(
  tx: InstCtx,
  row: RequestRow,
  stamp: string | undefined,
  action: string,
  set: Partial<RequestRow>,
  reason: string | null = null,
  extra: Record<string, unknown> = {},
) {
  const { before, after } = await updateRequestRow(tx.db, tx.institutionId, row.id, stamp, set);
  await event(tx, row.id, action, reason);
  await audit(tx.db, tx, { entity: ENTITY, entityId: row.id, action, before, after: { ...after, ...extra } });
  return getRequest(tx, row.id, tx.db);
}

export async function updateRequest(ctx: InstCtx, id: number, input: ResearchRequestUpdate) {
  return command(ctx, 'requests.create', async (tx) => {
    const row = await locked(tx, id, input.concurrencyStamp);
    needOwner(tx, row);
    needState(row, EDITABLE_REQUEST_STATES, 'edited');
    await checkChoices(tx.db, tx, input, row);
    return transition(tx, row, input.concurrencyStamp, 'update', values(input));
  });
}

/** Submitted for review: something asked, the protocol enabled and within its dates (today, the institution's). */
export async function submitRequest(ctx: InstCtx, id: number, input: RequestStampInput) {
  return command(ctx, 'requests.create', async (tx) => {
    const row = await locked(tx, id, input.concurrencyStamp);
    needOwner(tx, row);
    needState(row, EDITABLE_REQUEST_STATES, 'submitted');
    if (!row.savedQueryId && !row.lines.length) throw requestErrors.nothing_asked();
    const protocol = await distributionProtocolRow(tx.db, tx.institutionId, row.distributionProtocolId);
    if (!protocol || !protocol.isEnabled) throw requestErrors.protocol_disabled(protocol?.title ?? '');
    const today = todayOf(tx);
    if (protocol.startDate && today < protocol.startDate)
      throw requestErrors.protocol_not_started(protocol.title, protocol.startDate);
    if (protocol.endDate && today > protocol.endDate)
      throw requestErrors.protocol_ended(protocol.title, protocol.endDate);
    if (row.savedQueryId) {
      const saved = await savedQueryRow(tx.db, tx.institutionId, row.savedQueryId);
      if (!saved || !saved.isEnabled) throw requestErrors.no_query({ savedQueryId: [MSG.chooseEnabledQuery] });
    }
    return transition(
      tx,
      row,
      input.concurrencyStamp,
      'submit',
      { state: 'submitted', submittedDate: tx.now(), stateReason: null },
      input.comment,
    );
  });
}

/** Cancelled before distribution by its requester or a reviewer: its reservations are released. */
export async function cancelRequest(ctx: InstCtx, id: number, input: RequestReasonInput) {
  return command(ctx, 'requests.read', async (tx) => {
    const row = await locked(tx, id, input.concurrencyStamp);
    if (!(isReviewer(tx) || (isOwner(tx, row) && can(tx.account, 'requests.create', tx.institutionId))))
      throw requestErrors.not_owner();
    needState(row, CANCELLABLE_REQUEST_STATES, 'cancelled');
    await releaseAll(tx.db, id, 'Request cancelled', tx.now());
    return transition(
      tx,
      row,
      input.concurrencyStamp,
      'cancel',
      { state: 'cancelled', stateReason: input.reason },
      input.reason,
    );
  });
}

async function decision(
  ctx: InstCtx,
  id: number,
  stamp: string,
  action: 'approve' | 'reject' | 'request_changes',
  reason: string | null,
) {
  return command(ctx, 'requests.review', async (tx) => {
    const row = await locked(tx, id, stamp);
    needState(row, ['submitted'], action === 'approve' ? 'approved' : action === 'reject' ? 'rejected' : 'sent back');
    if (!(await mayDecide(tx, tx.db, row.distributionProtocolId))) throw requestErrors.not_approver();
    // Four eyes: the researcher who made the request never decides on it, even as a named approver.
    if (isOwner(tx, row)) throw requestErrors.own_request();
    const state: RequestState =
      action === 'approve' ? 'approved' : action === 'reject' ? 'rejected' : 'changes_requested';
    const set: Partial<RequestRow> = { state, stateReason: action === 'approve' ? null : reason };
    if (action !== 'request_changes') Object.assign(set, { decidedDate: tx.now(), decidedById: tx.account.id });
    return transition(tx, row, stamp, action, set, reason);
  });
}

export const approveRequest = (ctx: InstCtx, id: number, input: RequestStampInput) =>
  decision(ctx, id, input.concurrencyStamp, 'approve', input.comment);
export const rejectRequest = (ctx: InstCtx, id: number, input: RequestReasonInput) =>
  decision(ctx, id, input.concurrencyStamp, 'reject', input.reason);
export const requestChanges = (ctx: InstCtx, id: number, input: RequestReasonInput) =>
  decision(ctx, id, input.concurrencyStamp, 'request_changes', input.reason);

/** The request of this institution (any requester: staff routes), or 404. */
async function staffRow(ctx: InstCtx, id: number, lock = false) {
  const row = await requestRow(ctx.db, ctx.institutionId, id, lock);
  if (!row) throw notFound(WHAT);
  return row;
}

/** The pick list: eligible samples matching the saved query or a specimen line, reserved by no open request. */
export async function suggestions(ctx: InstCtx, id: number, q: SuggestionQuery) {
  const row = await staffRow(ctx, id);
  needState(row, ['submitted', 'approved'], 'picked for');
  const purposeIds = await purposeIdsOf(ctx.db, row.distributionProtocolId);
  let matching = null;
  if (row.savedQueryId) {
    const saved = await savedQueryRow(ctx.db, ctx.institutionId, row.savedQueryId);
    const criteria = saved ? CriteriaTree.safeParse(saved.criteria) : null;
    if (criteria?.success) matching = matchingSampleIds(ctx.institutionId, criteria.data);
  }
  const page = await suggestionRows(ctx.db, ctx.institutionId, purposeIds, matching, row.lines, q);
  const rows: PickSuggestion[] = page.rows;
  const skipped = (q.pageNumber - 1) * q.pageSize;
  return { rows, total: skipped + rows.length + (page.more ? 1 : 0), totalIsAtLeast: page.more };
}

export async function requestItems(ctx: InstCtx, id: number): Promise<RequestItem[]> {
  const row = await staffRow(ctx, id);
  return itemRows(ctx.db, ctx.institutionId, id, await purposeIdsOf(ctx.db, row.distributionProtocolId));
}

/**
 * Reserves samples for an approved request: each must be the institution's (404), eligible NOW for the protocol
 * (THE rule, in this transaction: 409 `requests.not_eligible`), reserved by no open request (409
 * `requests.sample_reserved`; the unique index settles a race) and hold at least the amount.
 */
export async function pick(ctx: InstCtx, id: number, input: PickInput) {
  return command(ctx, 'requests.fulfil', async (tx) => {
    const row = await locked(tx, id, input.concurrencyStamp);
    needState(row, ['approved'], 'picked for');
    const purposeIds = await purposeIdsOf(tx.db, row.distributionProtocolId);
    const ids = input.picks.map((p) => p.collectedSampleId);
    const found = new Map((await pickSamples(tx.db, tx.institutionId, ids, purposeIds)).map((s) => [s.id, s]));
    for (const p of input.picks) {
      const s = found.get(p.collectedSampleId);
      if (!s) throw notFound('Collected sample');
      if (!s.eligible) throw requestErrors.not_eligible(s.sampleId);
      if (s.reservedElsewhere) throw requestErrors.sample_reserved(s.sampleId);
      if (p.amount > s.remainingAmount) throw requestErrors.over_remaining(s.sampleId, s.remainingAmount);
    }
    // The request row is locked: its open reservations cannot change under this count.
    const held = await openReservationCount(tx.db, id);
    if (held + input.picks.length > MAX_REQUEST_RESERVATIONS)
      throw requestErrors.too_many_reserved(MAX_REQUEST_RESERVATIONS, held);
    const reserved = await insertReservations(
      tx.db,
      { institutionId: tx.institutionId, researchRequestId: id, creatorId: tx.account.id, at: tx.now() },
      input.picks,
    );
    const lost = input.picks.find((p) => !reserved.has(p.collectedSampleId));
    if (lost) throw requestErrors.sample_reserved(found.get(lost.collectedSampleId)?.sampleId ?? '');
    return transition(tx, row, input.concurrencyStamp, 'pick', {}, null, { picked: input.picks });
  });
}

export async function releaseItem(ctx: InstCtx, id: number, itemId: number, input: RequestStampInput) {
  return command(ctx, 'requests.fulfil', async (tx) => {
    const row = await locked(tx, id, input.concurrencyStamp);
    needState(row, ['approved'], 'changed');
    const item = await itemRow(tx.db, id, itemId, true);
    if (!item) throw notFound('Request item');
    if (item.state !== 'reserved') throw requestErrors.item_state(item.state, 'released');
    const reason = input.comment ?? 'Released';
    await updateItem(tx.db, itemId, { state: 'released', releasedReason: reason, releasedDate: tx.now() });
    return transition(tx, row, input.concurrencyStamp, 'release_item', {}, reason, {
      released: { itemId, collectedSampleId: item.collectedSampleId },
    });
  });
}

/** Files the signed agreement (a new document each time; the newest is current), checked like an ethics document. */
export async function uploadMta(ctx: InstCtx, id: number, input: MtaInput) {
  const { bytes, sha256 } = await documentBytes(input, 'The agreement');
  return command(ctx, 'requests.fulfil', async (tx) => {
    const row = await staffRow(tx, id, true);
    needState(row, ['approved', 'distributed', 'returned'], 'given an agreement');
    const today = todayOf(tx);
    if (input.signedDate > today) throw requestErrors.future_signed_date({ signedDate: [MSG.notInFuture] });
    const document = {
      signedDate: input.signedDate,
      fileName: input.fileName,
      contentType: input.contentType,
      size: bytes.length,
      sha256,
    };
    await insertMta(
      tx.db,
      {
        ...document,
        institutionId: tx.institutionId,
        researchRequestId: id,
        creatorId: tx.account.id,
        createdDate: tx.now(),
      },
      bytes,
    );
    return transition(tx, row, undefined, 'upload_mta', {}, null, { mta: document });
  });
}

export async function mtaDocument(ctx: InstCtx, id: number) {
  const row = await requestRow(ctx.db, ctx.institutionId, id);
  assertVisible(ctx, row);
  const document = await currentMta(ctx.db, id);
  if (!document) throw requestErrors.no_mta_document();
  return { ...document, content: Readable.from(mtaChunks(ctx.db, document.id, document.size)) };
}

/** A code per distributed sample: random, unique within the request (8 characters of an unambiguous alphabet). */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
function newCode(taken: Set<string>) {
  for (;;) {
    const code = [...randomBytes(8)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
    if (!taken.has(code)) {
      taken.add(code);
      return code;
    }
  }
}

/**
 * Distributes the approved request in ONE transaction: the agreement must be on file; every reserved item is
 * checked against THE rule now (a sample whose consent no longer allows it is released, never distributed); each
 * eligible one is drawn through the sample ledger (locked, race-safe, 409 on an overdraw) and given its code.
 */
export async function distribute(ctx: InstCtx, id: number, input: DistributeInput) {
  return command(ctx, 'requests.fulfil', async (tx) => {
    const row = await locked(tx, id, input.concurrencyStamp);
    needState(row, ['approved'], 'distributed');
    if (!(await currentMta(tx.db, id))) throw requestErrors.no_mta();
    const shipment =
      input.method === 'shipment' && input.shipmentId
        ? await ownShipmentOf(tx.db, tx.institutionId, input.shipmentId)
        : undefined;
    if (input.method === 'shipment') {
      if (!shipment) throw requestErrors.no_shipment({ shipmentId: [MSG.chooseInstitutionShipment] });
      if (shipment.status !== 'draft') throw requestErrors.shipment_not_open(shipment.name);
    }
    const purposeIds = await purposeIdsOf(tx.db, row.distributionProtocolId);
    const reserved = await lockItems(tx.db, id, 'reserved');
    const eligible = await eligibleAmong(
      tx.db,
      tx.institutionId,
      reserved.map((i) => i.collectedSampleId),
      purposeIds,
    );
    const released = reserved.filter((i) => !eligible.has(i.collectedSampleId));
    const going = reserved
      .filter((i) => eligible.has(i.collectedSampleId))
      .sort((a, b) => a.collectedSampleId - b.collectedSampleId);
    if (!going.length) throw requestErrors.no_items();
    if (shipment) {
      // The tubes go out in the shipment: every sample distributed must be packed in it (a pending item).
      const missing = await samplesNotInShipment(
        tx.db,
        shipment.id,
        going.map((i) => i.collectedSampleId),
      );
      if (missing.length) {
        const named = await pickSamples(tx.db, tx.institutionId, missing, []);
        throw requestErrors.shipment_lacks_samples(shipment.name, named.map((n) => n.sampleId).join(', '));
      }
    }
    for (const i of released)
      await updateItem(tx.db, i.id, {
        state: 'released',
        releasedReason: "The donor's consent no longer allows it",
        releasedDate: tx.now(),
      });
    const codes = new Set<string>();
    const distributed = [];
    for (const i of going) {
      const { sampleId } = await drawForResearch(
        tx.db,
        tx,
        i.collectedSampleId,
        i.amount,
        `Distributed for research request ${id}: ${row.title}`,
      );
      const code = newCode(codes);
      await updateItem(tx.db, i.id, { state: 'distributed', code, distributedDate: tx.now() });
      distributed.push({ itemId: i.id, collectedSampleId: i.collectedSampleId, sampleId, amount: i.amount, code });
    }
    return transition(
      tx,
      row,
      input.concurrencyStamp,
      'distribute',
      {
        state: 'distributed',
        distributedDate: tx.now(),
        deliveryMethod: input.method,
        shipmentId: input.method === 'shipment' ? (input.shipmentId ?? null) : null,
        deliveryNote: input.note,
      },
      input.note,
      { distributed, released: released.map((i) => ({ itemId: i.id, collectedSampleId: i.collectedSampleId })) },
    );
  });
}

/** Unused material back: each amount given back to its sample through the ledger; all of it back: `returned`. */
export async function returnMaterial(ctx: InstCtx, id: number, input: ReturnInput) {
  return command(ctx, 'requests.fulfil', async (tx) => {
    const row = await locked(tx, id, input.concurrencyStamp);
    needState(row, ['distributed'], 'given material back');
    const returned = [];
    for (const r of [...input.items].sort((a, b) => a.itemId - b.itemId)) {
      const item = await itemRow(tx.db, id, r.itemId, true);
      if (!item) throw notFound('Request item');
      if (item.state !== 'distributed') throw requestErrors.item_state(item.state, 'returned');
      const left = Math.round((item.amount - item.returnedAmount) * 1e9) / 1e9;
      if (r.amount > left + 1e-9) throw requestErrors.over_return(item.code ?? String(item.id), left);
      await drawForResearch(
        tx.db,
        tx,
        item.collectedSampleId,
        -r.amount,
        input.reason ? `Returned from research request ${id}: ${input.reason}` : `Returned from research request ${id}`,
      );
      const returnedAmount = Math.min(item.amount, Math.round((item.returnedAmount + r.amount) * 1e9) / 1e9);
      await updateItem(tx.db, item.id, { returnedAmount });
      returned.push({ itemId: item.id, collectedSampleId: item.collectedSampleId, amount: r.amount });
    }
    const all = await lockItems(tx.db, id, 'distributed');
    const everything = all.every((i) => i.returnedAmount >= i.amount);
    return transition(
      tx,
      row,
      input.concurrencyStamp,
      'return',
      everything ? { state: 'returned' } : {},
      input.reason,
      { returned },
    );
  });
}

export async function closeRequest(ctx: InstCtx, id: number, input: RequestStampInput) {
  return command(ctx, 'requests.fulfil', async (tx) => {
    const row = await locked(tx, id, input.concurrencyStamp);
    needState(row, ['distributed', 'returned'], 'closed');
    return transition(tx, row, input.concurrencyStamp, 'close', { state: 'closed' }, input.comment);
  });
}

/** What the researcher received: codes, types, amounts; never a sample ID, donor or internal id. */
export async function distributedSamples(ctx: InstCtx, id: number): Promise<DistributedSample[]> {
  const row = await requestRow(ctx.db, ctx.institutionId, id);
  assertVisible(ctx, row);
  return distributedRows(ctx.db, ctx.institutionId, id);
}

/** The request of a distribution export: visible to the caller (its researcher, or staff), distributed (409 before). */
async function distributedRow(ctx: InstCtx, id: number) {
  const row = await requestRow(ctx.db, ctx.institutionId, id);
  assertVisible(ctx, row);
  if (!['distributed', 'returned', 'closed'].includes(row.state)) throw requestErrors.not_distributed();
  return row;
}

/** A download name: the request's title, 'distribution' when nothing of it is plain ASCII. */
const exportName = (title: string) => `${title} distribution`;

/**
 * Issue 32 item 6: the distribution as CSV, one row per distributed sample by its code with the permitted data only
 * (docs/research.md "Export of a distribution"), headers in the caller's language, through the one writer.
 */
export async function exportCsv(ctx: InstCtx, id: number, lng: LanguageCode) {
  const row = await distributedRow(ctx, id);
  const rows = await exportRows(ctx.db, ctx.institutionId, id, lng);
  const c = wordsOf(lng, 'requests').export.columns;
  const lines = [
    // A byte-order mark, as the reports: spreadsheet programs then read UTF-8 (accents) correctly.
    '\uFEFF' + csvRecord([c.code, c.specimenType, c.anatomicSite, c.quantity, c.unit, c.collected, c.purposes]),
    ...rows.map((r) =>
      csvRecord([
        r.code,
        r.specimenType,
        r.anatomicSite,
        r.amount,
        r.unit,
        r.collectedMonth,
        r.purposes.map((p) => p.title).join('; '),
      ]),
    ),
  ];
  return { disposition: csvDisposition(exportName(row.title), 'distribution'), body: lines.join('') };
}

/** Issue 32 item 6: the distribution as a FHIR R4 collection Bundle (Specimens by code, Consents with the purposes). */
export async function exportFhir(ctx: InstCtx, id: number) {
  const row = await distributedRow(ctx, id);
  const bundle = distributionBundle(ctx, id, await exportRows(ctx.db, ctx.institutionId, id));
  return { disposition: downloadDisposition(exportName(row.title), 'fhir.json', 'distribution'), bundle };
}
