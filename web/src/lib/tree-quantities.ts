/**
 * The aliquot rule of a requirement tree, on the client (the server checks it again, docs/protocols.md):
 * aliquot children of one parent together may not exceed the parent's quantity; derived children are
 * new material and consume nothing. A lineage is an aliquot when it is titled "Aliquot" (any case), or its seeded
 * title in another language ("Aliquote"): a requirement's lineage is read in the screens' language.
 */
export { isAliquotTitle } from '@contract/lookup-titles';

// Sums of decimal quantities (0.1 + 0.2) must not trip the rule.
const TOLERANCE = 1e-9;
const round = (n: number) => Math.round(n * 1e6) / 1e6;

export interface PlannedItem {
  key: string;
  parentKey: string | null;
  aliquot: boolean;
  quantity: number;
}

export interface Overflow {
  parentKey: string | null;
  total: number;
  available: number;
  message: string;
}

/** The server's wording, so the user reads the same sentence before and after submitting. */
export const overflowMessage = (parent: string, total: number, available: number) =>
  `The aliquots of ${parent} need ${round(total)} together, more than its quantity of ${available}.`;

/** Each parent (null: the requirement) whose aliquot children together exceed its quantity. */
export function aliquotOverflows(root: { quantity: number; label: string }, items: PlannedItem[]): Overflow[] {
  const byKey = new Map(items.map((i) => [i.key, i]));
  const used = new Map<string | null, number>();
  for (const i of items) if (i.aliquot) used.set(i.parentKey, (used.get(i.parentKey) ?? 0) + i.quantity);
  const out: Overflow[] = [];
  for (const [parentKey, total] of used) {
    const parent = parentKey === null ? root : byKey.get(parentKey);
    if (!parent) continue;
    const available = parent.quantity;
    if (total > available + TOLERANCE) {
      out.push({
        parentKey,
        total: round(total),
        available,
        message: overflowMessage(parentKey === null ? root.label : `item ${parentKey}`, total, available),
      });
    }
  }
  return out;
}

/** What the aliquot children of a stored node use already, and what is left for a new aliquot. */
export function aliquotRoom(parentQuantity: number, children: { aliquot: boolean; quantity: number }[]) {
  const used = round(children.reduce((sum, c) => sum + (c.aliquot ? c.quantity : 0), 0));
  return { used, left: round(Math.max(0, parentQuantity - used)) };
}

/** A quantity typed in a form (number or numeric text); anything else counts as 0 until validation says so. */
export const asQuantity = (v: unknown) => {
  const n = typeof v === 'number' ? v : Number(String(v ?? '').trim());
  return Number.isFinite(n) ? n : 0;
};
