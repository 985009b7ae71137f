// drizzle-kit finds tables only as named exports: one line per registry entry.
import { LOOKUP_BY_KEY as L } from '../../../contract/lookups.registry';
import { lookupTable, type LookupTable } from './lookup-table';

export const panels = lookupTable(L.panels);
export const tests = lookupTable(L.tests);
export const panelTests = lookupTable(L.panelTests);
export const testAcceptedValues = lookupTable(L.testAcceptedValues);
export const testResultRanges = lookupTable(L.testResultRanges);
export const limsOrderCommentTypes = lookupTable(L.limsOrderCommentTypes);
export const departments = lookupTable(L.departments);
export const ethnicities = lookupTable(L.ethnicities);
export const genders = lookupTable(L.genders);
export const subSampleLineages = lookupTable(L.subSampleLineages);
export const labelingSchemas = lookupTable(L.labelingSchemas);
export const maritalStatuses = lookupTable(L.maritalStatuses);
export const patientTypes = lookupTable(L.patientTypes);
export const positionLabelingOptions = lookupTable(L.positionLabelingOptions);
export const priorities = lookupTable(L.priorities);
export const races = lookupTable(L.races);
export const consentPurposes = lookupTable(L.consentPurposes);
export const specimenTypeCategories = lookupTable(L.specimenTypeCategories);
export const specimenTypes = lookupTable(L.specimenTypes);
export const unitOfMeasurements = lookupTable(L.unitOfMeasurements);
export const unitOfMeasurementTypes = lookupTable(L.unitOfMeasurementTypes);
export const vitalStatuses = lookupTable(L.vitalStatuses);
export const anatomicSites = lookupTable(L.anatomicSites);
export const pathologicalStatuses = lookupTable(L.pathologicalStatuses);
export const specimenCollectionProcedures = lookupTable(L.specimenCollectionProcedures);
export const collectionProtocolEventUnitOfMeasurements = lookupTable(L.collectionProtocolEventUnitOfMeasurements);
export const paymentCategories = lookupTable(L.paymentCategories);
export const phoneNumberTypeCategories = lookupTable(L.phoneNumberTypeCategories);
export const phoneNumberTypes = lookupTable(L.phoneNumberTypes);
export const dataTypes = lookupTable(L.dataTypes);
export const serviceLocations = lookupTable(L.serviceLocations);
export const facilities = lookupTable(L.facilities);
export const buildings = lookupTable(L.buildings);
export const floors = lookupTable(L.floors);
export const wings = lookupTable(L.wings);
export const rooms = lookupTable(L.rooms);
export const devices = lookupTable(L.devices);
export const shelfs = lookupTable(L.shelfs);
export const positions = lookupTable(L.positions);

/** Every registry table by its key (a test checks none is missing); one table type for all (lookup-table.ts). */
export const lookupTables: Record<string, LookupTable> = {
  panels,
  tests,
  panelTests,
  testAcceptedValues,
  testResultRanges,
  limsOrderCommentTypes,
  departments,
  ethnicities,
  genders,
  subSampleLineages,
  labelingSchemas,
  maritalStatuses,
  patientTypes,
  positionLabelingOptions,
  priorities,
  races,
  consentPurposes,
  specimenTypeCategories,
  specimenTypes,
  unitOfMeasurements,
  unitOfMeasurementTypes,
  vitalStatuses,
  anatomicSites,
  pathologicalStatuses,
  specimenCollectionProcedures,
  collectionProtocolEventUnitOfMeasurements,
  paymentCategories,
  phoneNumberTypeCategories,
  phoneNumberTypes,
  dataTypes,
  serviceLocations,
  facilities,
  buildings,
  floors,
  wings,
  rooms,
  devices,
  shelfs,
  positions,
};
