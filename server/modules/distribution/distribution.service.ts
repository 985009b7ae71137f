import { Readable } from 'node:stream';
import { documentBytes } from './document-bytes';
import {
  type DistributionProtocol,
  type DistributionProtocolInput,
  type DistributionProtocolListQuery,
  type DistributionProtocolUpdate,
  type EthicsDocumentInput,
} from '../../../contract/distribution.contract';
import { command, type InstCtx } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { assertLookupIds } from '../../platform/lookups/lookup-refs';
import type { Db } from '../../db/client';
import { membersAmong } from '../accounts';
import {
  approverIdsOf,
  currentEthicsDocument,
  disableDistributionProtocolRow,
  distributionProtocolPage,
  distributionProtocolRecord,
  distributionProtocolRow,
  insertDistributionProtocol,
  insertEthicsDocument,
  ethicsDocumentChunks,
  purposeIdsOf,
  setApprovers,
  setPurposes,
  updateDistributionProtocolRow,
} from './distribution.repository';
import { countEligibleSamples } from './eligibility.repository';
import { distributionErrors } from './distribution.errors';
import { MSG } from '../../../contract/messages';

// Issue 32 item 1 (docs/research.md). Reads need no permission check here: each route row declares
// distribution.read and the router checks it in the path's institution.

const WHAT = 'Distribution protocol';
const ENTITY = 'distributionProtocol';

export async function listDistributionProtocols(ctx: InstCtx, q: DistributionProtocolListQuery) {
  return distributionProtocolPage(ctx.db, ctx.institutionId, q);
}

export async function getDistributionProtocol(
  ctx: InstCtx,
  id: number,
  db: Db = ctx.db,
): Promise<DistributionProtocol> {
  const row = await distributionProtocolRecord(db, ctx.institutionId, id);
  if (!row) throw notFound(WHAT);
  return row;
}

const ascending = (ids: number[]) => [...ids].sort((a, b) => a - b);

/**
 * The investigator and the approvers are enabled accounts of the institution; the purposes enabled Consent
 * Purposes of it. A choice the record already had is kept even if since disabled (ADR 0010's reference rule).
 */
async function checkChoices(
  tx: Db,
  inst: number,
  input: DistributionProtocolInput,
  had?: { principalInvestigatorId: number; approverIds: number[]; purposeIds: number[] },
) {
  const newAccounts = [
    ...(input.principalInvestigatorId !== had?.principalInvestigatorId ? [input.principalInvestigatorId] : []),
    ...input.approverIds.filter((id) => !had?.approverIds.includes(id)),
  ];
  const members = new Set((await membersAmong(tx, inst, [...new Set(newAccounts)])).map((a) => a.id));
  if (input.principalInvestigatorId !== had?.principalInvestigatorId && !members.has(input.principalInvestigatorId))
    throw distributionErrors.not_a_member('Principal investigator', {
      principalInvestigatorId: [MSG.chooseEnabledAccount],
    });
  if (input.approverIds.some((id) => !had?.approverIds.includes(id) && !members.has(id)))
    throw distributionErrors.not_a_member('Approvers', {
      approverIds: [MSG.chooseEnabledAccounts],
    });
  await assertLookupIds(
    tx,
    inst,
    input.purposeIds.map((id) => ({
      key: 'consentPurposes',
      id,
      field: 'purposeIds',
      label: 'Consent purposes',
      previous: had?.purposeIds.includes(id) ? id : undefined,
    })),
  );
}

const values = (input: DistributionProtocolInput) => ({
  title: input.title,
  principalInvestigatorId: input.principalInvestigatorId,
  institutionName: input.institutionName,
  ethicsApprovalNumber: input.ethicsApprovalNumber,
  startDate: input.startDate,
  endDate: input.endDate,
});

export async function createDistributionProtocol(ctx: InstCtx, input: DistributionProtocolInput) {
  const inst = ctx.institutionId;
  const id = await command(ctx, 'distribution.manage', async ({ db: tx }) => {
    await checkChoices(tx, inst, input);
    const row = await insertDistributionProtocol(tx, {
      ...values(input),
      institutionId: inst,
      creatorId: ctx.account.id,
      enablerId: ctx.account.id,
    });
    const purposeIds = ascending(input.purposeIds);
    const approverIds = ascending(input.approverIds);
    await setPurposes(tx, inst, row.id, purposeIds);
    await setApprovers(tx, inst, row.id, approverIds);
    await audit(tx, ctx, {
      entity: ENTITY,
      entityId: row.id,
      action: 'create',
      after: { ...row, purposeIds, approverIds },
    });
    return row.id;
  });
  return getDistributionProtocol(ctx, id);
}

