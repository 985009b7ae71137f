// drizzle-kit finds tables only as named exports: one line per registry entry.
import { LOOKUP_BY_KEY as L } from '../../../contract/lookups.registry';
import { lookupTable } from './lookup-table';

export const genders = lookupTable(L.genders);
export const maritalStatuses = lookupTable(L.maritalStatuses);
export const vitalStatuses = lookupTable(L.vitalStatuses);
export const patientTypes = lookupTable(L.patientTypes);
export const ethnicities = lookupTable(L.ethnicities);
export const races = lookupTable(L.races);
export const priorities = lookupTable(L.priorities);
export const labelingSchemas = lookupTable(L.labelingSchemas);
export const positionLabelingOptions = lookupTable(L.positionLabelingOptions);
export const anatomicSites = lookupTable(L.anatomicSites);
export const pathologicalStatuses = lookupTable(L.pathologicalStatuses);
export const specimenCollectionProcedures = lookupTable(L.specimenCollectionProcedures);
export const subSampleLineages = lookupTable(L.subSampleLineages);
export const paymentCategories = lookupTable(L.paymentCategories);
export const phoneNumberTypeCategories = lookupTable(L.phoneNumberTypeCategories);
export const phoneNumberTypes = lookupTable(L.phoneNumberTypes);
export const unitOfMeasurementTypes = lookupTable(L.unitOfMeasurementTypes);
export const unitOfMeasurements = lookupTable(L.unitOfMeasurements);
export const specimenTypeCategories = lookupTable(L.specimenTypeCategories);
export const specimenTypes = lookupTable(L.specimenTypes);
export const collectionProtocolEventUnitOfMeasurements = lookupTable(L.collectionProtocolEventUnitOfMeasurements);
export const dataTypes = lookupTable(L.dataTypes);
export const departments = lookupTable(L.departments);

export const lookupTables = {
  genders,
  maritalStatuses,
  vitalStatuses,
  patientTypes,
  ethnicities,
  races,
  priorities,
  labelingSchemas,
  positionLabelingOptions,
  anatomicSites,
  pathologicalStatuses,
  specimenCollectionProcedures,
  subSampleLineages,
  paymentCategories,
  phoneNumberTypeCategories,
  phoneNumberTypes,
  unitOfMeasurementTypes,
  unitOfMeasurements,
  specimenTypeCategories,
  specimenTypes,
  collectionProtocolEventUnitOfMeasurements,
  dataTypes,
  departments,
};
