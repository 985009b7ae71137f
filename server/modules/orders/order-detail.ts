import type { OrderDetail } from '../../../contract/orders.contract';
import type { InstCtx } from '../../platform/context';
import { DEFAULT_LANGUAGE } from '../../../contract/i18n/languages';
import { getOrderSummary } from './orders.service';
import { orderDetailParts } from './results.repository';

const iso = (d: Date | null) => (d instanceof Date ? d.toISOString() : null);
const who = (first: string | null, last: string | null) => (first ? { firstName: first, lastName: last ?? '' } : null);
/** A reference as the contract's Ref; a registry list's title column is typed loosely (platform/lookups). */
const ref = (id: number | null, title: unknown) =>
  id === null ? null : { id, title: typeof title === 'string' ? title : null };

/**
 * The whole test-result screen in 2 statements (no N+1): the order, then the participant with its MRNs, the panels,
 * and the tests with their accepted values, ranges, results and releases in one (results.repository.ts). With auth,
 * a detail is 3 round trips (counted in server/test/counts.test.ts).
 */
export async function getOrderDetail(ctx: InstCtx, orderId: number): Promise<OrderDetail> {
  const summary = await getOrderSummary(ctx, orderId);
  const language = ctx.language ?? DEFAULT_LANGUAGE;
  const {
    card: p,
    panels: panelRows,
    tests: testRows,
  } = await orderDetailParts(ctx.db, ctx.institutionId, orderId, summary.patientId, language);

  return {
    ...summary,
    // An order on a received sample has no participant: its subject is the donor code (summary.donorCode).
    patient: p && {
      id: p.id,
      firstName: p.firstName,
      fatherName: p.fatherName,
      grandFatherName: p.grandFatherName,
      birthDate: p.birthDate,
      gender: ref(p.genderId, p.gender),
      maritalStatus: ref(p.maritalStatusId, p.maritalStatus),
      vitalStatus: ref(p.vitalStatusId, p.vitalStatus),
    },
    patientMRNs: (p?.mrns ?? []).map((m) => ({ id: m.id, mrn: m.mrn, institutionSite: ref(m.siteId, m.site) })),
    orderedPanels: panelRows.map((op) => ({
      id: op.id,
      panelId: op.panelId,
      panel: { id: op.panelId, title: op.title },
      comment: op.comment,
      enabledDate: iso(op.enabledDate),
      orderedTests: testRows
        .filter((t) => t.panelId === op.id)
        .map((t) => ({
          id: t.id,
          testId: t.testId,
          comment: t.comment,
          concurrencyStamp: t.stamp,
          test: {
            id: t.testId,
            title: t.title,
            abbreviation: t.abbreviation,
            unitSymbol: t.unitSymbol,
            hasRange: t.hasRange,
            hasAcceptedValue: t.hasAcceptedValue,
          },
          testAcceptedValues: t.hasAcceptedValue ? t.accepted : [],
          testResultRange: t.rangeId ? { id: t.rangeId, minimumValue: t.min, maximumValue: t.max } : null,
          testResult: {
            id: t.resultId,
            result: t.result,
            flag: t.flag,
            concurrencyStamp: t.resultStamp,
            updatedDate: iso(t.updatedDate),
            updatedBy: who(t.updFirst, t.updLast),
            amended: t.amended,
          },
          testResultRelease: {
            id: t.releaseId,
            isReleased: t.isReleased,
            releasedDate: iso(t.releasedDate),
            releasedBy: who(t.relFirst, t.relLast),
          },
        })),
    })),
  };
}
