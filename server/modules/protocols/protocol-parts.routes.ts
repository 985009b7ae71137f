import type { App, AppDeps } from '../../platform/app-types';

/** Sites, events and requirement trees, participants and their consents: filled area by area. */
export function protocolPartRoutes(_app: App, _deps: AppDeps) {}
