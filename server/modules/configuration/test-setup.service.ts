import { and, asc, eq } from 'drizzle-orm';
import type { TestSetup, TestSetupValues } from '../../../contract/test-setup.contract';
import { command, type InstCtx, requirePermission } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { setEnabled } from '../../platform/crud/stamp';
import { testAcceptedValues, testResultRanges, tests } from '../../platform/lookups/lookup.tables';
import { insertLookups, type LookupFields } from '../../platform/lookups/lookup-writes';
import type { Db } from '../../db/client';

async function testOf(db: Db, ctx: InstCtx, testId: number) {
  const [test] = await db
    .select({ id: tests.id, hasRange: tests.hasRange, hasAcceptedValue: tests.hasAcceptedValue })
    .from(tests)
    .where(and(eq(tests.id, testId), eq(tests.institutionId, ctx.institutionId)))
    .limit(1);
  if (!test) throw notFound('Test');
  return test as { id: number; hasRange: boolean; hasAcceptedValue: boolean };
}

/** The enabled range (the newest, as order placement takes it) and the enabled accepted values of a test. */
export async function getTestSetup(ctx: InstCtx, testId: number, db: Db = ctx.db): Promise<TestSetup> {
  requirePermission(ctx, 'configuration.read');
  await testOf(db, ctx, testId);
  const ranges = await db
    .select({ id: testResultRanges.id, min: testResultRanges.minimumValue, max: testResultRanges.maximumValue })
    .from(testResultRanges)
    .where(and(eq(testResultRanges.testId, testId), eq(testResultRanges.isEnabled, true)));
  const range = ranges.sort((a, b) => Number(b.id) - Number(a.id))[0];
  const values = await db
    .select({ id: testAcceptedValues.id, title: testAcceptedValues.title })
    .from(testAcceptedValues)
    .where(and(eq(testAcceptedValues.testId, testId), eq(testAcceptedValues.isEnabled, true)))
    .orderBy(asc(testAcceptedValues.id));
  return {
    range: range ? { id: Number(range.id), minimumValue: Number(range.min), maximumValue: Number(range.max) } : null,
    acceptedValues: values.map((v) => ({ id: Number(v.id), title: String(v.title) })),
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
    if (input.range && !test.hasRange)
      throw badRequest('This test has no range: tick Has Range first.', { range: ['Tick Has Range first'] });
    if (input.acceptedValues.length && !test.hasAcceptedValue) {
      throw badRequest('This test has no accepted values: tick Has Accepted Value first.', {
        acceptedValues: ['Tick Has Accepted Value first'],
      });
    }
    const scope = eq(testResultRanges.institutionId, ctx.institutionId);
    const who = { institutionId: ctx.institutionId, creatorId: ctx.account.id, enablerId: ctx.account.id };
    const disable = async (
      table: typeof testResultRanges | typeof testAcceptedValues,
      entity: string,
      id: number,
      enabled = false,
    ) => {
      const { before, after } = await setEnabled(
        tx,
        table,
        eq(table.institutionId, ctx.institutionId),
        id,
        enabled,
        ctx.account.id,
        ctx.now(),
        entity,
      );
      await audit(tx, txCtx, { entity, entityId: id, action: enabled ? 'enable' : 'disable', before, after });
    };
    const insert = async (
      table: typeof testResultRanges | typeof testAcceptedValues,
      entity: string,
      values: LookupFields,
    ) => {
      const [row] = await insertLookups(tx, table, who, [{ ...values, testId }]);
      await audit(tx, txCtx, { entity, entityId: Number(row.id), action: 'create', after: row });
    };

    const current = await getTestSetup(ctx, testId, tx);
    const sameRange =
      current.range &&
      input.range &&
      current.range.minimumValue === input.range.minimumValue &&
      current.range.maximumValue === input.range.maximumValue;
    if (!sameRange) {
      const enabled = await tx
        .select({ id: testResultRanges.id })
        .from(testResultRanges)
        .where(and(scope, eq(testResultRanges.testId, testId), eq(testResultRanges.isEnabled, true)));
      for (const r of enabled) await disable(testResultRanges, 'testResultRanges', Number(r.id));
      if (input.range)
        await insert(testResultRanges, 'testResultRanges', {
          minimumValue: input.range.minimumValue,
          maximumValue: input.range.maximumValue,
        });
    }

    const all = await tx
      .select({ id: testAcceptedValues.id, title: testAcceptedValues.title, isEnabled: testAcceptedValues.isEnabled })
      .from(testAcceptedValues)
      .where(and(eq(testAcceptedValues.institutionId, ctx.institutionId), eq(testAcceptedValues.testId, testId)));
    const wanted = new Map(input.acceptedValues.map((t) => [t.toLowerCase(), t]));
    for (const v of all) {
      const listed = wanted.has(String(v.title).toLowerCase());
      if (v.isEnabled !== listed) await disable(testAcceptedValues, 'testAcceptedValues', Number(v.id), listed);
      wanted.delete(String(v.title).toLowerCase());
    }
    // A value typed inline has only a title; abbreviation and description start as the title (spec 1 §5 requires them).
    for (const title of wanted.values()) {
      await insert(testAcceptedValues, 'testAcceptedValues', {
        title,
        abbreviation: title.slice(0, 50),
        description: title,
      });
    }
    return getTestSetup(ctx, testId, tx);
  });
}
