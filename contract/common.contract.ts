import { z } from 'zod';
import { MSG } from './messages';

/** Required trimmed text with the spec's '*required' message. */
export const requiredText = (max = 500) =>
  z.string({ error: MSG.required }).trim().min(1, MSG.required).max(max, `At most ${max} characters`);

export const optionalText = (max = 500) =>
  z.string().trim().max(max, `At most ${max} characters`).nullish().transform((v) => (v ? v : null));

/** A required id picked from a select: '*Required' (spec 1 §5). */
export const requiredId = z.coerce.number({ error: MSG.requiredSelect }).int().positive(MSG.requiredSelect);
export const optionalId = z.coerce.number().int().positive().nullish().transform((v) => v ?? null);

export const IdParam = z.object({ id: z.coerce.number().int().positive() });
export const InstParam = z.object({ instId: z.coerce.number().int().positive() });

const boolish = z
  .union([z.boolean(), z.enum(['true', 'false', 'True', 'False', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === 'True' || v === '1');

export const PAGE_SIZES = [5, 10, 15, 20, 50, 100, 200, 500, 1000] as const;
/** Server cap: the spec's PageSize=50000 fetches get at most this many rows (ARCHITECTURE §4). */
export const MAX_PAGE_SIZE = 1000;

export const PagingQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).default(10).transform((n) => Math.min(n, MAX_PAGE_SIZE)),
  searchTerm: z.string().trim().max(200).optional(),
  isEnabled: boolish.optional(),
});
export type PagingQuery = z.infer<typeof PagingQuery>;

export interface Pagination {
  TotalCount: number;
  PageSize: number;
  CurrentPage: number;
  TotalPages: number;
}

export const AccountRef = z.object({ firstName: z.string(), lastName: z.string() }).nullable();

/** Fields every stored record carries (ARCHITECTURE §4). */
export const RecordBase = z.object({
  id: z.number(),
  isEnabled: z.boolean(),
  createdDate: z.string(),
  creatorAccount: AccountRef,
  enabledDate: z.string().nullable(),
  enablerAccount: AccountRef,
});

export const Problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number(),
  detail: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type Problem = z.infer<typeof Problem>;

export const ConcurrencyStamp = z.object({ concurrencyStamp: z.string().min(1, MSG.required) });
