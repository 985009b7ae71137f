import { z } from 'zod';
import { MSG } from './messages';
import { ConcurrencyStamp, Id, RecordBase, requiredText, trimmedText } from './common.contract';

const abbreviation = trimmedText(4, MSG.abbreviation4);
/** A time zone the runtime knows by its IANA name ('UTC', 'Africa/Addis_Ababa'). */
export const isTimeZone = (name: string) => {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone.length > 0;
  } catch {
    return false;
  }
};
const timeZone = trimmedText(64).refine(isTimeZone, MSG.notTimeZone);

// spec 1 §5: Institution Title, Address required; Abbreviation required, at most 4.
export const InstitutionInput = z.object({
  title: requiredText(200),
  abbreviation: abbreviation.min(1, MSG.required),
  address: requiredText(500),
  /** spec 1 §5 local phone rule (starts with 09, 10 digits) for participants' phone numbers. */
  localPhoneRule: z.boolean().optional(),
  /** IANA time zone (Africa/Addis_Ababa); absent keeps the current one (a new institution: the server's zone, LIMS_DEFAULT_TIME_ZONE). */
  timeZone: z
    .union([timeZone, z.literal('')])
    .optional()
    .transform((v) => v || undefined),
});
export type InstitutionInput = z.output<typeof InstitutionInput>;
export const InstitutionUpdate = InstitutionInput.extend({
  id: Id.optional(),
  ...ConcurrencyStamp.shape,
});
export type InstitutionUpdate = z.output<typeof InstitutionUpdate>;

export const Institution = RecordBase.extend({
  title: z.string(),
  abbreviation: z.string(),
  address: z.string(),
  localPhoneRule: z.boolean(),
  timeZone: z.string(),
  concurrencyStamp: z.string(),
});
export type Institution = z.infer<typeof Institution>;

// spec 1 §5: Institution Site Title, Address required; Abbreviation at most 4, optional.
export const SiteInput = z.object({
  title: requiredText(200),
  abbreviation: abbreviation.nullish().transform((v) => v || null),
  address: requiredText(500),
  institutionId: Id.optional(),
});
export type SiteInput = z.output<typeof SiteInput>;
export const SiteUpdate = SiteInput.extend(ConcurrencyStamp.shape);
export type SiteUpdate = z.output<typeof SiteUpdate>;

export const Site = RecordBase.extend({
  title: z.string(),
  abbreviation: z.string().nullable(),
  address: z.string(),
  institutionId: z.number(),
  concurrencyStamp: z.string(),
});
export type Site = z.infer<typeof Site>;
