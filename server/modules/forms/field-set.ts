import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FieldDto, FieldKind, FieldOptionDto } from '../../../contract/forms.contract';
import type { Db } from '../../db/client';
import { type InstCtx } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { type RecordRow, selectRecords } from '../../platform/record-refs';
import type { Page } from '../../platform/paging';
import { fieldOptions, formFields, formVersions, protocolForms } from './forms.table';
import { formErrors } from './forms.errors';
import { qualified } from '../../platform/qualified';

// The field set of a form: as it is now (live tables) or as a version was filled (frozen snapshot).

type Form = typeof protocolForms.$inferSelect;

const dataTypeTitle = sql<
  string | null
>`(select d.title from data_types d where d.id = ${qualified(formFields.dataTypeId)})`;

/** The form's enabled fields by ordinal with their enabled options, as the API shows them. */
export const liveFields = (db: Db, formId: number) =>
  fieldsWhere(db, and(eq(formFields.formId, formId), eq(formFields.isEnabled, true)));
/** Fields by id, enabled or not (the answer to an edit or a disable). */
export const fieldsById = (db: Db, ids: number[]) => fieldsWhere(db, inArray(formFields.id, ids));

const fieldsWhere = async (db: Db, where: SQL | undefined): Promise<FieldDto[]> => (await fieldsPage(db, where)).rows;

/** Fields by ordinal with their enabled options; `page` makes it a list (a page and its capped total). */
export async function fieldsPage(
  db: Db,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
): Promise<Page<FieldDto>> {
  const fields = await selectRecords(db, formFields, {
    where,
    orderBy: [asc(formFields.ordinal), asc(formFields.id)],
    extra: { dataTypeTitle },
    ...page,
  });
  const ids = fields.rows.map((f) => f.id);
  const options = ids.length
    ? (
        await selectRecords(db, fieldOptions, {
          where: and(inArray(fieldOptions.fieldId, ids), eq(fieldOptions.isEnabled, true)),
          orderBy: [asc(fieldOptions.ordinal), asc(fieldOptions.id)],
        })
      ).rows
    : [];
  return {
    ...fields,
    rows: fields.rows.map((f) => {
      const { formId, kind, dataTypeTitle: title, institutionId: _i, ...rest } = f;
      return {
        ...rest,
        collectionProtocolFormId: formId,
        dataType: { id: f.dataTypeId, title, abbreviation: kind as FieldKind },
        orientation: f.orientation as FieldDto['orientation'],
        verticalView: f.orientation === 'vertical',
        horizontalView: f.orientation === 'horizontal',
        options: options.filter((o) => o.fieldId === f.id).map(toOptionDto),
      };
    }),
  };
}

/** An option row as the API shows it. */
export const toOptionDto = ({ fieldId, institutionId: _o, ...o }: RecordRow<typeof fieldOptions>): FieldOptionDto => ({
  ...o,
  collectionProtocolFormFieldId: fieldId,
});

/** The form of this protocol and institution (`lock`: held for the rest of the transaction), or 404. */
export async function formOf(
  ctx: InstCtx,
  protocolId: number | null,
  formId: number,
  db: Db = ctx.db,
  lock = false,
): Promise<Form> {
  const q = db
    .select()
    .from(protocolForms)
    .where(
      and(
        eq(protocolForms.id, formId),
        eq(protocolForms.institutionId, ctx.institutionId),
        protocolId === null ? undefined : eq(protocolForms.collectionProtocolId, protocolId),
      ),
    )
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Questionnaire');
  return row;
}

/**
 * Called (with the form locked) before any change to its fields or options: when the current
 * version has been filled, the change starts the next version; the filled one stays as frozen.
 * Returns the version the change belongs to.
 */
export async function versionForChange(tx: Db, form: Form): Promise<number> {
  const [frozen] = await tx
    .select({ id: formVersions.id })
    .from(formVersions)
    .where(and(eq(formVersions.formId, form.id), eq(formVersions.version, form.currentVersion)))
    .limit(1);
  if (!frozen) return form.currentVersion;
  const next = form.currentVersion + 1;
  await tx.update(protocolForms).set({ currentVersion: next }).where(eq(protocolForms.id, form.id));
  return next;
}

/** The frozen row of the form's current version, made from the live field set on first use (form locked). */
export async function freezeCurrentVersion(ctx: InstCtx, tx: Db, form: Form, fields: FieldDto[]) {
  const [frozen] = await tx
    .select({ id: formVersions.id })
    .from(formVersions)
    .where(and(eq(formVersions.formId, form.id), eq(formVersions.version, form.currentVersion)))
    .limit(1);
  if (frozen) return frozen.id;
  const [row] = await tx
    .insert(formVersions)
    .values({
      institutionId: form.institutionId,
      creatorId: ctx.account.id,
      enablerId: ctx.account.id,
      formId: form.id,
      version: form.currentVersion,
      fields,
    })
    .returning({ id: formVersions.id });
  return row.id;
}

/** The field set a version was filled with. */
export async function versionFields(db: Db, formId: number, version: number): Promise<FieldDto[]> {
  const [row] = await db
    .select({ fields: formVersions.fields })
    .from(formVersions)
    .where(and(eq(formVersions.formId, formId), eq(formVersions.version, version)))
    .limit(1);
  if (!row) throw formErrors.no_version(version);
  return row.fields as FieldDto[];
}
