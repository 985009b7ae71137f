// The storage module's public surface: other modules (samples, allocation) call these, never its tables.
export { nodesOnPath, levelLabel, type NodeRow } from './storage-scope';
export { storedLabelsOf } from './occupancy-reads.service';
export { vacateForShipment } from './allocation.service';
export {
  type ExportNode,
  exportNode,
  exportNodesAboveSamplesJson,
  exportNodesWithAncestors,
  exportSamplePlaces,
  exportSamplePlacesQuery,
} from './fhir.repository';
export { createStorageRows, storeAtPosition } from './storage-import.service';
/** Issue 32 item 3: whether a sample is stored now, for the research catalogue's storage-state counts. */
export { isStoredOf } from './research.repository';
