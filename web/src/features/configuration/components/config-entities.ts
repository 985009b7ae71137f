import type { z } from 'zod';
import { isColumn, refObjectName, type LookupEntity, type LookupField } from '@contract/lookups.registry';
import { lookupInputSchema } from '@contract/lookups.schemas';
import { InstitutionInput, InstitutionUpdate, SiteInput, SiteUpdate } from '@contract/institutions.contract';
import type { RecordBase } from '@contract/common.contract';
import { MSG } from '@contract/messages';
import { en } from '@contract/i18n/en';
import type { Permission } from '@contract/permissions.contract';
import { DEFAULT_LANGUAGE } from '@contract/i18n/languages';
import { localTitle } from '@contract/lookup-titles';
import type { ConfigWords } from './config-words';

/** A record as the configuration lists return it: the common columns plus the entity's own fields. */
export type ConfigRecord = z.infer<typeof RecordBase> & { concurrencyStamp?: string } & Record<string, unknown>;

/** Labels are English (the registry's words); the screens say them through config-words.ts. */
const LABEL = en.configuration.labels;

/**
 * What the generic list and form need to know about one list. Registry lookups map to it one to one;
 * Institution Site and Institution (platform entities, not in the registry) have small hand-made ones.
 */
export interface ConfigEntity {
  /**
   * The list's registry key and query-key root; its endpoint rows follow from it (api/config-records.ts):
   * 'institutions' and 'institutionSites' are the institutions table's, any other a registry list's.
   */
  key: string;
  label: string;
  titleField?: string;
  fields: LookupField[];
  columns: LookupField[];
  /** The contract schema the create form validates with and whose output is sent. */
  schema: z.ZodType;
  /** The same for the edit form (it carries the concurrency stamp). */
  editSchema: z.ZodType;
  noEdit?: boolean;
  managePermission: Permission;
}

export function fromLookup(e: LookupEntity): ConfigEntity {
  return {
    key: e.key,
    label: e.label,
    titleField: e.titleField,
    fields: e.fields,
    noEdit: e.noEdit,
    columns: e.fields.filter((f) => isColumn(e, f)),
    schema: lookupInputSchema(e),
    editSchema: lookupInputSchema(e, { edit: true }),
    managePermission: 'configuration.manage',
  };
}

const title: LookupField = { name: 'title', label: LABEL.Title, kind: 'text', required: true, max: 200 };
const address: LookupField = { name: 'address', label: LABEL.Address, kind: 'textarea', required: true, max: 500 };
// spec 1 §5: Abbreviation at most 4 ('Abbreviation must be 4 characters or less', docs/spec-deviations.md); required for the institution only.
const abbreviation = (required: boolean): LookupField => ({
  name: 'abbreviation',
  label: LABEL.Abbreviation,
  kind: 'text',
  required,
  max: 4,
  maxMessage: MSG.abbreviation4,
});

export const SITE_ENTITY: ConfigEntity = {
  key: 'institutionSites',
  label: LABEL['Institution Site'],
  titleField: 'title',
  fields: [title, abbreviation(false), address],
  columns: [title, abbreviation(false), address],
  schema: SiteInput,
  editSchema: SiteUpdate,
  managePermission: 'sites.manage',
};

export const INSTITUTION_ENTITY: ConfigEntity = {
  key: 'institutions',
  label: LABEL.Institution,
  titleField: 'title',
  fields: [
    title,
    abbreviation(true),
    address,
    {
      name: 'localPhoneRule',
      label: en.configuration.form.localPhoneRule,
      kind: 'boolean',
      default: false,
    },
    // Issue 28 item 2 / issue 31 item 6: the institution's days. Empty on create is the server's zone.
    { name: 'timeZone', label: en.configuration.form.timeZone, kind: 'text', max: 64 },
  ],
  columns: [],
  schema: InstitutionInput,
  editSchema: InstitutionUpdate,
  managePermission: 'institutions.manage',
};

/** Every institution, for a Super Administrator: create, edit, disable and enable (issue 3). */
export const INSTITUTIONS_LIST_ENTITY: ConfigEntity = {
  ...INSTITUTION_ENTITY,
  columns: [title, abbreviation(true), address],
  managePermission: 'institutions.create',
};

/** The name a record is known by: its title field, else its references and numbers (a panel test, a range). */
/**
 * A record's title as the reader sees it: in the screens' language when the institution gave one (the lookups'
 * `titles`), else the default title. The edit form still edits the default title, with the others beside it.
 */
export function shownTitle(entity: ConfigEntity, r: ConfigRecord, language: string): string {
  const title = entity.titleField ? r[entity.titleField] : undefined;
  return title == null ? '' : localTitle(String(title), r.titles, language);
}

export function recordTitle(
  entity: ConfigEntity,
  r: ConfigRecord,
  words: Pick<ConfigWords, 'label' | 'language'> = { label: (english) => english, language: DEFAULT_LANGUAGE },
): string {
  const { label } = words;
  if (entity.titleField && r[entity.titleField]) return shownTitle(entity, r, words.language);
  const parts = entity.fields.map((f) => {
    if (f.kind === 'reference') return (r[refObjectName(f)] as { title?: string } | null)?.title;
    if (f.kind === 'number' || f.kind === 'integer')
      return r[f.name] == null ? undefined : `${label(f.label)} ${String(r[f.name])}`;
    return undefined;
  });
  return parts.filter(Boolean).join(' · ') || `#${r.id}`;
}
