// The institutions module's public surface: sites and institution facts other modules read.
export {
  assertSiteIds,
  enabledSitesOf,
  enabledSitesOfAnyInstitution,
  institutionAbbreviations,
  institutionExists,
  institutionRefOf,
  institutionTitleOf,
  institutionTimeZone,
  institutionTitles,
  institutionToday,
  siteInstitutionOf,
  siteJoin,
  siteTitleOf,
  siteTitles,
  usesLocalPhoneRule,
} from './institutions.repository';
