import { isAliquotTitle } from '../../../contract/lookup-titles';
import { protocolErrors } from './protocols.errors';

/** One node of a requirement tree for the quantity rule: the requirement is `root`. */
export interface TreeNode {
  ref: string;
  /** `root` for a child of the requirement. */
  parentRef: string;
  aliquot: boolean;
  quantity: number;
  unitId: number;
  label: string;
}

/**
 * Issue 12: aliquots together cannot exceed their parent's quantity (an aliquot is a part of the
 * parent); derived specimens are new material and consume nothing. Checked over the whole tree.
 */
export function assertAliquotsFit(root: { quantity: number; label: string }, nodes: TreeNode[]) {
  const byRef = new Map(nodes.map((n) => [n.ref, n]));
  const used = new Map<string, number>();
  for (const n of nodes) if (n.aliquot) used.set(n.parentRef, (used.get(n.parentRef) ?? 0) + n.quantity);
  for (const [parentRef, total] of used) {
    const parent = parentRef === 'root' ? root : byRef.get(parentRef)!;
    // A tolerance for sums of decimal quantities (0.1 + 0.2).
    if (total > parent.quantity + 1e-9)
      throw protocolErrors.aliquots_exceed(parent.label, round(total), parent.quantity);
  }
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** Lineage titles that make an item an aliquot (the lineage list is editable per institution; any language's seeded title). */
export const isAliquotLineage = isAliquotTitle;
