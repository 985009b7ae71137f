// Shared by the indicators route file (permissions: docs/indicators.md).
export const tags = ['Screening indicator reports'];
export const read = { permission: 'reports.run' as const };
export const edit = { permission: 'protocols.manage' as const };
export const BASE = '/api/institutions/:instId/indicators';
