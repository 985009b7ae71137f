import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { getTableColumns, type Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_HIDDEN_FIELDS, AUDIT_RECORD_TYPES } from '../../../contract/audit-labels';
import * as schema from '../../db/schema';
import { lookupTables } from '../../platform/lookups/lookup.tables';

// The audit log shows every record type, action and field in words (issue 28 item 7: not 'Lims ordered
// panel #31', 'Test ids: 1, 2' or 'Release rank: 0'). These checks find what a new audit call would show raw.

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}
const code = sources(join(__dirname, '../..'))
  .map((p) => readFileSync(p, 'utf8'))
  .join('\n');
const literals = (re: RegExp) => [...new Set([...code.matchAll(re)].map((m) => m[1]))];

/** The table each audited record type writes its row of (audit rows spread the row: every column may show). */
const TABLES: Record<string, Table> = {
  patient: schema.patients,
  patientMrn: schema.patientMrns,
  patientRace: schema.patientRaces,
  patientEthnicity: schema.patientEthnicities,
  patientPhoneNumber: schema.patientPhoneNumbers,
  limsOrder: schema.limsOrders,
  limsOrderedPanel: schema.limsOrderedPanels,
  collectionProtocol: schema.collectionProtocols,
  collectionProtocolConsent: schema.protocolConsents,
  collectionProtocolSite: schema.protocolSites,
  collectionProtocolEvent: schema.protocolEvents,
  eventSpecimenRequirement: schema.specimenRequirements,
  collectionProtocolParticipant: schema.protocolParticipants,
  collectionProtocolParticipantConsent: schema.participantConsents,
  collectedSample: schema.collectedSamples,
  collectionProtocolForm: schema.protocolForms,
  collectionProtocolFormField: schema.formFields,
  collectionProtocolFormFieldOption: schema.fieldOptions,
  submittedCollectionProtocolForm: schema.submittedForms,
  shipment: schema.shipments,
  shipmentItem: schema.shipmentItems,
  storageContainer: schema.storageNodes,
  storageOccupancy: schema.boxPositionOccupancies,
  indicatorDefinition: schema.indicatorDefinitions,
  institution: schema.institutions,
  institutionSite: schema.institutionSites,
  labelPrinter: schema.labelPrinters,
  importMappingTemplate: schema.importMappingTemplates,
  distributionProtocol: schema.distributionProtocols,
  researchRequest: schema.researchRequests,
};

describe('audit labels', () => {
  it('name every record type the server audits', () => {
    const entities = [...literals(/\bentity: '(\w+)'/g), ...literals(/AUDIT_ENTITY = '(\w+)'/g)];
    expect(entities.length).toBeGreaterThan(25);
    expect(entities.filter((e) => !AUDIT_RECORD_TYPES[e])).toEqual([]);
  });

  it('name every action the server audits', () => {
    const actions = literals(/\baction: '(\w+)'/g);
    expect(actions.filter((a) => !AUDIT_ACTIONS[a])).toEqual([]);
  });

  it('label every column of an audited record, or hide it', () => {
    // The configuration lists are audited too (their titles and descriptions per language included, issue 33).
    const raw = Object.entries({ ...lookupTables, ...TABLES }).flatMap(([entity, table]) =>
      Object.keys(getTableColumns(table))
        .filter((c) => !AUDIT_HIDDEN_FIELDS.has(c) && !AUDIT_RECORD_TYPES[entity].fields[c])
        .map((c) => `${entity}.${c}`),
    );
    expect(raw).toEqual([]);
  });
});
