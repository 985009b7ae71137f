import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PagingQuery } from '../../../contract/common.contract';
import type { ConsentInput, ConsentUpdate } from '../../../contract/protocols.contract';
import { command, type InstCtx, requirePermission } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { setEnabled, updateStamped } from '../../platform/crud/stamp';
import type { Db } from '../../db/client';
import { consentVersions, participantConsents, protocolConsents } from './protocols.table';
import { protocolOf } from './protocols.service';
import { sanitizeConsentHtml } from './consent-html';
import { qualified } from '../../platform/qualified';

const current = (col: 'html' | 'version' | 'id') =>
  sql`(select v.${sql.raw(col)} from collection_protocol_consent_versions v where v.consent_id = ${qualified(protocolConsents.id)} order by v.version desc limit 1)`;
const extra = {
  consent: sql<string>`${current('html')}`,
  version: sql<number>`${current('version')}`,
  consentVersionId: sql<number>`${current('id')}`,
  signatureCount: sql<number>`(select count(*)::int from collection_protocol_participant_consents s where s.consent_id = ${qualified(protocolConsents.id)})`,
};

const scope = (ctx: InstCtx, protocolId: number) =>
  and(eq(protocolConsents.institutionId, ctx.institutionId), eq(protocolConsents.collectionProtocolId, protocolId));

export async function listConsents(ctx: InstCtx, protocolId: number, q: PagingQuery) {
  requirePermission(ctx, 'protocols.read');
  await protocolOf(ctx, protocolId);
  const parts: (SQL | undefined)[] = [scope(ctx, protocolId)];
  if (q.isEnabled !== undefined) parts.push(eq(protocolConsents.isEnabled, q.isEnabled));
  if (q.searchTerm) parts.push(sql`lower(${protocolConsents.title}) like ${likePattern(q.searchTerm)}`);
  return selectRecords(ctx.db, protocolConsents, {
    where: and(...parts),
    orderBy: asc(protocolConsents.id),
    limit: q.pageSize,
    offset: offsetOf(q),
    extra,
  });
}

export async function getConsent(ctx: InstCtx, protocolId: number, id: number, db: Db = ctx.db) {
  requirePermission(ctx, 'protocols.read');
  const page = await selectRecords(db, protocolConsents, {
    where: and(scope(ctx, protocolId), eq(protocolConsents.id, id)),
    orderBy: protocolConsents.id,
    limit: 1,
    extra,
  });
  if (!page.rows[0]) throw notFound('Consent');
  return page.rows[0];
}

/** Every text a consent has had, newest first, with how many signatures each holds. */
export async function listConsentVersions(ctx: InstCtx, protocolId: number, id: number) {
  await getConsent(ctx, protocolId, id);
  const rows = await ctx.db
    .select({
      id: consentVersions.id,
      version: consentVersions.version,
      consent: consentVersions.html,
      createdDate: consentVersions.createdDate,
      signatureCount: sql<number>`(select count(*)::int from collection_protocol_participant_consents s where s.consent_version_id = ${qualified(consentVersions.id)})`,
    })
    .from(consentVersions)
    .where(eq(consentVersions.consentId, id))
    .orderBy(desc(consentVersions.version));
  return rows.map((r) => ({ ...r, createdDate: r.createdDate.toISOString() }));
}

export async function createConsent(ctx: InstCtx, protocolId: number, input: ConsentInput) {
  const inst = ctx.institutionId;
  const id = await command(ctx, 'protocols.manage', async ({ db: tx }) => {
    await protocolOf(ctx, protocolId, tx);
    const who = { institutionId: inst, creatorId: ctx.account.id, enablerId: ctx.account.id };
    const [row] = await tx
      .insert(protocolConsents)
      .values({ ...who, collectionProtocolId: protocolId, title: input.title })
      .returning();
    const [version] = await tx
      .insert(consentVersions)
      .values({ ...who, consentId: row.id, version: 1, html: sanitizeConsentHtml(input.consent ?? '') })
      .returning();
    await audit(tx, ctx, {
      entity: 'collectionProtocolConsent',
      entityId: row.id,
      action: 'create',
      after: { ...row, version: 1, consent: version.html },
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
    const { before, after } = await updateStamped(
      tx,
      protocolConsents,
      scope(ctx, protocolId),
      id,
      input.concurrencyStamp,
      { title: input.title },
      'Consent',
    );
    const [latest] = await tx
      .select()
      .from(consentVersions)
      .where(eq(consentVersions.consentId, id))
      .orderBy(desc(consentVersions.version))
      .limit(1)
      .for('update');
    const html = sanitizeConsentHtml(input.consent ?? '');
    let version = latest.version;
    if (html !== latest.html) {
      const [signed] = await tx
        .select({ id: participantConsents.id })
        .from(participantConsents)
        .where(eq(participantConsents.consentVersionId, latest.id))
        .limit(1);
      if (signed) {
        version = latest.version + 1;
        await tx.insert(consentVersions).values({
          institutionId: inst,
          creatorId: ctx.account.id,
          enablerId: ctx.account.id,
          consentId: id,
          version,
          html,
        });
      } else {
        await tx.update(consentVersions).set({ html }).where(eq(consentVersions.id, latest.id));
      }
    }
    await audit(tx, ctx, {
      entity: 'collectionProtocolConsent',
      entityId: id,
      action: 'update',
      before: { ...before, version: latest.version, consent: latest.html },
      after: { ...after, version, consent: html },
    });
  });
  return getConsent(ctx, protocolId, id);
}

/** Disabled consents cannot be signed; signatures already given stay. */
export async function disableConsent(ctx: InstCtx, protocolId: number, id: number) {
  await command(ctx, 'protocols.manage', async ({ db: tx }) => {
    await protocolOf(ctx, protocolId, tx);
    const { before, after } = await setEnabled(
      tx,
      protocolConsents,
      scope(ctx, protocolId),
      id,
      false,
      ctx.account.id,
      ctx.now(),
      'Consent',
    );
    await audit(tx, ctx, { entity: 'collectionProtocolConsent', entityId: id, action: 'disable', before, after });
  });
  return getConsent(ctx, protocolId, id);
}
