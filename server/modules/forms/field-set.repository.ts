import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { FieldDto, FieldKind, FieldListQuery, FieldOptionDto } from '../../../contract/forms.contract';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import { setEnabled, updateStamped } from '../../platform/crud/stamp';
import { likePattern, offsetOf } from '../../platform/paging';
import { type RecordRow, selectRecords } from '../../platform/record-refs';
import type { Page } from '../../platform/paging';
import { fieldOptions, formFields, formVersions, protocolForms } from './forms.table';
import { formErrors } from './forms.errors';
import { qualified } from '../../platform/qualified';

// The field set of a form: as it is now (live tables) or as a version was filled (frozen snapshot);
// and the editor's reads and writes of fields and options.

export type Form = typeof protocolForms.$inferSelect;
export type Field = typeof formFields.$inferSelect;
type FieldRow = typeof formFields.$inferInsert;
type OptionRow = typeof fieldOptions.$inferInsert;

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
  db: Db,
  institutionId: number,
  protocolId: number | null,
  formId: number,
  lock = false,
): Promise<Form> {
  const q = db
    .select()
    .from(protocolForms)
    .where(
      and(
        eq(protocolForms.id, formId),
        eq(protocolForms.institutionId, institutionId),
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
export async function freezeCurrentVersion(tx: Db, accountId: number, form: Form, fields: FieldDto[]) {
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
      creatorId: accountId,
      enablerId: accountId,
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

/** The field set a submission's version was filled with (empty when the version is gone). */
export async function versionFieldsById(
  db: Db,
  versionId: number,
): Promise<{ version: number; fields: FieldDto[] } | null> {
  const [row] = await db
    .select({ version: formVersions.version, fields: formVersions.fields })
    .from(formVersions)
    .where(eq(formVersions.id, versionId))
    .limit(1);
  return row ? { version: row.version, fields: row.fields as FieldDto[] } : null;
}

/** A form's fields for the editor's list: enabled ones unless `IsEnabled=false`; `SearchTerm` on the prompt. */
export function fieldList(db: Db, formId: number, q: FieldListQuery) {
  const where = and(
    eq(formFields.formId, formId),
    eq(formFields.isEnabled, q.isEnabled ?? true),
    q.searchTerm ? sql`lower(${formFields.prompt}) like ${likePattern(q.searchTerm)}` : undefined,
  );
  return fieldsPage(db, where, { limit: q.pageSize, offset: offsetOf(q) });
}

/** A field's options by ordinal: enabled ones unless `IsEnabled=false`; `SearchTerm` on the value. */
export async function optionList(db: Db, fieldId: number, q: FieldListQuery) {
  const where = and(
    eq(fieldOptions.fieldId, fieldId),
    eq(fieldOptions.isEnabled, q.isEnabled ?? true),
    q.searchTerm ? sql`lower(${fieldOptions.value}) like ${likePattern(q.searchTerm)}` : undefined,
  );
  const page = await selectRecords(db, fieldOptions, {
    where,
    orderBy: [asc(fieldOptions.ordinal), asc(fieldOptions.id)],
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return { ...page, rows: page.rows.map(toOptionDto) };
}

/** One option of a field as the API shows it. */
export async function optionDto(db: Db, fieldId: number, optionId: number) {
  const page = await selectRecords(db, fieldOptions, {
    where: and(eq(fieldOptions.id, optionId), eq(fieldOptions.fieldId, fieldId)),
    orderBy: fieldOptions.id,
    limit: 1,
  });
  return toOptionDto(page.rows[0]);
}

/** The field of this form and institution, or 404. */
export async function fieldOf(db: Db, institutionId: number, formId: number, fieldId: number): Promise<Field> {
  const [row] = await db
    .select()
    .from(formFields)
    .where(and(eq(formFields.id, fieldId), eq(formFields.formId, formId), eq(formFields.institutionId, institutionId)))
    .limit(1);
  if (!row) throw notFound('Field');
  return row;
}

/** How many enabled fields the form has. */
export async function enabledFieldCount(tx: Db, formId: number) {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(formFields)
    .where(and(eq(formFields.formId, formId), eq(formFields.isEnabled, true)));
  return n;
}

/** The form's enabled fields' ids and ordinals (the reorder's check and its audit's before). */
export const enabledFieldOrder = (tx: Db, formId: number) =>
  tx
    .select({ id: formFields.id, ordinal: formFields.ordinal })
    .from(formFields)
    .where(and(eq(formFields.formId, formId), eq(formFields.isEnabled, true)));

export async function insertField(tx: Db, values: FieldRow) {
  const [row] = await tx.insert(formFields).values(values).returning();
  return row;
}

/** Edits a field of the form, guarded by its concurrency stamp. */
export const updateField = (
  tx: Db,
  form: Form,
  fieldId: number,
  stamp: string | undefined,
  values: Partial<FieldRow>,
) =>
  updateStamped(
    tx,
    formFields,
    and(eq(formFields.formId, form.id), eq(formFields.institutionId, form.institutionId)),
    fieldId,
    stamp,
    values,
    'Field',
  );

export const disableField = (tx: Db, form: Form, fieldId: number, accountId: number, now: Date) =>
  setEnabled(
    tx,
    formFields,
    and(eq(formFields.formId, form.id), eq(formFields.institutionId, form.institutionId)),
    fieldId,
    false,
    accountId,
    now,
    'Field',
  );

export async function setFieldOrdinal(tx: Db, fieldId: number, ordinal: number) {
  await tx.update(formFields).set({ ordinal }).where(eq(formFields.id, fieldId));
}

export const enabledOptions = (tx: Db, fieldId: number) =>
  tx
    .select()
    .from(fieldOptions)
    .where(and(eq(fieldOptions.fieldId, fieldId), eq(fieldOptions.isEnabled, true)));

/** How many enabled options the field has. */
export async function enabledOptionCount(tx: Db, fieldId: number) {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(fieldOptions)
    .where(and(eq(fieldOptions.fieldId, fieldId), eq(fieldOptions.isEnabled, true)));
  return n;
}

/** Whether another enabled option of the field holds this value. */
export async function optionValueTaken(tx: Db, fieldId: number, value: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: fieldOptions.id })
    .from(fieldOptions)
    .where(
      and(
        eq(fieldOptions.fieldId, fieldId),
        eq(fieldOptions.isEnabled, true),
        eq(fieldOptions.value, value),
        exceptId ? ne(fieldOptions.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return taken !== undefined;
}

export async function insertOption(tx: Db, values: OptionRow) {
  const [row] = await tx.insert(fieldOptions).values(values).returning();
  return row;
}

export async function disableOptions(tx: Db, ids: number[], accountId: number, now: Date) {
  await tx
    .update(fieldOptions)
    .set({ isEnabled: false, enablerId: accountId, enabledDate: now })
    .where(inArray(fieldOptions.id, ids));
}

/** Edits an option of the field (`stamp` undefined: the editor's whole-list save, no stamp to check). */
export const updateOption = (
  tx: Db,
  fieldId: number,
  optionId: number,
  stamp: string | undefined,
  values: Partial<OptionRow>,
) => updateStamped(tx, fieldOptions, eq(fieldOptions.fieldId, fieldId), optionId, stamp, values, 'Option');

export const disableOption = (tx: Db, fieldId: number, optionId: number, accountId: number, now: Date) =>
  setEnabled(tx, fieldOptions, eq(fieldOptions.fieldId, fieldId), optionId, false, accountId, now, 'Option');
