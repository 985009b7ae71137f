import { and, count, eq, inArray, ne } from 'drizzle-orm';
import {
  DEFAULT_PLACEHOLDER,
  FIELD_KINDS,
  type FieldCreateData,
  type FieldKind,
  type FieldOrderInput,
  type FieldSave,
  type FieldUpdateData,
  LIST_KINDS,
  type OptionInput,
  type OptionUpdate,
  TEXT_KINDS,
} from '../../../contract/forms.contract';
import { command, type InstCtx } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { setEnabled, updateStamped } from '../../platform/crud/stamp';
import { selectRecords } from '../../platform/record-refs';
import { assertLookupIds } from '../../platform/lookups/lookup-refs';
import type { Db } from '../../db/client';
import { protocolOf } from '../protocols';
import type { protocolForms } from './forms.table';
import { fieldOptions, formFields } from './forms.table';
import { formErrors } from './forms.errors';
import { fieldsById, formOf, liveFields, toOptionDto, versionForChange } from './field-set';

// The form editor (spec 2 §2, §5, §7 "Form editor"). Every change locks the form, so changes and
// submissions of one form are decided one after the other, and runs versionForChange first.

type Field = typeof formFields.$inferSelect;
type Form = typeof protocolForms.$inferSelect;
type Option = NonNullable<FieldSave['options']>[number];

/** Runs a change of the form's field set in one transaction with the form locked. */
async function changeFields<T>(
  ctx: InstCtx,
  protocolId: number,
  formId: number,
  work: (tx: Db, form: Form, version: number) => Promise<T>,
) {
  return command(ctx, 'protocols.manage', async ({ db: tx }) => {
    await protocolOf(ctx, protocolId, tx);
    const form = await formOf(ctx, protocolId, formId, tx, true);
    return work(tx, form, await versionForChange(tx, form));
  });
}

async function fieldDto(ctx: InstCtx, fieldId: number) {
  const [f] = await fieldsById(ctx.db, [fieldId]);
  return f;
}

/** The field of this form and institution, or 404. */
export async function fieldOf(tx: Db, ctx: InstCtx, formId: number, fieldId: number) {
  const [row] = await tx
    .select()
    .from(formFields)
    .where(
      and(eq(formFields.id, fieldId), eq(formFields.formId, formId), eq(formFields.institutionId, ctx.institutionId)),
    )
    .limit(1);
  if (!row) throw notFound('Field');
  return row;
}

/** The data type's abbreviation, which picks the field's editor and answer rules. */
async function kindOf(tx: Db, ctx: InstCtx, dataTypeId: number, previous?: number): Promise<FieldKind> {
  const rows = await assertLookupIds(tx, ctx.institutionId, [
    { key: 'dataTypes', id: dataTypeId, field: 'dataTypeId', label: 'Data type', previous },
  ]);
  const abbreviation = String(rows.dataTypeId.abbreviation ?? '').toUpperCase();
  if (!(FIELD_KINDS as readonly string[]).includes(abbreviation))
    throw formErrors.data_type_unknown(abbreviation || '(none)', {
      dataTypeId: ['This data type has no field editor'],
    });
  return abbreviation as FieldKind;
}

/** The stored columns of a field from the editor's input, with the spec's defaults for its kind. */
function fieldValues(kind: FieldKind, input: FieldSave) {
  const list = LIST_KINDS.includes(kind);
  if (!list && input.options?.length) throw formErrors.options_not_list({ options: ['Only list fields have options'] });
  const orientation =
    kind === 'CBL' || kind === 'RL'
      ? (input.orientation ?? (input.horizontalView === true ? 'horizontal' : 'vertical'))
      : null;
  const text = (v: string | null | undefined) => v || null;
  return {
    name: text(input.name),
    prompt: input.prompt,
    responseTitle: input.responseTitle,
    placeholder: TEXT_KINDS.includes(kind) ? (text(input.placeholder) ?? DEFAULT_PLACEHOLDER) : text(input.placeholder),
    onNewLine: Boolean(input.onNewLine),
    required: Boolean(input.required),
    requiredMessage: input.required ? text(input.requiredMessage) : null,
    hasValidation: Boolean(input.hasValidation),
    regularExpression: input.hasValidation ? text(input.regularExpression) : null,
    regularExpressionMessage: input.hasValidation ? text(input.regularExpressionMessage) : null,
    orientation,
  };
}

const enabledOptions = (tx: Db, fieldId: number) =>
  tx
    .select()
    .from(fieldOptions)
    .where(and(eq(fieldOptions.fieldId, fieldId), eq(fieldOptions.isEnabled, true)));

