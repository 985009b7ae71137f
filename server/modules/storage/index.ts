// The storage module's public surface: other modules (samples, allocation) call these, never its tables.
export { nodesOnPath, levelLabel, type NodeRow } from './storage-scope';
export { listBoxPositions } from './occupancies.read';
export { type ExportNode, exportNode, exportNodesWithAncestors, exportSamplePlaces } from './fhir-rows';
