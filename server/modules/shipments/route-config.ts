// Shared by the shipment route files.
export const tags = ['Shipments'];
export const read = { permission: 'shipments.read' as const };
export const manage = { permission: 'shipments.manage' as const };
export const BASE = '/api/institutions/:instId/collectedSampleShipments';
