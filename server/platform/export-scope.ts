import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** An id given as a value, or as a placeholder of a statement prepared once and run with values (fhir.repository.ts). */
export type IdParam = number | Placeholder;

/**
 * Which rows an export reads (docs/fhir.md): records by id, of some participants or of some protocols,
 * always of one institution; `limit` bounds the rows one statement may return (a bundle asks for one
 * more than it accepts, to tell "too many" without reading them all).
 */
export interface ExportScope {
  ids?: IdParam[];
  patientIds?: IdParam[];
  protocolIds?: IdParam[];
  /** Records whose id is in this sub-select (ids another read of the same statement decides, e.g. a participant's enrolments' protocols). */
  idsIn?: SQL;
  limit: number;
}

/** The WHERE of an export read: the institution and every list given (an empty list matches nothing). */
export function exportWhere(
  institutionId: IdParam,
  scope: ExportScope,
  cols: { institutionId: AnyPgColumn; id: AnyPgColumn; patientId?: AnyPgColumn; protocolId?: AnyPgColumn },
): SQL {
  const parts: (SQL | undefined)[] = [eq(cols.institutionId, institutionId)];
  const list = (col: AnyPgColumn | undefined, ids: IdParam[] | undefined, name: string) => {
    if (ids === undefined) return;
    if (!col) throw new Error(`this export cannot be scoped by ${name}`);
    parts.push(inArray(col, ids.length ? ids : [0]));
  };
  list(cols.id, scope.ids, 'ids');
  list(cols.patientId, scope.patientIds, 'patientIds');
  list(cols.protocolId, scope.protocolIds, 'protocolIds');
  if (scope.idsIn) parts.push(sql`${cols.id} in (${scope.idsIn})`);
  return and(...parts)!;
}
