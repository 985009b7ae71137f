import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { limsOrders } from './orders.table';

/**
 * An order's release rank from its release rows: 0 pending (nothing released), 1 partly, 2 released
 * (every test of its enabled panels). One aggregate on the ordered-tests index by order; every ordered
 * test has exactly one result and one release row.
 */
const rankOf = (
  orderId: number,
) => sql<number>`(select case when count(*) filter (where r.is_released) = 0 then 0 when bool_and(r.is_released) then 2 else 1 end
  from lims_ordered_tests t
  join lims_ordered_panels op on op.id = t.lims_ordered_panel_id and op.is_enabled
  join lims_ordered_test_results res on res.lims_ordered_test_id = t.id
  join lims_ordered_test_result_releases r on r.lims_ordered_test_result_id = res.id
  where t.lims_order_id = ${orderId} and t.is_enabled)`;

/**
 * Stores the order's release rank (lims_orders.release_rank) and each of its panels' has_unreleased, in
 * the transaction that changed them: every write that orders a panel or releases a result calls this, so
 * the orders list sorts and filters on an index and the unreleased panels report reads only such panels.
 */
export async function refreshReleaseRank(tx: Db, orderId: number) {
  await tx
    .update(limsOrders)
    .set({ releaseRank: rankOf(orderId) })
    .where(eq(limsOrders.id, orderId));
  await tx.execute(sql`update lims_ordered_panels op set has_unreleased = x.unreleased
    from (select p.id, exists (select 1 from lims_ordered_tests t
        join lims_ordered_test_results res on res.lims_ordered_test_id = t.id
        join lims_ordered_test_result_releases r on r.lims_ordered_test_result_id = res.id
        where t.lims_ordered_panel_id = p.id and t.is_enabled and not r.is_released) as unreleased
      from lims_ordered_panels p where p.lims_order_id = ${orderId}) x
    where op.id = x.id and op.has_unreleased <> x.unreleased`);
}
