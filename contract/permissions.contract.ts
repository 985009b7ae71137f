// One matrix role -> permissions (docs/permissions.md). The server enforces it on every route;
// the web reads the same table only to hide what a user may not do.
export const ROLES = [
  'Administrator',
  'Bench Scientist',
  'Clinician',
  'Coordinator',
  'Institution Administrator',
  'Principal Investigator',
  'Researcher',
  'Site Administrator',
  'Super Administrator',
  'Technician',
  'Tissue Banker',
] as const;
export type Role = (typeof ROLES)[number];
/** Roles held in one institution's membership; Super Administrator is global, an account flag (ADR 0007). */
export type InstitutionRole = Exclude<Role, 'Super Administrator'>;
export const SUPER_ADMIN: Role = 'Super Administrator';

export const PERMISSIONS = [
  'institutions.create', // a new institution: Super Administrator only
  'institutions.manage', // edit own institution
  'sites.manage',
  'accounts.read',
  'accounts.manage',
  'audit.read',
  'configuration.read',
  'configuration.manage',
  'participants.read',
  'participants.manage',
  'orders.read',
  'orders.create',
  'results.enter',
  'results.release',
  'results.amend',
  'protocols.read',
  'protocols.manage',
  'samples.read',
  'samples.collect',
  'storage.read',
  'storage.allocate',
  'shipments.read',
  'shipments.manage',
  'reports.run',
  'labels.print',
  'printer.configure',
  'distribution.read', // distribution protocols and eligibility (issue 32): administrators and researchers
  'distribution.manage',
  'catalogue.read', // the research catalogue's suppressed counts (issue 32 item 3): administrators and researchers
  'queries.read', // the query builder's counts and aggregates, saved queries (issue 32 item 4): researchers, staff
  'queries.staff', // the query builder's list of samples and its CSV: administrators and lab staff
  'requests.read', // research requests (issue 32 item 5): a Researcher its own, reviewers all of the institution
  'requests.create', // draft, edit, submit and cancel one's own request: researchers
  'requests.review', // every request of the institution; approve, reject, ask for changes (the protocol's approvers)
  'requests.fulfil', // pick (reserve) samples, file the agreement, distribute, take returns, close
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What every signed-in staff member may read inside their institution. */
const READ: Permission[] = [
  'configuration.read',
  'participants.read',
  'orders.read',
  'protocols.read',
  'samples.read',
  'storage.read',
  'shipments.read',
];
/** Lab staff's query builder: counts, aggregates, saved queries, and the list of samples with its CSV. */
const QUERIES_STAFF: Permission[] = ['queries.read', 'queries.staff'];
/** Who reviews research requests (decides only as a named approver of the protocol). */
const REQUESTS_REVIEW: Permission[] = ['requests.read', 'requests.review'];
const ALL_IN_INSTITUTION = PERMISSIONS.filter((p) => p !== 'institutions.create');

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  'Super Administrator': PERMISSIONS,
  Administrator: ALL_IN_INSTITUTION,
  'Institution Administrator': ALL_IN_INSTITUTION,
  'Site Administrator': [
    ...READ,
    'sites.manage',
    'configuration.manage',
    'accounts.read',
    'audit.read',
    'participants.manage',
    'reports.run',
    'labels.print',
    'printer.configure',
  ],
  'Principal Investigator': [
    ...READ,
    'protocols.manage',
    'participants.manage',
    'orders.create',
    'samples.collect',
    'shipments.manage',
    'reports.run',
    'labels.print',
    ...REQUESTS_REVIEW,
  ],
  Coordinator: [
    ...READ,
    'protocols.manage',
    'participants.manage',
    'orders.create',
    'samples.collect',
    'shipments.manage',
    'reports.run',
    'labels.print',
    ...REQUESTS_REVIEW,
  ],
  Clinician: [...READ, 'participants.manage', 'orders.create', 'reports.run', 'labels.print'],
  // A bench scientist signs results out; a technician enters them but does not release.
  'Bench Scientist': [
    ...READ,
    'results.enter',
    'results.release',
    'results.amend',
    'samples.collect',
    'storage.allocate',
    'reports.run',
    'labels.print',
    ...QUERIES_STAFF,
  ],
  Technician: [...READ, 'results.enter', 'samples.collect', 'storage.allocate', 'labels.print', ...QUERIES_STAFF],
  'Tissue Banker': [
    ...READ,
    'samples.collect',
    'storage.allocate',
    'shipments.manage',
    'labels.print',
    ...QUERIES_STAFF,
    ...REQUESTS_REVIEW,
    'requests.fulfil',
  ],
  // Reads and runs reports, changes nothing; asks the query builder for counts only (never a list of samples).
  // Asks for samples under a distribution protocol and follows its own requests (issue 32 item 5).
  Researcher: [
    ...READ,
    'reports.run',
    'distribution.read',
    'catalogue.read',
    'queries.read',
    'requests.read',
    'requests.create',
  ],
};

export function permissionsOf(roles: readonly string[]): Permission[] {
  const set = new Set<Permission>();
  for (const r of roles) for (const p of ROLE_PERMISSIONS[r as Role] ?? []) set.add(p);
  return PERMISSIONS.filter((p) => set.has(p));
}
