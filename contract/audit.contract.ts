import { z } from 'zod';
import { AccountRef, isoDate, optionalId, trimmedText } from './common.contract';
import { MSG } from './messages';

/** A day (YYYY-MM-DD, UTC) or an instant with its offset; the web sends the bounds of local days. */
const when = z.union([isoDate, z.iso.datetime({ offset: true })], { error: MSG.invalidDate }).optional();

export const AuditQuery = z.object({
  /** Record type, e.g. 'patient' (contract/audit-labels.ts lists them). */
  entity: trimmedText(100).optional(),
  entityId: trimmedText(100).optional(),
  /** Who made the change. */
  accountId: optionalId,
  /** From this instant (a day: its start), inclusive. */
  from: when,
  /** Until this instant, exclusive (a day: through its end). */
  to: when,
});

export type AuditQuery = z.output<typeof AuditQuery>;

export const AuditEvent = z.object({
  id: z.number(),
  at: z.string(),
  account: AccountRef,
  institutionId: z.number().nullable(),
  entity: z.string(),
  entityId: z.string().nullable(),
  action: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  /** Titles of the lookup ids the event names, keyed '<list key>:<id>' (audit-labels.ts `lookup`). */
  titles: z.record(z.string(), z.string()),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

/** The result of checking an institution's audit hash chain (docs/audit.md). */
export const AuditChainReport = z.object({
  institutionId: z.number().nullable(),
  /** Chained rows checked (linked-era, sealed and not yet sealed). */
  rows: z.number(),
  /** Rows written before the chain existed: not covered. */
  legacyRows: z.number(),
  /** Blocks checked and the rows they seal (issue 30). */
  blocks: z.number(),
  sealedRows: z.number(),
  /** Rows written after the last block (the window): content checked, order and presence not yet. */
  unsealedRows: z.number(),
  /** The last sealed row and its block's hash (before any block: the linked chain's last row and hash). */
  headId: z.number().nullable(),
  headHash: z.string().nullable(),
  /** The first row where the chain breaks; null when it verifies. */
  firstBreak: z
    .object({
      id: z.number(),
      institutionId: z.number().nullable(),
      kind: z.enum(['unhashed', 'content', 'link', 'block', 'unsealed']),
      detail: z.string(),
    })
    .nullable(),
});
export type AuditChainReport = z.infer<typeof AuditChainReport>;
