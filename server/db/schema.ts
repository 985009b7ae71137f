// Every table, for drizzle-kit and for code that needs the whole schema.
export * from '../modules/accounts/accounts.table';
export * from '../modules/auth/auth.table';
export * from '../modules/institutions/institutions.table';
export * from '../platform/audit.table';
export * from '../platform/lookups/lookup.tables';
export * from '../modules/labels/labels.table';
export * from '../modules/participants/participants.table';
export * from '../modules/orders/orders.table';
export * from '../modules/protocols/protocols.table';
export * from '../modules/storage/storage.table';
export * from '../modules/samples/samples.table';
export * from '../modules/forms/forms.table';
export * from '../modules/shipments/shipments.table';
export * from '../modules/indicators/indicators.table';
export * from '../modules/reports/reports.table';
export * from '../modules/imports/mapping-templates.table';
export * from '../modules/partners/partners.table';
