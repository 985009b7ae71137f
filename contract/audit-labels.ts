// The audit log in plain words (issue 11): every record type the server audits, its fields and its
// actions, declared once. The audit route resolves `lookup` ids to titles; the web shows the labels.
// A new audited record type or field is added here, never shown by its table or column name.
import { descriptionField, LOOKUPS } from './lookups.registry';
import { en } from './i18n/en';

export interface AuditField {
  label: string;
  /** The list whose titles the ids stand for: a lookups.registry key, or SITES. */
  lookup?: string;
  /** The value is a list of child rows: each is shown by this field (its title when `lookup` is set). */
  item?: string;
}

export interface AuditRecordType {
  label: string;
  fields: Record<string, AuditField>;
}

/** Institution sites are not a configuration list, but participants and orders point at them. */
export const SITES = 'institutionSites';

const f = (label: string, lookup?: string, item?: string): AuditField => ({
  label,
  ...(lookup ? { lookup } : {}),
  ...(item ? { item } : {}),
});
const site = f('Site', SITES);
const enabled = f('Enabled');

const participantFields = {
  firstName: f('First name'),
  fatherName: f("Father's name"),
  grandFatherName: f("Grandfather's name"),
  birthDate: f('Birth date'),
  birthTime: f('Birth time'),
  deathDate: f('Death date'),
  socialSecurityNumber: f('Social security number'),
  externalSubjectId: f('External subject ID'),
  patientTypeId: f('Participant type', 'patientTypes'),
  genderId: f('Gender', 'genders'),
  maritalStatusId: f('Marital status', 'maritalStatuses'),
  vitalStatusId: f('Vital status', 'vitalStatuses'),
  institutionSiteId: site,
  isEnabled: enabled,
  // A registration's children, written with it.
  mrns: f('MRNs', undefined, 'mrn'),
  phones: f('Phone numbers', undefined, 'phoneNumber'),
  races: f('Races', 'races', 'raceId'),
  ethnicities: f('Ethnicities', 'ethnicities', 'ethnicityId'),
};

