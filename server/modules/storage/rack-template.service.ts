import type { PathRef, RackTemplateInput, RackTemplateResult } from '../../../contract/storage.contract';
import { command, type InstCtx } from '../../platform/context';
import { audit } from '../../platform/audit';
import { insertNode, insertNodes } from './storage.repository';
import { nodesOnPath } from './storage-scope';
import { insertBoxPositions } from './box-positions.service';
import { codeRace, newNodeValues, readNodes } from './storage.service';

/**
 * A rack of N boxes of R x C in one step (docs/storage.md "Templates"): the rack under the shelf the
 * path ends at, with the checks any new rack passes (the shelf locked, a free place, the code free,
 * the layout), then its boxes "Box 1" .. "Box N" coded 1 .. N, then all their positions, in one
 * transaction; one audit entry per record made. The contract bounds N and the positions in all.
 */
export async function createRackTemplate(
  ctx: InstCtx,
  shelfPath: PathRef[],
  input: RackTemplateInput,
): Promise<RackTemplateResult> {
  let made: { rackId: number; boxIds: number[] };
  try {
    made = await command(ctx, 'configuration.manage', async (tx) => {
      const shelf = (await nodesOnPath(tx, shelfPath, true)).at(-1)!;
      const values = await newNodeValues(tx, shelf, 'rack', input);
      const rack = await insertNode(tx.db, values);
      const count = input.boxCount ?? rack.rows * rack.columns;
      const boxes = await insertNodes(
        tx.db,
        Array.from({ length: count }, (_, i) => ({
          ...values,
          level: 'box' as const,
          parentId: rack.id,
          parentLevel: 'rack' as const,
          title: `${input.boxTitle} ${i + 1}`,
          code: String(i + 1),
          rows: input.boxRows,
          columns: input.boxColumns,
        })),
      );
      const positions = await insertBoxPositions(tx.db, boxes);
      const template = { boxes: count, boxRows: input.boxRows, boxColumns: input.boxColumns };
      await audit(tx.db, tx, {
        entity: 'storageContainer',
        entityId: rack.id,
        action: 'create',
        after: { ...rack, positions: 0, template },
      });
      for (const [i, box] of boxes.entries()) {
        await audit(tx.db, tx, {
          entity: 'storageContainer',
          entityId: box.id,
          action: 'create',
          after: { ...box, positions: positions[i] },
        });
      }
      return { rackId: rack.id, boxIds: boxes.map((b) => b.id) };
    });
  } catch (err) {
    codeRace(err, input.code);
  }
  const [rack, ...boxes] = await readNodes(ctx, [made.rackId, ...made.boxIds]);
  return { rack, boxes } as RackTemplateResult;
}