/** Spec 2 §9: a new field's ordinal is the form's field count + 1 unless the editor gives one. */
export async function createField(ctx: InstCtx, protocolId: number, formId: number, input: FieldCreateData) {
  const id = await changeFields(ctx, protocolId, formId, async (tx, form, version) => {
    const kind = await kindOf(tx, ctx, input.dataTypeId);
    const values = fieldValues(kind, input);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(formFields)
      .where(and(eq(formFields.formId, form.id), eq(formFields.isEnabled, true)));
    const who = { institutionId: form.institutionId, creatorId: ctx.account.id, enablerId: ctx.account.id };
    const [row] = await tx
      .insert(formFields)
      .values({
        ...who,
        ...values,
        formId: form.id,
        dataTypeId: input.dataTypeId,
        kind,
        ordinal: input.ordinal ?? n + 1,
      })
      .returning();
    const options = await saveOptions(tx, ctx, row, input.options ?? []);
    await audit(tx, ctx, {
      entity: 'collectionProtocolFormField',
      entityId: row.id,
      action: 'create',
      after: { ...row, options, version },
    });
    return row.id;
  });
  return fieldDto(ctx, id);
}

/**
 * Edits a field and, when `options` is given, makes its enabled options exactly that list in that
 * order (with an id: edited; without: added; left out: disabled), all in one transaction.
 */
export async function updateField(
  ctx: InstCtx,
  protocolId: number,
  formId: number,
  fieldId: number,
  input: FieldUpdateData,
) {
  await changeFields(ctx, protocolId, formId, async (tx, form, version) => {
    const current = await fieldOf(tx, ctx, form.id, fieldId);
    if (input.dataTypeId !== current.dataTypeId)
      throw formErrors.data_type_change({ dataTypeId: ['A field keeps its data type'] });
    const values = fieldValues(current.kind as FieldKind, input);
    const scope = and(eq(formFields.formId, form.id), eq(formFields.institutionId, form.institutionId));
    const { before, after } = await updateStamped(
      tx,
      formFields,
      scope,
      fieldId,
      input.concurrencyStamp,
      { ...values, ordinal: input.ordinal ?? current.ordinal },
      'Field',
    );
    const options = input.options === undefined ? undefined : await saveOptions(tx, ctx, current, input.options);
    await audit(tx, ctx, {
      entity: 'collectionProtocolFormField',
      entityId: fieldId,
      action: 'update',
      before,
      after: { ...after, ...(options ? { options } : {}), version },
    });
  });
  return fieldDto(ctx, fieldId);
}

/** The field's enabled options become `list` (the contract already refused a value listed twice). */
async function saveOptions(tx: Db, ctx: InstCtx, field: Field, list: Option[]) {
  if (!LIST_KINDS.includes(field.kind as FieldKind)) {
    if (list.length) throw formErrors.options_not_list({ options: ['Only list fields have options'] });
    return [];
  }
  const existing = await enabledOptions(tx, field.id);
  const byId = new Map(existing.map((o) => [o.id, o]));
  for (const o of list)
    if (o.id !== undefined && !byId.has(o.id))
      throw formErrors.option_unknown(o.id, { options: ['An option is not in this field'] });
  const kept = new Set(list.map((o) => o.id ?? 0));
  const dropped = existing.filter((o) => !kept.has(o.id)).map((o) => o.id);
  if (dropped.length)
    await tx
      .update(fieldOptions)
      .set({ isEnabled: false, enablerId: ctx.account.id, enabledDate: ctx.now() })
      .where(inArray(fieldOptions.id, dropped));
  const who = { institutionId: field.institutionId, creatorId: ctx.account.id, enablerId: ctx.account.id };
  const saved = [];
  for (const [i, o] of list.entries()) {
    const values = { value: o.value, ordinal: o.ordinal ?? i, selected: Boolean(o.selected) };
    if (o.id === undefined)
      saved.push(
        (
          await tx
            .insert(fieldOptions)
            .values({ ...who, ...values, fieldId: field.id })
            .returning()
        )[0],
      );
    else
      saved.push(
        (await updateStamped(tx, fieldOptions, eq(fieldOptions.fieldId, field.id), o.id, undefined, values, 'Option'))
          .after,
      );
  }
  return saved;
}

export async function disableField(ctx: InstCtx, protocolId: number, formId: number, fieldId: number) {
  await changeFields(ctx, protocolId, formId, async (tx, form, version) => {
    const { before, after } = await setEnabled(
      tx,
      formFields,
      and(eq(formFields.formId, form.id), eq(formFields.institutionId, form.institutionId)),
      fieldId,
      false,
      ctx.account.id,
      ctx.now(),
      'Field',
    );
    await audit(tx, ctx, {
      entity: 'collectionProtocolFormField',
      entityId: fieldId,
      action: 'disable',
      before,
      after: { ...after, version },
    });
  });
  return fieldDto(ctx, fieldId);
}

