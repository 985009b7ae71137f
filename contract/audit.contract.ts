import { z } from 'zod';
import { AccountRef, trimmedText } from './common.contract';

export const AuditQuery = z.object({
  entity: trimmedText(100).optional(),
  entityId: trimmedText(100).optional(),
});

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
});
export type AuditEvent = z.infer<typeof AuditEvent>;
