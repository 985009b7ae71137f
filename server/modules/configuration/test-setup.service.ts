import type { TestSetup, TestSetupValues } from '../../../contract/test-setup.contract';
import { command, type InstCtx } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { MSG } from '../../../contract/messages';
import { configurationErrors } from './configuration.errors';
import { audit } from '../../platform/audit';
import type { LookupFields } from '../../platform/lookups/lookup-writes';
import type { Db } from '../../db/client';
import * as repo from './configuration.repository';

async function testOf(db: Db, ctx: InstCtx, testId: number) {
  const test = await repo.testKind(db, ctx.institutionId, testId);
  if (!test) throw notFound('Test');
  return test;
}

/**
 * The enabled range (the newest, as order placement takes it) and the enabled accepted values of a test.
 * The route row checks configuration.read; the save reads through here inside its own command.
 */
export async function getTestSetup(ctx: InstCtx, testId: number, db: Db = ctx.db): Promise<TestSetup> {
  await testOf(db, ctx, testId);
  const ranges = await repo.enabledRanges(db, testId);
  const range = ranges.sort((a, b) => b.id - a.id)[0];
  const values = await repo.enabledAcceptedValues(db, testId);
  return {
    range: range ? { id: range.id, minimumValue: range.min, maximumValue: range.max } : null,
    acceptedValues: values.map((v) => ({ id: v.id, title: v.title })),
  };
}

/**
 * Replaces a test's range and accepted values in one transaction, each change audited like the nested
 * lists' own create/disable/enable. Records are never deleted: a changed range is a new record.
 */
export async function setTestSetup(ctx: InstCtx, testId: number, input: TestSetupValues): Promise<TestSetup> {
  return command(ctx, 'configuration.manage', async (txCtx) => {
    const tx = txCtx.db;
    const test = await testOf(tx, ctx, testId);
    if (input.range && !test.hasRange) throw configurationErrors.no_range({ range: [MSG.tickHasRange] });
    if (input.acceptedValues.length && !test.hasAcceptedValue) {
      throw configurationErrors.no_accepted_values({
        acceptedValues: [MSG.tickHasAcceptedValue],
      });
    }
    const inst = ctx.institutionId;
    const who = { institutionId: inst, creatorId: ctx.account.id, enablerId: ctx.account.id };
    const by = { accountId: ctx.account.id, now: ctx.now() };
    const disable = async (entity: repo.TestSetupList, id: number, enabled = false) => {
      const { before, after } = await repo.setSetupRowEnabled(tx, inst, entity, id, enabled, by);
      await audit(tx, txCtx, { entity, entityId: id, action: enabled ? 'enable' : 'disable', before, after });
    };
    const insert = async (entity: repo.TestSetupList, values: LookupFields) => {
      const row = await repo.insertSetupRow(tx, entity, who, { ...values, testId });
      await audit(tx, txCtx, { entity, entityId: row.id, action: 'create', after: row });
    };

    const current = await getTestSetup(ctx, testId, tx);
    const sameRange =
      current.range &&
      input.range &&
      current.range.minimumValue === input.range.minimumValue &&
      current.range.maximumValue === input.range.maximumValue;
    if (!sameRange) {
      for (const id of await repo.enabledRangeIds(tx, inst, testId)) await disable('testResultRanges', id);
      if (input.range)
        await insert('testResultRanges', {
          minimumValue: input.range.minimumValue,
          maximumValue: input.range.maximumValue,
        });
    }

    const all = await repo.allAcceptedValues(tx, inst, testId);
    const wanted = new Map(input.acceptedValues.map((t) => [t.toLowerCase(), t]));
    for (const v of all) {
      const listed = wanted.has(v.title.toLowerCase());
      if (v.isEnabled !== listed) await disable('testAcceptedValues', v.id, listed);
      wanted.delete(v.title.toLowerCase());
    }
    // A value typed inline has only a title; abbreviation and description start as the title (spec 1 §5 requires them).
    for (const title of wanted.values()) {
      await insert('testAcceptedValues', {
        title,
        abbreviation: title.slice(0, 50),
        description: title,
      });
    }
    return getTestSetup(ctx, testId, tx);
  });
}
