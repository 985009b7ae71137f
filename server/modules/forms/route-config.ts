// Shared by the forms route files (permissions: docs/forms.md).
export const tags = ['Questionnaires'];
export const read = { permission: 'protocols.read' as const };
export const design = { permission: 'protocols.manage' as const };
export const readAnswers = { permission: 'participants.read' as const };
export const fill = { permission: 'participants.manage' as const };
export const report = { permission: 'reports.run' as const };
export const FORM_BASE = '/api/institutions/:instId/collectionProtocols/:protocolId/collectionProtocolForms';
