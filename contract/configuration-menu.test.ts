import { describe, expect, it } from 'vitest';
import { CONFIG_MENU } from './configuration-menu';

describe('configuration menu', () => {
  it('keeps the groups and order of spec 1 §2', () => {
    expect(CONFIG_MENU.map((g) => g.label)).toEqual([
      'Institution Management',
      'LIMS Configuration',
      'Storage Container',
      'Advanced',
      'Locations',
      'Data',
    ]);
    expect(CONFIG_MENU[1].children.map((c) => c.label)).toEqual([
      'Panel',
      'Test',
      'Panel Test',
      'Test Accepted Value',
      'Test Result Range',
      'Order Comment Type',
    ]);
    expect(CONFIG_MENU[3].children.map((c) => c.label).slice(0, 19)).toEqual([
      'Department',
      'Ethnicity',
      'Gender',
      'Sub Sample Lineage',
      'Labeling Schema',
      'Marital Status',
      'Patient Type',
      'Position Labeling Option',
      'Priority',
      'Race',
      'Specimen Type Category',
      'Specimen Type',
      'Unit Of Measurement',
      'Unit Of Measurement Type',
      'Vital Status',
      'Anatomic Site',
      'Pathological Status',
      'Specimen Collection Procedure',
      'Collection Protocol Event Unit Of Measurement',
    ]);
  });
});