const fixed: Record<string, AuditRecordType> = {
  patient: { label: 'Participant', fields: participantFields },
  patientMrn: {
    label: 'Participant MRN',
    fields: { mrn: f('MRN'), institutionSiteId: site, patientId: f('Participant'), isEnabled: enabled },
  },
  patientRace: {
    label: 'Participant race',
    fields: { raceId: f('Race', 'races'), patientId: f('Participant'), institutionSiteId: site, isEnabled: enabled },
  },
  patientEthnicity: {
    label: 'Participant ethnicity',
    fields: {
      ethnicityId: f('Ethnicity', 'ethnicities'),
      patientId: f('Participant'),
      institutionSiteId: site,
      isEnabled: enabled,
    },
  },
  patientPhoneNumber: {
    label: 'Participant phone number',
    fields: {
      phoneNumber: f('Phone number'),
      phoneNumberTypeId: f('Phone type', 'phoneNumberTypes'),
      institutionSiteId: site,
      patientId: f('Participant'),
      isEnabled: enabled,
    },
  },
  limsOrder: {
    label: 'Order',
    fields: {
      sampleId: f('Sample ID'),
      patientId: f('Participant'),
      institutionSiteId: site,
      priorityId: f('Priority', 'priorities'),
      paymentCategoryId: f('Payment category', 'paymentCategories'),
      collectedSampleId: f('Collected sample'),
      donorCode: f('Donor code'),
      commentToLab: f('Comment to the lab'),
      isEnabled: enabled,
    },
  },
  limsOrderedPanel: {
    label: 'Ordered panel',
    fields: {
      limsOrderId: f('Order'),
      panelId: f('Panel', 'panels'),
      testIds: f('Tests', 'tests'),
      comment: f('Comment'),
      isEnabled: enabled,
    },
  },
  limsOrderedTest: { label: 'Ordered test', fields: { comment: f('Comment') } },
  limsOrderedTestResult: {
    label: 'Test result',
    fields: { result: f('Result'), flag: f('Flag'), reason: f('Reason for the change') },
  },
  limsOrderedTestResultRelease: {
    label: 'Result release',
    fields: { resultId: f('Result number'), result: f('Result'), releasedDate: f('Released at') },
  },
  account: {
    label: 'Account',
    fields: {
      firstName: f('First name'),
      lastName: f('Last name'),
      email: f('E-mail'),
      userName: f('User name'),
      language: f('Language'),
      phoneNumber: f('Phone number'),
      roles: f('Roles'),
      institutionId: f('Institution'),
      isSuperAdmin: f('Super Administrator'),
      invitationId: f('Invitation'),
      isEnabled: enabled,
    },
  },
  session: { label: 'Sign-in', fields: { address: f('Address') } },
  institution: {
    label: 'Institution',
    fields: {
      title: f('Name'),
      abbreviation: f('Abbreviation'),
      address: f('Address'),
      localPhoneRule: f('Local phone number rule'),
      timeZone: f('Time zone'),
      isEnabled: enabled,
    },
  },
  institutionSite: {
    label: 'Site',
    fields: { title: f('Name'), abbreviation: f('Abbreviation'), address: f('Address'), isEnabled: enabled },
  },
  // Collection protocols (issue 12).
  collectionProtocol: {
    label: 'Collection protocol',
    fields: {
      title: f('Title'),
      abbreviation: f('Abbreviation'),
      code: f('Code'),
      startDate: f('Start date'),
      endDate: f('End date'),
      expectedParticipants: f('Expected participants'),
      isEnabled: enabled,
    },
  },
  collectionProtocolConsent: {
    label: 'Protocol consent',
    fields: {
      title: f('Title'),
      consent: f('Consent text'),
      version: f('Version'),
      purposeIds: f('Consent purposes', 'consentPurposes'),
      collectionProtocolId: f('Collection protocol'),
      isEnabled: enabled,
    },
  },
  collectionProtocolSite: {
    label: 'Protocol site',
    fields: { institutionSiteId: site, collectionProtocolId: f('Collection protocol'), isEnabled: enabled },
  },
  collectionProtocolEvent: {
    label: 'Protocol event',
    fields: {
      label: f('Label'),
      eventCode: f('Event code'),
      eventPoint: f('Event point'),
      unitId: f('Unit', 'collectionProtocolEventUnitOfMeasurements'),
      institutionSiteId: site,
      collectionProtocolId: f('Collection protocol'),
      isEnabled: enabled,
    },
  },
  eventSpecimenRequirement: {
    label: 'Specimen requirement',
    fields: {
      title: f('Title'),
      code: f('Code'),
      initialQuantity: f('Initial quantity'),
      unitId: f('Unit', 'unitOfMeasurements'),
      specimenTypeId: f('Specimen type', 'specimenTypes'),
      anatomicSiteId: f('Anatomic site', 'anatomicSites'),
      pathologicalStatusId: f('Pathological status', 'pathologicalStatuses'),
      procedureId: f('Collection procedure', 'specimenCollectionProcedures'),
      items: f('Items'),
      eventId: f('Event'),
      isEnabled: enabled,
    },
  },
  collectionProtocolParticipant: {
    label: 'Protocol participant',
    fields: {
      patientId: f('Participant'),
      collectionProtocolId: f('Collection protocol'),
      enrolledOutsideDates: f('Enrolled outside the protocol dates'),
      outsideDates: f('Outside the protocol dates'),
      isEnabled: enabled,
    },
  },
  collectionProtocolParticipantConsent: {
    label: 'Signed consent',
    fields: {
      consentId: f('Consent'),
      consentVersionId: f('Consent text version'),
      version: f('Version'),
      sha256: f('SHA-256'),
      participantId: f('Protocol participant'),
      patientId: f('Participant'),
      withdrawnDate: f('Withdrawn on'),
      withdrawalReason: f('Withdrawal reason'),
      withdrawalEffect: f('Withdrawal effect'),
      withdrawnAt: f('Withdrawal recorded at'),
      withdrawnById: f('Withdrawn by'),
      previousSignatureId: f('Re-consent of signature'),
      earlierSamples: f('Samples collected before the re-consent'),
      coversSamplesFrom: f('Re-consent applies from'),
      purposesGranted: f('Purposes granted', 'consentPurposes'),
      purposesRefused: f('Purposes refused', 'consentPurposes'),
      signature: f('Signature'),
      collectionProtocolId: f('Collection protocol'),
      isEnabled: enabled,
    },
  },
  // Distribution protocols (issue 32 item 1): the studies that may receive samples.
  distributionProtocol: {
    label: 'Distribution protocol',
    fields: {
      title: f('Title'),
      principalInvestigatorId: f('Principal investigator'),
      institutionName: f('Institution'),
      ethicsApprovalNumber: f('Ethics approval number'),
      startDate: f('Start date'),
      endDate: f('End date'),
      purposeIds: f('Consent purposes needed', 'consentPurposes'),
      approverIds: f('Approvers'),
      ethicsDocument: f('Ethics approval document'),
      isEnabled: enabled,
    },
  },
  // Research requests (issue 32 item 5): asked, decided, picked, distributed, returned.
  researchRequest: {
    label: 'Research request',
    fields: {
      title: f('Title'),
      description: f('Description'),
      distributionProtocolId: f('Distribution protocol'),
      requesterId: f('Requested by'),
      savedQueryId: f('Saved query'),
      lines: f('Specimen criteria'),
      state: f('State'),
      stateReason: f('Reason'),
      submittedDate: f('Submitted'),
      decidedDate: f('Decided'),
      decidedById: f('Decided by'),
      distributedDate: f('Distributed'),
      deliveryMethod: f('Handed over or shipped'),
      shipmentId: f('Shipment'),
      deliveryNote: f('Delivery note'),
      picked: f('Samples picked'),
      released: f('Samples released'),
      distributed: f('Samples distributed'),
      returned: f('Material returned'),
      mta: f('Material transfer agreement'),
      isEnabled: enabled,
    },
  },
  // Saved queries of the query builder (issue 32 item 4).
  savedQuery: {
    label: 'Saved query',
    fields: {
      name: f('Name'),
      description: f('Description'),
      ownerId: f('Owner'),
      criteria: f('Criteria'),
      distributionProtocolId: f('Distribution protocol'),
      groupBy: f('Grouped by'),
      isEnabled: enabled,
    },
  },
  // Collected samples and sub-samples (issue 12): created, collected in one call, adjusted, labelled.
  collectedSample: {
    label: 'Collected sample',
    fields: {
      sampleId: f('Sample ID'),
      kind: f('Kind'),
      collectionProtocolId: f('Collection protocol'),
      collectionProtocolEventId: f('Event'),
      eventId: f('Event'),
      participantId: f('Protocol participant'),
      patientId: f('Participant'),
      institutionSiteId: site,
      specimenTypeId: f('Specimen type', 'specimenTypes'),
      collectedAmount: f('Collected amount'),
      remainingAmount: f('Remaining amount'),
      unitId: f('Unit', 'unitOfMeasurements'),
      collectedDate: f('Collected date'),
      collectedTime: f('Collected time'),
      parentId: f('Parent sample'),
      subSampleLineageId: f('Sub sample lineage', 'subSampleLineages'),
      parentAmountUsed: f('Parent amount used'),
      parentRemainingAmount: f("Parent's remaining amount"),
      collectedOutsideDates: f('Collected outside the protocol dates'),
      adjustment: f('Adjustment'),
      reason: f('Reason'),
      copies: f('Label copies'),
      sampleIds: f('Samples'),
      isEnabled: enabled,
      heldByInstitutionId: f('Held by (institution)'),
      custodyStatus: f('Custody'),
      custodyShipmentId: f('In shipment'),
      custodyShipmentName: f('Shipment name'),
      custodyChange: f('Custody change'),
      shipmentId: f('Shipment'),
      origin: f('Origin'),
      receivedFrom: f('Received from'),
    },
  },
  // Questionnaires (issue 14): the form, its fields and options, and the filled forms.
  collectionProtocolForm: {
    label: 'Questionnaire',
    fields: {
      name: f('Name'),
      description: f('Description'),
      collectionProtocolId: f('Collection protocol'),
      currentVersion: f('Current version'),
      version: f('Version'),
      fieldIds: f('Field order'),
      shareable: f('Shared with researchers'),
      isEnabled: enabled,
    },
  },
  collectionProtocolFormField: {
    label: 'Questionnaire field',
    fields: {
      prompt: f('Field label'),
      name: f('Name'),
      dataTypeId: f('Data type', 'dataTypes'),
      kind: f('Field type'),
      placeholder: f('Placeholder'),
      responseTitle: f('Response title'),
      ordinal: f('Ordinal'),
      onNewLine: f('On a new line'),
      required: f('Required'),
      requiredMessage: f('Required message'),
      hasValidation: f('Has validation'),
      regularExpression: f('Regular expression'),
      regularExpressionMessage: f('Regular expression message'),
      orientation: f('Orientation'),
      options: f('Options'),
      formId: f('Questionnaire'),
      version: f('Questionnaire version'),
      isEnabled: enabled,
    },
  },
  collectionProtocolFormFieldOption: {
    label: 'Questionnaire field option',
    fields: {
      value: f('Value'),
      ordinal: f('Ordinal'),
      selected: f('Selected'),
      fieldId: f('Field'),
      version: f('Questionnaire version'),
      isEnabled: enabled,
    },
  },
  submittedCollectionProtocolForm: {
    label: 'Filled questionnaire',
    fields: {
      formId: f('Questionnaire'),
      version: f('Questionnaire version'),
      patientId: f('Participant'),
      institutionSiteId: site,
      sampleId: f('Sample'),
      values: f('Answers'),
      collectionProtocolId: f('Collection protocol'),
      versionId: f('Version record'),
      isEnabled: enabled,
    },
  },
  // Shipments (issue 15): the shipment (sender's actions) and its items (receiver's actions).
  shipment: {
    label: 'Shipment',
    fields: {
      name: f('Name'),
      trackingNumber: f('Tracking number'),
      trackingUrl: f('Tracking URL'),
      sendingInstitutionSiteId: site,
      receivingInstitutionId: f('Receiving institution'),
      receivingInstitutionSiteId: f('Receiving site'),
      shippedDate: f('Shipped date'),
      shippedTime: f('Shipped time'),
      status: f('Status'),
      includeDonorIdentity: f('Donor identity included'),
      collectionProtocolId: f('Collection protocol'),
      sentAt: f('Sent'),
      receivedAt: f('Received'),
      processedAt: f('Processed'),
      cancelledAt: f('Cancelled'),
      collectedSampleIds: f('Samples'),
      collectedSampleId: f('Sample'),
      itemId: f('Item'),
      externalSender: f('Sender (other installation)'),
      manifestSha256: f('Manifest SHA-256'),
      signedBy: f('Signed by'),
      items: f('Items'),
      isEnabled: enabled,
    },
  },
  // Manifest and receipt signing (issue 31 item 3): the institution's own key pairs (the private key is never audited)
  // and the partners' public keys it trusts.
  signingKey: {
    label: 'Signing key',
    fields: {
      keyId: f('Key fingerprint'),
      status: f('Status'),
      publicKey: f('Public key'),
      retired: f('Key retired'),
    },
  },
  trustedPartnerKey: {
    label: 'Trusted partner key',
    fields: {
      title: f('Partner'),
      abbreviation: f('Abbreviation'),
      installation: f('Installation'),
      keyId: f('Key fingerprint'),
      keyStatus: f('Key status'),
      publicKey: f('Public key'),
      isEnabled: enabled,
    },
  },
  shipmentItem: {
    label: 'Shipment item',
    fields: {
      receivedSampleId: f("Receiver's sample record"),
      shipmentId: f('Shipment'),
      collectedSampleId: f('Sample'),
      status: f('Status'),
      reason: f('Reason'),
      amount: f('Amount'),
      unitId: f('Unit', 'unitOfMeasurements'),
      specimenTypeId: f('Specimen type', 'specimenTypes'),
      processedById: f('Processed by'),
      processedAt: f('Processed'),
      shipmentStatus: f('Shipment status'),
      externalSample: f('Sample (other installation)'),
    },
  },
  // The storage hierarchy (issue 13): one record type for container, shelf, rack, drawer and box.
  storageContainer: {
    label: 'Storage container',
    fields: {
      level: f('Level'),
      parentId: f('Inside'),
      title: f('Title'),
      code: f('Code'),
      rows: f('Rows'),
      columns: f('Columns'),
      positionLabelingOptionId: f('Position labeling option', 'positionLabelingOptions'),
      positionLabeling: f('Position labeling rule'),
      rowLabelingSchemaId: f('Row labeling schema', 'labelingSchemas'),
      rowLabeling: f('Row labeling rule'),
      columnLabelingSchemaId: f('Column labeling schema', 'labelingSchemas'),
      columnLabeling: f('Column labeling rule'),
      fillOrder: f('Fill order'),
      institutionSiteId: site,
      positions: f('Positions made'),
      isEnabled: enabled,
    },
  },
  // A sample in a box position (issue 13): allocated, then vacated with a reason.
  storageOccupancy: {
    label: 'Storage occupancy',
    fields: {
      positionId: f('Box position'),
      collectedSampleId: f('Collected sample'),
      sampleId: f('Sample ID'),
      location: f('Position'),
      allocatedById: f('Allocated by'),
      allocatedAt: f('Allocated'),
      vacatedById: f('Vacated by'),
      vacatedAt: f('Vacated'),
      vacateReason: f('Vacate reason'),
    },
  },
  // A rack scanner's file applied to a box (issue 25): what moved, what was taken out.
  storageRackScan: { label: 'Rack scan', fields: { moved: f('Moved'), vacated: f('Taken out'), counts: f('Counts') } },
  // Screening indicator reports (issue 16): a definition's rule edited by a coordinator.
  indicatorDefinition: {
    label: 'Indicator definition',
    fields: {
      report: f('Report'),
      ordinal: f('S.no'),
      title: f('Indicator'),
      titles: f('Indicator in other languages'),
      protocolAbbreviation: f('Protocol abbreviation'),
      fieldPrompt: f('Field prompt'),
      matchingValues: f('Matching values'),
      countMode: f('Counts'),
      remark: f('Remark'),
      remarks: f('Remark in other languages'),
      ruleSource: f('Rule from'),
      note: f('Note'),
      updaterId: f('Updated by'),
      isEnabled: enabled,
    },
  },
  // A bulk CSV import (issue 17): one entry per committed file, naming the records it created.
  import: {
    label: 'Import',
    fields: {
      kind: f('Kind'),
      rowCount: f('Rows'),
      fileSha256: f('File SHA-256'),
      fileName: f('File name'),
      firstId: f('First record'),
      lastId: f('Last record'),
      ids: f('Records created'),
    },
  },
  importMappingTemplate: {
    label: 'Import mapping template',
    fields: { kind: f('Import of'), name: f('Name'), mapping: f('Column mapping'), isEnabled: enabled },
  },
  labelPrinter: {
    label: 'Label printer',
    fields: {
      ipAddress: f('IP address'),
      port: f('Port'),
      labels: f('Labels printed'),
      first: f('First sample ID'),
      isEnabled: enabled,
    },
  },
};

