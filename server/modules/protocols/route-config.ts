// Shared by the protocol route files.
export const tags = ['Collection protocols'];
export const read = { permission: 'protocols.read' as const };
export const manage = { permission: 'protocols.manage' as const };
export const PROTOCOL_BASE = '/api/institutions/:instId/collectionProtocols/:protocolId';