export async function updateDistributionProtocol(ctx: InstCtx, id: number, input: DistributionProtocolUpdate) {
  const inst = ctx.institutionId;
  await command(ctx, 'distribution.manage', async ({ db: tx }) => {
    const current = await distributionProtocolRow(tx, inst, id, true);
    if (!current) throw notFound(WHAT);
    if (!current.isEnabled) throw distributionErrors.disabled(current.title);
    const had = {
      principalInvestigatorId: current.principalInvestigatorId,
      purposeIds: await purposeIdsOf(tx, id),
      approverIds: await approverIdsOf(tx, id),
    };
    await checkChoices(tx, inst, input, had);
    const { before, after } = await updateDistributionProtocolRow(tx, inst, id, input.concurrencyStamp, values(input));
    const purposeIds = ascending(input.purposeIds);
    const approverIds = ascending(input.approverIds);
    await setPurposes(tx, inst, id, purposeIds);
    await setApprovers(tx, inst, id, approverIds);
    await audit(tx, ctx, {
      entity: ENTITY,
      entityId: id,
      action: 'update',
      before: { ...before, purposeIds: had.purposeIds, approverIds: had.approverIds },
      after: { ...after, purposeIds, approverIds },
    });
  });
  return getDistributionProtocol(ctx, id);
}

/** Disabled: kept with everything it had, no longer offered; it cannot be changed any more. */
export async function disableDistributionProtocol(ctx: InstCtx, id: number) {
  await command(ctx, 'distribution.manage', async ({ db: tx }) => {
    const { before, after } = await disableDistributionProtocolRow(
      tx,
      ctx.institutionId,
      id,
      ctx.account.id,
      ctx.now(),
    );
    await audit(tx, ctx, { entity: ENTITY, entityId: id, action: 'disable', before, after });
  });
  return getDistributionProtocol(ctx, id);
}

/**
 * Files the ethics approval document: a new row each time (the newest is current, replaced ones stay on file).
 * The audit row records its name, type, size and SHA-256, not its bytes.
 */
export async function uploadEthicsDocument(ctx: InstCtx, id: number, input: EthicsDocumentInput) {
  const { bytes, sha256 } = await documentBytes(input, 'The ethics document');
  await command(ctx, 'distribution.manage', async ({ db: tx }) => {
    const current = await distributionProtocolRow(tx, ctx.institutionId, id, true);
    if (!current) throw notFound(WHAT);
    if (!current.isEnabled) throw distributionErrors.disabled(current.title);
    const document = {
      fileName: input.fileName,
      contentType: input.contentType,
      size: bytes.length,
      sha256,
    };
    await insertEthicsDocument(
      tx,
      {
        ...document,
        institutionId: ctx.institutionId,
        distributionProtocolId: id,
        creatorId: ctx.account.id,
        createdDate: ctx.now(),
      },
      bytes,
    );
    await audit(tx, ctx, {
      entity: ENTITY,
      entityId: id,
      action: 'upload_document',
      after: { ethicsDocument: document },
    });
  });
  return getDistributionProtocol(ctx, id);
}

/** The current ethics document: its name, type and size, and its bytes as a stream of chunks; or 404. */
export async function ethicsDocument(ctx: InstCtx, id: number) {
  const protocol = await distributionProtocolRow(ctx.db, ctx.institutionId, id);
  if (!protocol) throw notFound(WHAT);
  const document = await currentEthicsDocument(ctx.db, id);
  if (!document) throw distributionErrors.no_document();
  return { ...document, content: Readable.from(ethicsDocumentChunks(ctx.db, document.id, document.size)) };
}

/** GET .../eligibility-count: the institution's samples eligible for the protocol now (eligibility.repository.ts). */
export async function eligibilityCount(ctx: InstCtx, id: number) {
  const protocol = await distributionProtocolRow(ctx.db, ctx.institutionId, id);
  if (!protocol) throw notFound(WHAT);
  const purposeIds = await purposeIdsOf(ctx.db, id);
  return { count: await countEligibleSamples(ctx.db, ctx.institutionId, purposeIds), purposeIds };
}
