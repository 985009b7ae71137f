import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FormInput, FormListQuery, FormUpdate, FormWithFields } from '../../../contract/forms.contract';
import { command, type InstCtx, requirePermission } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { setEnabled, updateStamped } from '../../platform/crud/stamp';
import type { Db } from '../../db/client';
import { protocolOf, protocolTitleOf } from '../protocols';
import { formVersions, protocolForms } from './forms.table';
import { formOf, liveFields, versionFields } from './field-set';
import { qualified } from '../../platform/qualified';

const extra = {
  protocolTitle: protocolTitleOf(qualified(protocolForms.collectionProtocolId)),
  currentVersionLocked: sql<boolean>`exists(select 1 from collection_protocol_form_versions v
    where v.form_id = ${qualified(protocolForms.id)} and v.version = ${qualified(protocolForms.currentVersion)})`,
};

type Row = Awaited<ReturnType<typeof selectForms>>['rows'][number];
const toDto = ({ protocolTitle, institutionId: _i, ...r }: Row) => ({
  ...r,
  collectionProtocol: { id: r.collectionProtocolId, title: protocolTitle },
});

function selectForms(db: Db, where: SQL | undefined, page?: { limit: number; offset: number }) {
  return selectRecords(db, protocolForms, { where, byId: { desc: true }, ...page, extra });
}

/**
 * The questionnaires of one protocol, or (protocolId null) of every protocol of the institution
 * (the `forms` screen); newest first, searched by name.
 */
export async function listForms(ctx: InstCtx, protocolId: number | null, q: FormListQuery) {
  requirePermission(ctx, 'protocols.read');
  if (protocolId !== null) await protocolOf(ctx, protocolId);
  const byProtocol = protocolId ?? q.collectionProtocolId;
  const parts: (SQL | undefined)[] = [eq(protocolForms.institutionId, ctx.institutionId)];
  if (byProtocol) parts.push(eq(protocolForms.collectionProtocolId, byProtocol));
  parts.push(eq(protocolForms.isEnabled, q.isEnabled ?? true));
  if (q.searchTerm) parts.push(sql`lower(${protocolForms.name}) like ${likePattern(q.searchTerm)}`);
  const page = await selectForms(ctx.db, and(...parts), { limit: q.pageSize, offset: offsetOf(q) });
  return { ...page, rows: page.rows.map(toDto) };
}

async function formDto(ctx: InstCtx, protocolId: number, id: number, db: Db = ctx.db) {
  const page = await selectForms(
    db,
    and(
      eq(protocolForms.id, id),
      eq(protocolForms.institutionId, ctx.institutionId),
      eq(protocolForms.collectionProtocolId, protocolId),
    ),
  );
  if (!page.rows[0]) throw notFound('Questionnaire');
  return toDto(page.rows[0]);
}

/** A form with its fields as they are now, or (`version`) as that version was filled. */
export async function getForm(ctx: InstCtx, protocolId: number, id: number, version?: number): Promise<FormWithFields> {
  requirePermission(ctx, 'protocols.read');
  await protocolOf(ctx, protocolId);
  const form = await formDto(ctx, protocolId, id);
  const fields = version === undefined ? await liveFields(ctx.db, id) : await versionFields(ctx.db, id, version);
  return { ...form, version: version ?? form.currentVersion, fields };
}

/** The versions that were filled, newest first, with how many submissions each holds. */
export async function listVersions(ctx: InstCtx, protocolId: number, id: number) {
  requirePermission(ctx, 'protocols.read');
  await formOf(ctx, protocolId, id);
  const rows = await ctx.db
    .select({
      version: formVersions.version,
      createdDate: formVersions.createdDate,
      submissionCount: sql<number>`(select count(*)::int from submitted_collection_protocol_forms s where s.version_id = ${qualified(formVersions.id)})`,
    })
    .from(formVersions)
    .where(eq(formVersions.formId, id))
    .orderBy(desc(formVersions.version));
  return rows.map((r) => ({ ...r, createdDate: r.createdDate.toISOString() }));
}

const formValues = (input: FormInput) => ({ name: input.name, description: input.description || null });

export async function createForm(ctx: InstCtx, protocolId: number, input: FormInput) {
  const inst = ctx.institutionId;
  const id = await command(ctx, 'protocols.manage', async ({ db: tx }) => {
    await protocolOf(ctx, protocolId, tx);
    const [row] = await tx
      .insert(protocolForms)
      .values({
        ...formValues(input),
        institutionId: inst,
        collectionProtocolId: protocolId,
        creatorId: ctx.account.id,
        enablerId: ctx.account.id,
      })
      .returning();
    await audit(tx, ctx, { entity: 'collectionProtocolForm', entityId: row.id, action: 'create', after: row });
    return row.id;
  });
  return formDto(ctx, protocolId, id);
}

/** Name and description only: they are not part of a version (a filled form shows the current name). */
export async function updateForm(ctx: InstCtx, protocolId: number, id: number, input: FormUpdate) {
  await command(ctx, 'protocols.manage', async ({ db: tx }) => {
    await protocolOf(ctx, protocolId, tx);
    const scope = and(
      eq(protocolForms.institutionId, ctx.institutionId),
      eq(protocolForms.collectionProtocolId, protocolId),
    );
    const { before, after } = await updateStamped(
      tx,
      protocolForms,
      scope,
      id,
      input.concurrencyStamp,
      formValues(input),
      'Questionnaire',
    );
    await audit(tx, ctx, { entity: 'collectionProtocolForm', entityId: id, action: 'update', before, after });
  });
  return formDto(ctx, protocolId, id);
}

/** A disabled form leaves the lists and cannot be filled; its submissions stay. */
export async function disableForm(ctx: InstCtx, protocolId: number, id: number) {
  await command(ctx, 'protocols.manage', async ({ db: tx }) => {
    await protocolOf(ctx, protocolId, tx);
    const scope = and(
      eq(protocolForms.institutionId, ctx.institutionId),
      eq(protocolForms.collectionProtocolId, protocolId),
    );
    const { before, after } = await setEnabled(
      tx,
      protocolForms,
      scope,
      id,
      false,
      ctx.account.id,
      ctx.now(),
      'Questionnaire',
    );
    await audit(tx, ctx, { entity: 'collectionProtocolForm', entityId: id, action: 'disable', before, after });
  });
  return formDto(ctx, protocolId, id);
}
