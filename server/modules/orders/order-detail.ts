import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OrderDetail } from '../../../contract/orders.contract';
import { type Ctx, instOf } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { accounts } from '../accounts/accounts.table';
import { genders, maritalStatuses, panels, testAcceptedValues, testResultRanges, tests, unitOfMeasurements, vitalStatuses } from '../configuration/lookup.tables';
import { institutionSites } from '../institutions/institutions.table';
import { patientMrns, patients } from '../participants/participants.table';
import { limsOrderedPanels, limsOrderedTestResultReleases, limsOrderedTestResults, limsOrderedTests } from './orders.table';
import { getOrderSummary } from './orders.service';

type Row = Record<string, unknown>;
const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : null);
const who = (first: unknown, last: unknown) => (first ? { firstName: String(first), lastName: String(last ?? '') } : null);
const ref = (id: unknown, title: unknown) => (id === null || id === undefined ? null : { id: Number(id), title: (title as string) ?? null });

/**
 * The whole test-result screen in four queries (no N+1), the last three at once: the order; the
 * participant with its MRNs; the panels; the tests with accepted values, ranges, results and releases.
 */
export async function getOrderDetail(ctx: Ctx, orderId: number): Promise<OrderDetail> {
  const inst = instOf(ctx);
  const summary = await getOrderSummary(ctx, orderId);
  if (!summary) throw notFound('Order');
  const db = ctx.db;
  const patientId = Number(summary.patientId);
  const updater = alias(accounts, 'updater');
  const releaser = alias(accounts, 'releaser');
  // Three queries at once after the order (which checks the institution): the participant with its
  // MRNs, the panels, and the tests with their results, releases and accepted values.
  const [[p], panelRows, testRows] = await Promise.all([
    db.select({
      id: patients.id, firstName: patients.firstName, fatherName: patients.fatherName, grandFatherName: patients.grandFatherName, birthDate: patients.birthDate,
      genderId: patients.genderId, gender: genders.title, maritalStatusId: patients.maritalStatusId, maritalStatus: maritalStatuses.title,
      vitalStatusId: patients.vitalStatusId, vitalStatus: vitalStatuses.title,
      // Qualified by hand: Drizzle renders columns unqualified inside sql``, which would bind to the sub-select's tables.
      mrns: sql<{ id: number; mrn: string; siteId: number | null; site: string | null }[] | null>`(select json_agg(json_build_object('id', m.id, 'mrn', m.mrn, 'siteId', m.institution_site_id, 'site', s.title) order by m.id)
        from ${patientMrns} m left join ${institutionSites} s on s.id = m.institution_site_id where m.patient_id = "patients"."id" and m.is_enabled)`,
    }).from(patients)
      .leftJoin(genders, eq(genders.id, patients.genderId))
      .leftJoin(maritalStatuses, eq(maritalStatuses.id, patients.maritalStatusId))
      .leftJoin(vitalStatuses, eq(vitalStatuses.id, patients.vitalStatusId))
      .where(eq(patients.id, patientId)) as Promise<Row[]>,
    db.select({ id: limsOrderedPanels.id, panelId: limsOrderedPanels.panelId, title: panels.title, comment: limsOrderedPanels.comment, enabledDate: limsOrderedPanels.enabledDate })
      .from(limsOrderedPanels).leftJoin(panels, eq(panels.id, limsOrderedPanels.panelId))
      .where(and(eq(limsOrderedPanels.limsOrderId, orderId), eq(limsOrderedPanels.institutionId, inst), eq(limsOrderedPanels.isEnabled, true)))
      .orderBy(asc(limsOrderedPanels.id)) as Promise<Row[]>,
    db.select({
      id: limsOrderedTests.id, panelId: limsOrderedTests.limsOrderedPanelId, testId: limsOrderedTests.testId, comment: limsOrderedTests.comment,
      stamp: limsOrderedTests.concurrencyStamp, rangeId: limsOrderedTests.testResultRangeId,
      title: tests.title, abbreviation: tests.abbreviation, hasRange: tests.hasRange, hasAcceptedValue: tests.hasAcceptedValue, unitSymbol: unitOfMeasurements.unitSymbol,
      min: testResultRanges.minimumValue, max: testResultRanges.maximumValue,
      resultId: limsOrderedTestResults.id, result: limsOrderedTestResults.result, flag: limsOrderedTestResults.flag, resultStamp: limsOrderedTestResults.concurrencyStamp,
      amended: limsOrderedTestResults.amended, updatedDate: limsOrderedTestResults.updatedDate, updFirst: updater.firstName, updLast: updater.lastName,
      releaseId: limsOrderedTestResultReleases.id, isReleased: limsOrderedTestResultReleases.isReleased, releasedDate: limsOrderedTestResultReleases.releasedDate,
      relFirst: releaser.firstName, relLast: releaser.lastName,
      accepted: sql<{ id: number; title: string }[] | null>`(select json_agg(json_build_object('id', v.id, 'title', v.title) order by lower(v.title))
        from ${testAcceptedValues} v where v.test_id = "lims_ordered_tests"."test_id" and v.is_enabled)`,
    }).from(limsOrderedTests)
      .leftJoin(tests, eq(tests.id, limsOrderedTests.testId))
      .leftJoin(unitOfMeasurements, eq(unitOfMeasurements.id, tests.unitOfMeasurementId))
      .leftJoin(testResultRanges, eq(testResultRanges.id, limsOrderedTests.testResultRangeId))
      .innerJoin(limsOrderedTestResults, eq(limsOrderedTestResults.limsOrderedTestId, limsOrderedTests.id))
      .innerJoin(limsOrderedTestResultReleases, eq(limsOrderedTestResultReleases.limsOrderedTestResultId, limsOrderedTestResults.id))
      .leftJoin(updater, eq(updater.id, limsOrderedTestResults.updatedById))
      .leftJoin(releaser, eq(releaser.id, limsOrderedTestResultReleases.releasedById))
      .where(and(eq(limsOrderedTests.limsOrderId, orderId), eq(limsOrderedTests.isEnabled, true)))
      .orderBy(asc(limsOrderedTests.id)) as Promise<Row[]>,
  ]);
  const mrns = (p.mrns ?? []) as { id: number; mrn: string; siteId: number | null; site: string | null }[];

  return {
    ...(summary as unknown as OrderDetail),
    patient: {
      id: Number(p.id), firstName: String(p.firstName), fatherName: String(p.fatherName), grandFatherName: String(p.grandFatherName), birthDate: String(p.birthDate),
      gender: ref(p.genderId, p.gender), maritalStatus: ref(p.maritalStatusId, p.maritalStatus), vitalStatus: ref(p.vitalStatusId, p.vitalStatus),
    },
    patientMRNs: mrns.map((m) => ({ id: m.id, mrn: m.mrn, institutionSite: ref(m.siteId, m.site) })),
    orderedPanels: panelRows.map((op) => ({
      id: Number(op.id), panelId: Number(op.panelId), panel: { id: Number(op.panelId), title: String(op.title) }, comment: (op.comment as string) ?? null,
      enabledDate: iso(op.enabledDate),
      orderedTests: testRows.filter((t) => t.panelId === op.id).map((t) => ({
        id: Number(t.id), testId: Number(t.testId), comment: (t.comment as string) ?? null, concurrencyStamp: String(t.stamp),
        test: { id: Number(t.testId), title: String(t.title), abbreviation: (t.abbreviation as string) ?? null, unitSymbol: (t.unitSymbol as string) ?? null, hasRange: Boolean(t.hasRange), hasAcceptedValue: Boolean(t.hasAcceptedValue) },
        testAcceptedValues: t.hasAcceptedValue ? ((t.accepted ?? []) as { id: number; title: string }[]).map((a) => ({ id: Number(a.id), title: String(a.title) })) : [],
        testResultRange: t.rangeId ? { id: Number(t.rangeId), minimumValue: Number(t.min), maximumValue: Number(t.max) } : null,
        testResult: { id: Number(t.resultId), result: (t.result as string) ?? null, flag: (t.flag as 'L' | 'H' | null) ?? null, concurrencyStamp: String(t.resultStamp), updatedDate: iso(t.updatedDate), updatedBy: who(t.updFirst, t.updLast), amended: Boolean(t.amended) },
        testResultRelease: { id: Number(t.releaseId), isReleased: Boolean(t.isReleased), releasedDate: iso(t.releasedDate), releasedBy: who(t.relFirst, t.relLast) },
      })),
    })),
  };
}
