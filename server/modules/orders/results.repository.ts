import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { testResultRanges, tests, unitOfMeasurements } from '../../platform/lookups/lookup.tables';
import { limsOrderedTestResultReleases, limsOrderedTestResults, limsOrderedTests } from './orders.table';

/**
 * A select from lims_ordered_tests joined to what a result read shows: its result and release rows
 * (exactly one each), its test and unit, and the range in force when it was ordered. Shared by the
 * order detail and the FHIR export, so both read a result the same way.
 */
export function withResultJoins<T extends PgSelect>(q: T) {
  return q
    .innerJoin(limsOrderedTestResults, eq(limsOrderedTestResults.limsOrderedTestId, limsOrderedTests.id))
    .innerJoin(
      limsOrderedTestResultReleases,
      eq(limsOrderedTestResultReleases.limsOrderedTestResultId, limsOrderedTestResults.id),
    )
    .leftJoin(tests, eq(tests.id, limsOrderedTests.testId))
    .leftJoin(unitOfMeasurements, eq(unitOfMeasurements.id, tests.unitOfMeasurementId))
    .leftJoin(testResultRanges, eq(testResultRanges.id, limsOrderedTests.testResultRangeId));
}
