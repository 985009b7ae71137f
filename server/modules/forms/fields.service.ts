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
import { assertLookupIds } from '../../platform/lookups/lookup-refs';
import type { Db } from '../../db/client';
import { protocolOf } from '../protocols';
import { formErrors } from './forms.errors';
import {
  type Field,
  type Form,
  disableField as disableFieldRow,
  disableOption as disableOptionRow,
  disableOptions,
  enabledFieldCount,
  enabledFieldOrder,
  enabledOptionCount,
  enabledOptions,
  fieldOf,
  fieldsById,
  formOf,
  insertField,
  insertOption,
  liveFields,
  optionDto,
  optionValueTaken,
  setFieldOrdinal,
  updateField as updateFieldRow,
  updateOption as updateOptionRow,
  versionForChange,
} from './field-set.repository';
import { MSG } from '../../../contract/messages';

// The form editor (spec 2 §2, §5, §7 "Form editor"). Every change locks the form, so changes and
// submissions of one form are decided one after the other, and runs versionForChange first.

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
    const form = await formOf(tx, ctx.institutionId, protocolId, formId, true);
    return work(tx, form, await versionForChange(tx, form));
  });
}

async function fieldDto(ctx: InstCtx, fieldId: number) {
  const [f] = await fieldsById(ctx.db, [fieldId]);
  return f;
}

/** The data type's abbreviation, which picks the field's editor and answer rules. */
async function kindOf(tx: Db, ctx: InstCtx, dataTypeId: number, previous?: number): Promise<FieldKind> {
  const rows = await assertLookupIds(tx, ctx.institutionId, [
    { key: 'dataTypes', id: dataTypeId, field: 'dataTypeId', label: 'Data type', previous },
  ]);
  const abbreviation = String(rows.dataTypeId.abbreviation ?? '').toUpperCase();
  if (!(FIELD_KINDS as readonly string[]).includes(abbreviation))
    throw formErrors.data_type_unknown(abbreviation || '(none)', {
      dataTypeId: [MSG.noFieldEditor],
    });
  return abbreviation as FieldKind;
}

