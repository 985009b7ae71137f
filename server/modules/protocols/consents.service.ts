import type { PagingQuery } from '../../../contract/common.contract';
import type { ConsentInput, ConsentUpdate } from '../../../contract/protocols.contract';
import { command, type InstCtx } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import type { Db } from '../../db/client';
import {
  consentRecord,
  consentVersionRows,
  disableConsentRow,
  insertConsent,
  insertConsentVersion,
  isVersionSigned,
  latestVersionForUpdate,
  listConsentRows,
  setVersionHtml,
  setVersionPurposes,
  updateConsentTitle,
  versionPurposeIds,
} from './consents.repository';
import { assertLookupIds } from '../../platform/lookups/lookup-refs';
import { protocolOf } from './protocols.service';
import { sanitizeConsentHtml } from './consent-html';

// Reads need no permission check here: each route row declares protocols.read and the router checks it.

export async function listConsents(ctx: InstCtx, protocolId: number, q: PagingQuery) {
  await protocolOf(ctx, protocolId);
  return listConsentRows(ctx.db, ctx.institutionId, protocolId, q, ctx.language);
}

export async function getConsent(ctx: InstCtx, protocolId: number, id: number, db: Db = ctx.db) {
  const row = await consentRecord(db, ctx.institutionId, protocolId, id, ctx.language);
  if (!row) throw notFound('Consent');
  return row;
}

/** Every text a consent has had, newest first, with how many signatures each holds. */
export async function listConsentVersions(ctx: InstCtx, protocolId: number, id: number) {
  await getConsent(ctx, protocolId, id);
  const rows = await consentVersionRows(ctx.db, id, ctx.language);
  return rows.map((r) => ({ ...r, createdDate: r.createdDate.toISOString() }));
}

/**
 * Issue 32 item 2: each purpose a consent grants is an enabled Consent Purpose of the institution (one kept from
 * the version before may since be disabled). Ids in ascending order.
 */
async function checkedPurposes(tx: Db, inst: number, ids: number[], kept: number[] = []) {
  await assertLookupIds(
    tx,
    inst,
    ids.map((id) => ({
      key: 'consentPurposes',
      id,
      field: 'purposeIds',
      label: 'Consent purposes',
      previous: kept.includes(id) ? id : undefined,
    })),
  );
  return [...ids].sort((a, b) => a - b);
}
const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export async function createConsent(ctx: InstCtx, protocolId: number, input: ConsentInput) {
  const inst = ctx.institutionId;
  const id = await command(ctx, 'protocols.manage', async ({ db: tx }) => {
    await protocolOf(ctx, protocolId, tx);
    const purposeIds = await checkedPurposes(tx, inst, input.purposeIds ?? []);
    const who = { institutionId: inst, creatorId: ctx.account.id, enablerId: ctx.account.id };
    const row = await insertConsent(tx, { ...who, collectionProtocolId: protocolId, title: input.title });
    const version = await insertConsentVersion(tx, {
      ...who,
      consentId: row.id,
      version: 1,
      html: sanitizeConsentHtml(input.consent ?? ''),
    });
    await setVersionPurposes(tx, inst, version.id, purposeIds);
    await audit(tx, ctx, {
      entity: 'collectionProtocolConsent',
      entityId: row.id,
      action: 'create',
      after: { ...row, version: 1, consent: version.html, purposeIds },
    });
    return row.id;
  });
  return getConsent(ctx, protocolId, id);
}

/**
 * Edits title and text. The current version's text is changed in place only while nobody has signed
 * it; once signed, a new text becomes a new version and the signed one is kept as it was (docs/protocols.md).
 */
export async function updateConsent(ctx: InstCtx, protocolId: number, id: number, input: ConsentUpdate) {
  const inst = ctx.institutionId;
  await command(ctx, 'protocols.manage', async ({ db: tx }) => {
    await protocolOf(ctx, protocolId, tx);
    const { before, after } = await updateConsentTitle(tx, inst, protocolId, id, input.concurrencyStamp, input.title);
    const latest = await latestVersionForUpdate(tx, id);
    const html = sanitizeConsentHtml(input.consent ?? '');
    // The purposes are part of the text signed: absent keeps the current version's (the spec's body).
    const hadPurposes = await versionPurposeIds(tx, latest.id);
    const purposeIds = input.purposeIds ? await checkedPurposes(tx, inst, input.purposeIds, hadPurposes) : hadPurposes;
    let version = latest.version;
    if (html !== latest.html || !sameIds(purposeIds, hadPurposes)) {
      if (await isVersionSigned(tx, latest.id)) {
        version = latest.version + 1;
        const added = await insertConsentVersion(tx, {
          institutionId: inst,
          creatorId: ctx.account.id,
          enablerId: ctx.account.id,
          consentId: id,
          version,
          html,
        });
        await setVersionPurposes(tx, inst, added.id, purposeIds);
      } else {
        await setVersionHtml(tx, latest.id, html);
        await setVersionPurposes(tx, inst, latest.id, purposeIds);
      }
    }
    await audit(tx, ctx, {
      entity: 'collectionProtocolConsent',
      entityId: id,
      action: 'update',
      before: { ...before, version: latest.version, consent: latest.html, purposeIds: hadPurposes },
      after: { ...after, version, consent: html, purposeIds },
    });
  });
  return getConsent(ctx, protocolId, id);
}

/** Disabled consents cannot be signed; signatures already given stay. */
export async function disableConsent(ctx: InstCtx, protocolId: number, id: number) {
  await command(ctx, 'protocols.manage', async ({ db: tx }) => {
    await protocolOf(ctx, protocolId, tx);
    const { before, after } = await disableConsentRow(tx, ctx.institutionId, protocolId, id, ctx.account.id, ctx.now());
    await audit(tx, ctx, { entity: 'collectionProtocolConsent', entityId: id, action: 'disable', before, after });
  });
  return getConsent(ctx, protocolId, id);
}
