// The institutions module's public surface: sites and institution facts other modules read.
export {
  assertSiteIds,
  enabledSitesOf,
  enabledSitesOfAnyInstitution,
  everyInstitutionTimeZone,
  institutionAbbreviations,
  institutionExists,
  institutionRefOf,
  institutionTimeZoneOf,
  institutionTitleOf,
  institutionTitles,
  siteInstitutionOf,
  siteJoin,
  siteTitleOf,
  siteTitles,
  usesLocalPhoneRule,
} from './institutions.repository';