/** Every configuration list, with the labels its own form uses. */
const lookups: Record<string, AuditRecordType> = Object.fromEntries(
  LOOKUPS.map((e) => [
    e.key,
    {
      label: e.label,
      fields: {
        ...Object.fromEntries(e.fields.map((x) => [x.name, f(x.label, x.ref)])),
        // Issue 33: a titled list's titles and a described list's descriptions in the other languages (i33desc).
        ...(e.titleField ? { titles: f('Title in other languages') } : {}),
        ...(descriptionField(e) ? { descriptions: f('Description in other languages') } : {}),
        isEnabled: enabled,
      },
    },
  ]),
);

export const AUDIT_RECORD_TYPES: Record<string, AuditRecordType> = { ...lookups, ...fixed };

/** The record types for the filter, by label. */
export const AUDIT_RECORD_TYPE_OPTIONS = Object.entries(AUDIT_RECORD_TYPES)
  .map(([value, t]) => ({ value, label: t.label }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** The actions in words: English's catalogue is their one list (contract/i18n/en.ts `audit.actions`; other languages by key). */
export const AUDIT_ACTIONS: Record<string, string> = en.audit.actions;

/**
 * Bookkeeping every record carries, and values the server derives for its own use (an order's release rank,
 * a panel's unreleased flag, a sample's sub-sample flag beside its kind): not a change a person made, never listed.
 */
export const AUDIT_HIDDEN_FIELDS = new Set([
  'id',
  'institutionId',
  'concurrencyStamp',
  'createdDate',
  'enabledDate',
  'creatorId',
  'enablerId',
  'updatedDate',
  'updatedById',
  'totalCount',
  'releaseRank',
  'hasUnreleased',
  'isSubsample',
  'sendsOnFirstItem',
  'scanStamp',
  'parentLevel',
]);

/** 'someFieldName' as 'Some field name': the fallback for a field not declared above. */
export const humanise = (name: string) => {
  const words = name
    .replace(/Id$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const auditRecordLabel = (entity: string) => AUDIT_RECORD_TYPES[entity]?.label ?? humanise(entity);
export const auditActionLabel = (action: string) => AUDIT_ACTIONS[action] ?? humanise(action);
export const auditField = (entity: string, field: string): AuditField =>
  AUDIT_RECORD_TYPES[entity]?.fields[field] ?? { label: humanise(field) };