/** New ordinals 1..n in the order given; the list must name every enabled field once. */
export async function reorderFields(ctx: InstCtx, protocolId: number, formId: number, input: FieldOrderInput) {
  await changeFields(ctx, protocolId, formId, async (tx, form, version) => {
    const ids = input.fieldIds.map(Number);
    const enabled = await tx
      .select({ id: formFields.id, ordinal: formFields.ordinal })
      .from(formFields)
      .where(and(eq(formFields.formId, form.id), eq(formFields.isEnabled, true)));
    const known = new Set(enabled.map((f) => f.id));
    if (new Set(ids).size !== ids.length || ids.length !== enabled.length || ids.some((id) => !known.has(id)))
      throw formErrors.order_mismatch({ fieldIds: ['List every enabled field once'] });
    for (const [i, id] of ids.entries())
      await tx
        .update(formFields)
        .set({ ordinal: i + 1 })
        .where(eq(formFields.id, id));
    await audit(tx, ctx, {
      entity: 'collectionProtocolForm',
      entityId: form.id,
      action: 'reorder',
      before: enabled,
      after: { fieldIds: ids, version },
    });
  });
  return liveFields(ctx.db, formId);
}

async function assertValueFree(tx: Db, fieldId: number, value: string, exceptId?: number) {
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
  if (taken) throw formErrors.option_taken(value, { value: ['This option is already in the field'] });
}

/** Spec 2 §9: a new option's ordinal is the field's option count unless given. */
export async function createOption(
  ctx: InstCtx,
  protocolId: number,
  formId: number,
  fieldId: number,
  input: OptionInput,
) {
  const id = await changeFields(ctx, protocolId, formId, async (tx, form, version) => {
    const field = await fieldOf(tx, ctx, form.id, fieldId);
    if (!LIST_KINDS.includes(field.kind as FieldKind)) throw formErrors.options_not_list();
    if (!field.isEnabled) throw notFound('Field');
    await assertValueFree(tx, field.id, input.value);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(fieldOptions)
      .where(and(eq(fieldOptions.fieldId, field.id), eq(fieldOptions.isEnabled, true)));
    const [row] = await tx
      .insert(fieldOptions)
      .values({
        institutionId: form.institutionId,
        creatorId: ctx.account.id,
        enablerId: ctx.account.id,
        fieldId: field.id,
        value: input.value,
        ordinal: input.ordinal ?? n,
        selected: Boolean(input.selected),
      })
      .returning();
    await audit(tx, ctx, {
      entity: 'collectionProtocolFormFieldOption',
      entityId: row.id,
      action: 'create',
      after: { ...row, version },
    });
    return row.id;
  });
  return optionDto(ctx, fieldId, id);
}

export async function updateOption(
  ctx: InstCtx,
  protocolId: number,
  formId: number,
  fieldId: number,
  optionId: number,
  input: OptionUpdate,
) {
  await changeFields(ctx, protocolId, formId, async (tx, form, version) => {
    const field = await fieldOf(tx, ctx, form.id, fieldId);
    await assertValueFree(tx, field.id, input.value, optionId);
    const values = { value: input.value, ordinal: input.ordinal, selected: Boolean(input.selected) };
    const { before, after } = await updateStamped(
      tx,
      fieldOptions,
      eq(fieldOptions.fieldId, field.id),
      optionId,
      input.concurrencyStamp,
      values,
      'Option',
    );
    await audit(tx, ctx, {
      entity: 'collectionProtocolFormFieldOption',
      entityId: optionId,
      action: 'update',
      before,
      after: { ...after, version },
    });
  });
  return optionDto(ctx, fieldId, optionId);
}

export async function disableOption(
  ctx: InstCtx,
  protocolId: number,
  formId: number,
  fieldId: number,
  optionId: number,
) {
  await changeFields(ctx, protocolId, formId, async (tx, form, version) => {
    const field = await fieldOf(tx, ctx, form.id, fieldId);
    const { before, after } = await setEnabled(
      tx,
      fieldOptions,
      eq(fieldOptions.fieldId, field.id),
      optionId,
      false,
      ctx.account.id,
      ctx.now(),
      'Option',
    );
    await audit(tx, ctx, {
      entity: 'collectionProtocolFormFieldOption',
      entityId: optionId,
      action: 'disable',
      before,
      after: { ...after, version },
    });
  });
  return optionDto(ctx, fieldId, optionId);
}

async function optionDto(ctx: InstCtx, fieldId: number, optionId: number) {
  const page = await selectRecords(ctx.db, fieldOptions, {
    where: and(eq(fieldOptions.id, optionId), eq(fieldOptions.fieldId, fieldId)),
    orderBy: fieldOptions.id,
    limit: 1,
  });
  return toOptionDto(page.rows[0]);
}
