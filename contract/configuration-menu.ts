// spec 1 §2 "Configuration screen": the left menu, its groups and their order.
export interface MenuItem { label: string; path: string }
export interface MenuGroup { label: string; children: MenuItem[] }

const item = (label: string, path: string): MenuItem => ({ label, path });

export const CONFIG_MENU: MenuGroup[] = [
  { label: 'Institution Management', children: [item('Institution', 'institution'), item('Institution Site', 'institution-site')] },
  {
    label: 'LIMS Configuration',
    children: [
      item('Panel', 'panel'), item('Test', 'test'), item('Panel Test', 'panel-test'), item('Test Accepted Value', 'test-accepted-value'),
      item('Test Result Range', 'test-result-range'), item('Order Comment Type', 'order-comment-type'),
    ],
  },
  { label: 'Storage Container', children: [item('Storage Container', 'storage-container')] },
  {
    label: 'Advanced',
    children: [
      item('Department', 'department'), item('Ethnicity', 'ethnicity'), item('Gender', 'gender'), item('Sub Sample Lineage', 'subSampleLineage'),
      item('Labeling Schema', 'labeling-schema'), item('Marital Status', 'marital-status'), item('Patient Type', 'patient-type'),
      item('Position Labeling Option', 'position-labeling-option'), item('Priority', 'priority'), item('Race', 'race'),
      item('Specimen Type Category', 'specimen-type-category'), item('Specimen Type', 'specimen-type'),
      item('Unit Of Measurement', 'unit-of-measurement'), item('Unit Of Measurement Type', 'unit-of-measurement-type'),
      item('Vital Status', 'vital-status'), item('Anatomic Site', 'anatomic-site'), item('Pathological Status', 'pathological-status'),
      item('Specimen Collection Procedure', 'specimen-collection-procedure'),
      item('Collection Protocol Event Unit Of Measurement', 'collection-protocol-event-unit-of-measurement'),
      item('Payment Category', 'payment-category'), item('Phone Number Category', 'phone-number-category'),
      item('Phone Number Type', 'phone-number-type'), item('Form Data Type', 'data-type'),
    ],
  },
  {
    label: 'Locations',
    children: [
      item('Service Location', 'service-location'), item('Facility', 'facility'), item('Building', 'building'), item('Floor', 'floor'),
      item('Wing', 'wing'), item('Room', 'room'), item('Device', 'device'), item('Shelf', 'shelf'), item('Position', 'position'),
    ],
  },
];

export const DEFAULT_CONFIG_PATH = 'panel';
