import { indicatorEndpoints as e } from '../../../contract/indicators.endpoints';
import type { IndicatorReportDto } from '../../../contract/indicators.contract';
import type { App, AppDeps } from '../../platform/app-types';
import { router } from '../../platform/route';
import { csvDisposition, csvRecord } from '../../platform/csv';
import { wordsOf } from '../../platform/i18n';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/i18n/languages';
import * as svc from './indicators.service';

/** The report as CSV (platform/csv.ts: counts as numbers, titles and remarks as defused text): the table, an empty record, then the footer lines (parameters, generated at). */
function reportCsv(r: IndicatorReportDto, lng: LanguageCode) {
  const c = wordsOf(lng, 'indicators').columns;
  return (
    `\uFEFF${csvRecord([c.sNo, c.indicator, c.frequency, c.remark])}${r.rows.map((x) => csvRecord([x.sNo, x.indicator, x.frequency, x.remark])).join('')}` +
    `${csvRecord([])}${r.footer.map((line) => csvRecord([line])).join('')}`
  );
}

/** Breast and cervical cancer reports per date range (spec 2 §2 Reports, §9) and their editable definitions (docs/indicators.md). */
export function indicatorRoutes(app: App, deps: AppDeps) {
  const route = router(app, deps);
  // The report and its CSV count over every sample of the range: heavy reads (the replica when there is one, the
  // report budget). The definitions are a few rows that an administrator edits: the interactive pool.
  const heavy = router(app, deps, { heavyReads: true });
  heavy(e.report, async (req, ctx) => svc.runReport(ctx, req.params.report, req.query));
  heavy(e.csv, async (req, ctx, reply) => {
    const r = await svc.runReport(ctx, req.params.report, req.query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', csvDisposition(r.title, 'report'))
      .send(reportCsv(r, ctx.language ?? DEFAULT_LANGUAGE));
  });
  // The definitions answer their titles and remarks in the caller's language too (shownTitle, shownRemark).
  route(e.definitions, async (req, ctx) => svc.listDefinitions(ctx, req.params.report));
  route(e.definition, async (req, ctx) => svc.getDefinition(ctx, req.params.report, req.params.definitionId));
  route(e.updateDefinition, async (req, ctx) =>
    svc.updateDefinition(ctx, req.params.report, req.params.definitionId, req.body),
  );
}