/** The stored columns of a field from the editor's input, with the spec's defaults for its kind. */
function fieldValues(kind: FieldKind, input: FieldSave) {
  const list = LIST_KINDS.includes(kind);
  if (!list && input.options?.length) throw formErrors.options_not_list({ options: [MSG.onlyListOptions] });
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

/** Spec 2 §9: a new field's ordinal is the form's field count + 1 unless the editor gives one. */
export async function createField(ctx: InstCtx, protocolId: number, formId: number, input: FieldCreateData) {
  const id = await changeFields(ctx, protocolId, formId, async (tx, form, version) => {
    const kind = await kindOf(tx, ctx, input.dataTypeId);
    const values = fieldValues(kind, input);
    const n = await enabledFieldCount(tx, form.id);
    const who = { institutionId: form.institutionId, creatorId: ctx.account.id, enablerId: ctx.account.id };
    const row = await insertField(tx, {
      ...who,
      ...values,
      formId: form.id,
      dataTypeId: input.dataTypeId,
      kind,
      ordinal: input.ordinal ?? n + 1,
    });
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
    const current = await fieldOf(tx, ctx.institutionId, form.id, fieldId);
    if (input.dataTypeId !== current.dataTypeId) throw formErrors.data_type_change({ dataTypeId: [MSG.keepsDataType] });
    const values = fieldValues(current.kind as FieldKind, input);
    const { before, after } = await updateFieldRow(tx, form, fieldId, input.concurrencyStamp, {
      ...values,
      ordinal: input.ordinal ?? current.ordinal,
    });
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
    if (list.length) throw formErrors.options_not_list({ options: [MSG.onlyListOptions] });
    return [];
  }
  const existing = await enabledOptions(tx, field.id);
  const byId = new Map(existing.map((o) => [o.id, o]));
  for (const o of list)
    if (o.id !== undefined && !byId.has(o.id))
      throw formErrors.option_unknown(o.id, { options: [MSG.optionNotInField] });
  const kept = new Set(list.map((o) => o.id ?? 0));
  const dropped = existing.filter((o) => !kept.has(o.id)).map((o) => o.id);
  if (dropped.length) await disableOptions(tx, dropped, ctx.account.id, ctx.now());
  const who = { institutionId: field.institutionId, creatorId: ctx.account.id, enablerId: ctx.account.id };
  const saved = [];
  for (const [i, o] of list.entries()) {
    const values = { value: o.value, ordinal: o.ordinal ?? i, selected: Boolean(o.selected) };
    if (o.id === undefined) saved.push(await insertOption(tx, { ...who, ...values, fieldId: field.id }));
    else saved.push((await updateOptionRow(tx, field.id, o.id, undefined, values)).after);
  }
  return saved;
}

export async function disableField(ctx: InstCtx, protocolId: number, formId: number, fieldId: number) {
  await changeFields(ctx, protocolId, formId, async (tx, form, version) => {
    const { before, after } = await disableFieldRow(tx, form, fieldId, ctx.account.id, ctx.now());
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
    const ids = input.fieldIds;
    const enabled = await enabledFieldOrder(tx, form.id);
    const known = new Set(enabled.map((f) => f.id));
    if (new Set(ids).size !== ids.length || ids.length !== enabled.length || ids.some((id) => !known.has(id)))
      throw formErrors.order_mismatch({ fieldIds: [MSG.listEnabledFieldsOnce] });
    for (const [i, id] of ids.entries()) await setFieldOrdinal(tx, id, i + 1);
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
  if (await optionValueTaken(tx, fieldId, value, exceptId))
    throw formErrors.option_taken(value, { value: [MSG.optionInField] });
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
    const field = await fieldOf(tx, ctx.institutionId, form.id, fieldId);
    if (!LIST_KINDS.includes(field.kind as FieldKind)) throw formErrors.options_not_list();
    if (!field.isEnabled) throw notFound('Field');
    await assertValueFree(tx, field.id, input.value);
    const n = await enabledOptionCount(tx, field.id);
    const row = await insertOption(tx, {
      institutionId: form.institutionId,
      creatorId: ctx.account.id,
      enablerId: ctx.account.id,
      fieldId: field.id,
      value: input.value,
      ordinal: input.ordinal ?? n,
      selected: Boolean(input.selected),
    });
    await audit(tx, ctx, {
      entity: 'collectionProtocolFormFieldOption',
      entityId: row.id,
      action: 'create',
      after: { ...row, version },
    });
    return row.id;
  });
  return optionDto(ctx.db, fieldId, id);
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
    const field = await fieldOf(tx, ctx.institutionId, form.id, fieldId);
    await assertValueFree(tx, field.id, input.value, optionId);
    const values = { value: input.value, ordinal: input.ordinal, selected: Boolean(input.selected) };
    const { before, after } = await updateOptionRow(tx, field.id, optionId, input.concurrencyStamp, values);
    await audit(tx, ctx, {
      entity: 'collectionProtocolFormFieldOption',
      entityId: optionId,
      action: 'update',
      before,
      after: { ...after, version },
    });
  });
  return optionDto(ctx.db, fieldId, optionId);
}

export async function disableOption(
  ctx: InstCtx,
  protocolId: number,
  formId: number,
  fieldId: number,
  optionId: number,
) {
  await changeFields(ctx, protocolId, formId, async (tx, form, version) => {
    const field = await fieldOf(tx, ctx.institutionId, form.id, fieldId);
    const { before, after } = await disableOptionRow(tx, field.id, optionId, ctx.account.id, ctx.now());
    await audit(tx, ctx, {
      entity: 'collectionProtocolFormFieldOption',
      entityId: optionId,
      action: 'disable',
      before,
      after: { ...after, version },
    });
  });
  return optionDto(ctx.db, fieldId, optionId);
}
