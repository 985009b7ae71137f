import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OrderDetail } from '../../../contract/orders.contract';
import type { Db } from '../../db/client';
import type { InstCtx } from '../../platform/context';
import { prepared } from '../../platform/statement-cache';
import { notFound } from '../../platform/errors';
import { accountNames } from '../../platform/account-names';
import {
  panels,
  testAcceptedValues,
  testResultRanges,
  tests,
  unitOfMeasurements,
} from '../../platform/lookups/lookup.tables';
import { patientCard } from '../participants';
import {
  limsOrderedPanels,
  limsOrderedTestResultReleases,
  limsOrderedTestResults,
  limsOrderedTests,
} from './orders.table';
import { getOrderSummary } from './orders.service';
import { withResultJoins } from './results.repository';
import { qualified } from '../../platform/qualified';

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : null);
const who = (first: unknown, last: unknown) =>
  first ? { firstName: String(first), lastName: String(last ?? '') } : null;
const ref = (id: unknown, title: unknown) =>
  id === null || id === undefined ? null : { id: Number(id), title: (title as string) ?? null };

// The two statements of a detail, built once per database handle (statement-cache.ts): building these joins
// cost more server time than PostgreSQL needs to run them.
const orderedPanelsOf = (db: Db) =>
  db
    .select({
      id: limsOrderedPanels.id,
      panelId: limsOrderedPanels.panelId,
      title: panels.title,
      comment: limsOrderedPanels.comment,
      enabledDate: limsOrderedPanels.enabledDate,
    })
    .from(limsOrderedPanels)
    .leftJoin(panels, eq(panels.id, limsOrderedPanels.panelId))
    .where(
      and(
        eq(limsOrderedPanels.limsOrderId, sql.placeholder('orderId')),
        eq(limsOrderedPanels.institutionId, sql.placeholder('inst')),
        eq(limsOrderedPanels.isEnabled, true),
      ),
    )
    .orderBy(asc(limsOrderedPanels.id));

function orderedTestsOf(db: Db) {
  const updater = alias(accountNames, 'updater');
  const releaser = alias(accountNames, 'releaser');
  const accepted = sql<
    { id: number; title: string }[]
  >`coalesce((select json_agg(json_build_object('id', av.id, 'title', av.title) order by lower(av.title))
    from ${testAcceptedValues} av where av.test_id = ${qualified(limsOrderedTests.testId)} and av.is_enabled), '[]'::json)`;
  const q = db
    .select({
      id: limsOrderedTests.id,
      panelId: limsOrderedTests.limsOrderedPanelId,
      testId: limsOrderedTests.testId,
      comment: limsOrderedTests.comment,
      stamp: limsOrderedTests.concurrencyStamp,
      rangeId: limsOrderedTests.testResultRangeId,
      title: tests.title,
      abbreviation: tests.abbreviation,
      hasRange: tests.hasRange,
      hasAcceptedValue: tests.hasAcceptedValue,
      unitSymbol: unitOfMeasurements.unitSymbol,
      min: testResultRanges.minimumValue,
      max: testResultRanges.maximumValue,
      resultId: limsOrderedTestResults.id,
      result: limsOrderedTestResults.result,
      flag: limsOrderedTestResults.flag,
      resultStamp: limsOrderedTestResults.concurrencyStamp,
      amended: limsOrderedTestResults.amended,
      updatedDate: limsOrderedTestResults.updatedDate,
      updFirst: updater.firstName,
      updLast: updater.lastName,
      releaseId: limsOrderedTestResultReleases.id,
      isReleased: limsOrderedTestResultReleases.isReleased,
      releasedDate: limsOrderedTestResultReleases.releasedDate,
      relFirst: releaser.firstName,
      relLast: releaser.lastName,
      accepted,
    })
    .from(limsOrderedTests)
    .$dynamic();
  return withResultJoins(q)
    .leftJoin(updater, eq(updater.id, limsOrderedTestResults.updatedById))
    .leftJoin(releaser, eq(releaser.id, limsOrderedTestResultReleases.releasedById))
    .where(and(eq(limsOrderedTests.limsOrderId, sql.placeholder('orderId')), eq(limsOrderedTests.isEnabled, true)))
    .orderBy(asc(limsOrderedTests.id));
}

/**
 * The whole test-result screen in 3 statements after the order (no N+1), run at once: the
 * participant with its MRNs, the panels, and the tests with their accepted values, ranges, results
 * and releases. With auth, a detail is 5 round trips (counted in server/test/counts.test.ts).
 */
export async function getOrderDetail(ctx: InstCtx, orderId: number): Promise<OrderDetail> {
  const inst = ctx.institutionId;
  const summary = await getOrderSummary(ctx, orderId);
  if (!summary) throw notFound('Order');
  const db = ctx.db;
  const [p, panelRows, testRows] = await Promise.all([
    patientCard(db, Number(summary.patientId)),
    prepared(db, 'orders.detail.panels', true, () => orderedPanelsOf(db)).execute({ orderId, inst }),
    prepared(db, 'orders.detail.tests', true, () => orderedTestsOf(db)).execute({ orderId }),
  ]);

  return {
    ...(summary as unknown as OrderDetail),
    patient: {
      id: Number(p.id),
      firstName: String(p.firstName),
      fatherName: String(p.fatherName),
      grandFatherName: String(p.grandFatherName),
      birthDate: String(p.birthDate),
      gender: ref(p.genderId, p.gender),
      maritalStatus: ref(p.maritalStatusId, p.maritalStatus),
      vitalStatus: ref(p.vitalStatusId, p.vitalStatus),
    },
    patientMRNs: p.mrns.map((m) => ({ id: m.id, mrn: m.mrn, institutionSite: ref(m.siteId, m.site) })),
    orderedPanels: panelRows.map((op) => ({
      id: Number(op.id),
      panelId: Number(op.panelId),
      panel: { id: Number(op.panelId), title: String(op.title) },
      comment: (op.comment as string) ?? null,
      enabledDate: iso(op.enabledDate),
      orderedTests: testRows
        .filter((t) => t.panelId === op.id)
        .map((t) => ({
          id: Number(t.id),
          testId: Number(t.testId),
          comment: (t.comment as string) ?? null,
          concurrencyStamp: String(t.stamp),
          test: {
            id: Number(t.testId),
            title: String(t.title),
            abbreviation: (t.abbreviation as string) ?? null,
            unitSymbol: (t.unitSymbol as string) ?? null,
            hasRange: Boolean(t.hasRange),
            hasAcceptedValue: Boolean(t.hasAcceptedValue),
          },
          testAcceptedValues: t.hasAcceptedValue ? t.accepted : [],
          testResultRange: t.rangeId
            ? { id: Number(t.rangeId), minimumValue: Number(t.min), maximumValue: Number(t.max) }
            : null,
          testResult: {
            id: Number(t.resultId),
            result: (t.result as string) ?? null,
            flag: (t.flag as 'L' | 'H' | null) ?? null,
            concurrencyStamp: String(t.resultStamp),
            updatedDate: iso(t.updatedDate),
            updatedBy: who(t.updFirst, t.updLast),
            amended: Boolean(t.amended),
          },
          testResultRelease: {
            id: Number(t.releaseId),
            isReleased: Boolean(t.isReleased),
            releasedDate: iso(t.releasedDate),
            releasedBy: who(t.relFirst, t.relLast),
          },
        })),
    })),
  };
}
