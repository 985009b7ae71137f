import type { Catalogue } from '@contract/i18n/catalogues';
import type { Permission } from '@contract/permissions.contract';

/**
 * A tab of the protocol or participant bar and the permission its screen needs. The bar offers only the
 * tabs the membership may open (issue 28 item 5), so a tab never leads to the no-access screen. The
 * permission is the one ROUTE_ACCESS (web/src/app/route-access.ts) gives the tab's address; a test there
 * keeps the two equal, since features do not import the app.
 */
export interface SubPage {
  /** The tab's name in the `protocols` namespace (`tabs.<key>`). */
  tab: keyof Catalogue['protocols']['tabs'];
  sub: string;
  permission: Permission;
}

// spec 1 §2: the protocol sub-pages, in the spec's order ('Forms' is labelled Questionnaires).
export const PROTOCOL_SUB_PAGES: readonly SubPage[] = [
  { tab: 'overview', sub: 'overview', permission: 'protocols.read' },
  { tab: 'consents', sub: 'consents', permission: 'protocols.read' },
  { tab: 'sites', sub: 'sites', permission: 'protocols.read' },
  { tab: 'events', sub: 'events', permission: 'protocols.read' },
  { tab: 'participants', sub: 'participants', permission: 'protocols.read' },
  { tab: 'collectedSamples', sub: 'collected-samples', permission: 'samples.read' },
  { tab: 'collectedQuestionnaires', sub: 'collected-questioners', permission: 'reports.run' },
  { tab: 'questionnaires', sub: 'collectio-protocol-forms', permission: 'protocols.read' },
  { tab: 'shipments', sub: 'shipments', permission: 'shipments.read' },
];

// spec 1 §2: inside a participant the bar shows Overview, Consents, Forms (labelled Questionnaires), Collected
// Samples; the paths are the spec's child routes.
export const PARTICIPANT_SUB_PAGES: readonly SubPage[] = [
  { tab: 'overview', sub: 'participant-overview', permission: 'protocols.read' },
  { tab: 'consents', sub: 'participant-consents', permission: 'protocols.read' },
  { tab: 'questionnaires', sub: 'participant-forms', permission: 'participants.read' },
  { tab: 'collectedSamples', sub: 'collected-samples', permission: 'samples.read' },
];
