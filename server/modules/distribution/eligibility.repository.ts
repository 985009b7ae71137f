import { sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { consentAllowsOf } from '../protocols';
import { researchSampleIds } from '../samples';

// Issue 32 item 2: THE eligibility rule (docs/research.md "Eligibility"). Every research step (the eligibility
// count today; the catalogue, the query builder, the pick list and requests later) asks it, never a copy.

/**
 * The ids of the institution's samples eligible for a distribution protocol needing `purposeIds`, as a
 * sub-select (`select id from collected_samples where ...`) a later query can join or test with `in`.
 * A sample is eligible while it is enabled and its donor's consent allows it: usable by the consent rules
 * every use obeys (no withdrawal in force, not collected before a re-consent keeping earlier samples
 * blocked), a signature of its enrolment in force, and every purpose in `purposeIds` granted by a signature
 * in force of that enrolment (protocols' consentAllowsOf). A withdrawal, or a re-consent whose choices
 * leave a purpose out, takes the sample out at once: the rule reads participant_purposes_now, which the
 * database's triggers recompute from the signatures in the statement that changes them (docs/research.md
 * "Eligibility").
 */
export function eligibleSamples(institutionId: number, purposeIds: readonly number[]): SQL {
  return researchSampleIds(institutionId, (sample) => eligibleSampleCondition(sample, purposeIds));
}

/**
 * THE rule as a condition on one sample's columns (outer references), for a statement that already scans the
 * institution's enabled samples itself: the query builder tests it on its own scan instead of `s.id in
 * (eligibleSamples(...))`, which made PostgreSQL scan the samples a second time and hash every eligible id (issue 32
 * item 4's benchmark, docs/performance.md "Issue 32: query builder at full size"). eligibleSamples is this condition
 * over the institution's enabled samples, so the rule is still written once.
 */
export function eligibleSampleCondition(sample: Parameters<typeof consentAllowsOf>[0], purposeIds: readonly number[]) {
  return consentAllowsOf(
    sample,
    [...new Set(purposeIds)].sort((a, b) => a - b),
  );
}

/** How many of the institution's samples are eligible now (exact; a researcher-facing count is small-cell suppressed later). */
export async function countEligibleSamples(db: Db, institutionId: number, purposeIds: readonly number[]) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${eligibleSamples(institutionId, purposeIds)}) e`,
  );
  return Number(row?.n ?? 0);
}
