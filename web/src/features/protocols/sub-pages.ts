import type { Permission } from '@contract/permissions.contract';

/**
 * A tab of the protocol or participant bar and the permission its screen needs. The bar offers only the
 * tabs the membership may open (issue 28 item 5), so a tab never leads to the no-access screen. The
 * permission is the one ROUTE_ACCESS (web/src/app/route-access.ts) gives the tab's address; a test there
 * keeps the two equal, since features do not import the app.
 */
export interface SubPage {
  label: string;
  sub: string;
  permission: Permission;
}

// spec 1 §2: the protocol sub-pages, in the spec's order ('Forms' is labelled Questionnaires).
export const PROTOCOL_SUB_PAGES: readonly SubPage[] = [
  { label: 'Overview', sub: 'overview', permission: 'protocols.read' },
  { label: 'Consents', sub: 'consents', permission: 'protocols.read' },
  { label: 'Sites', sub: 'sites', permission: 'protocols.read' },
  { label: 'Events', sub: 'events', permission: 'protocols.read' },
  { label: 'Participants', sub: 'participants', permission: 'protocols.read' },
  { label: 'Collected Samples', sub: 'collected-samples', permission: 'samples.read' },
  { label: 'Collected Questionnaires', sub: 'collected-questioners', permission: 'reports.run' },
  { label: 'Questionnaires', sub: 'collectio-protocol-forms', permission: 'protocols.read' },
  { label: 'Shipments', sub: 'shipments', permission: 'shipments.read' },
];

// spec 1 §2: inside a participant the bar shows Overview, Consents, Forms (labelled Questionnaires), Collected
// Samples; the paths are the spec's child routes.
export const PARTICIPANT_SUB_PAGES: readonly SubPage[] = [
  { label: 'Overview', sub: 'participant-overview', permission: 'protocols.read' },
  { label: 'Consents', sub: 'participant-consents', permission: 'protocols.read' },
  { label: 'Questionnaires', sub: 'participant-forms', permission: 'participants.read' },
  { label: 'Collected Samples', sub: 'collected-samples', permission: 'samples.read' },
];
