import type {
  FormInput,
  FormListQuery,
  FormShareableInput,
  FormUpdate,
  FormWithFields,
} from '../../../contract/forms.contract';
import { command, type InstCtx } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { protocolOf } from '../protocols';
import {
  disableForm as disableFormRow,
  formRecord,
  formVersionList,
  formsPage,
  insertForm,
  updateForm as updateFormRow,
} from './forms.repository';
import { formOf, liveFields, versionFields } from './field-set.repository';

// The reads' permission (protocols.read) is checked by their route rows in the path's institution.

/**
 * The questionnaires of one protocol, or (protocolId null) of every protocol of the institution
 * (the `forms` screen); newest first, searched by name.
 */
export async function listForms(ctx: InstCtx, protocolId: number | null, q: FormListQuery) {
  if (protocolId !== null) await protocolOf(ctx, protocolId);
  return formsPage(ctx.db, ctx.institutionId, protocolId ?? q.collectionProtocolId, q);
}

async function formDto(ctx: InstCtx, protocolId: number, id: number) {
  const form = await formRecord(ctx.db, ctx.institutionId, protocolId, id);
  if (!form) throw notFound('Questionnaire');
  return form;
}

/** A form with its fields as they are now, or (`version`) as that version was filled. */
export async function getForm(ctx: InstCtx, protocolId: number, id: number, version?: number): Promise<FormWithFields> {
  await protocolOf(ctx, protocolId);
  const form = await formDto(ctx, protocolId, id);
  const fields = version === undefined ? await liveFields(ctx.db, id) : await versionFields(ctx.db, id, version);
  return { ...form, version: version ?? form.currentVersion, fields };
}

/** The versions that were filled, newest first, with how many submissions each holds. */
export async function listVersions(ctx: InstCtx, protocolId: number, id: number) {
  await formOf(ctx.db, ctx.institutionId, protocolId, id);
  return formVersionList(ctx.db, id);
}

const formValues = (input: FormInput) => ({ name: input.name, description: input.description || null });

export async function createForm(ctx: InstCtx, protocolId: number, input: FormInput) {
  const id = await command(ctx, 'protocols.manage', async (tx) => {
    await protocolOf(tx, protocolId);
    const row = await insertForm(tx.db, {
      ...formValues(input),
      institutionId: tx.institutionId,
      collectionProtocolId: protocolId,
      creatorId: tx.account.id,
      enablerId: tx.account.id,
    });
    await audit(tx.db, tx, { entity: 'collectionProtocolForm', entityId: row.id, action: 'create', after: row });
    return row.id;
  });
  return formDto(ctx, protocolId, id);
}

/** Name and description only: they are not part of a version (a filled form shows the current name). */
export async function updateForm(ctx: InstCtx, protocolId: number, id: number, input: FormUpdate) {
  await command(ctx, 'protocols.manage', async (tx) => {
    await protocolOf(tx, protocolId);
    const { before, after } = await updateFormRow(
      tx.db,
      tx.institutionId,
      protocolId,
      id,
      input.concurrencyStamp,
      formValues(input),
    );
    await audit(tx.db, tx, { entity: 'collectionProtocolForm', entityId: id, action: 'update', before, after });
  });
  return formDto(ctx, protocolId, id);
}

/**
 * Whether the research catalogue counts the form's list answers (issue 32 item 3): the administrators'
 * decision (distribution.manage), with the stamp, audited. A disabled form is never counted, whatever its flag.
 */
export async function setFormShareable(ctx: InstCtx, protocolId: number, id: number, input: FormShareableInput) {
  await command(ctx, 'distribution.manage', async (tx) => {
    await protocolOf(tx, protocolId);
    const { before, after } = await updateFormRow(tx.db, tx.institutionId, protocolId, id, input.concurrencyStamp, {
      shareable: input.shareable,
    });
    await audit(tx.db, tx, { entity: 'collectionProtocolForm', entityId: id, action: 'update', before, after });
  });
  return formDto(ctx, protocolId, id);
}

/** A disabled form leaves the lists and cannot be filled; its submissions stay. */
export async function disableForm(ctx: InstCtx, protocolId: number, id: number) {
  await command(ctx, 'protocols.manage', async (tx) => {
    await protocolOf(tx, protocolId);
    const { before, after } = await disableFormRow(tx.db, tx.institutionId, protocolId, id, tx.account.id, tx.now());
    await audit(tx.db, tx, { entity: 'collectionProtocolForm', entityId: id, action: 'disable', before, after });
  });
  return formDto(ctx, protocolId, id);
}
