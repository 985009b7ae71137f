import { describe, expect, it } from 'vitest';
import type { Requirement } from '@contract/protocol-events.contract';
import { commandRows, refusedRows, rowsFromRequirements } from './stepper-rows';

const unit = { id: 3, unitName: 'Millilitre', unitSymbol: 'mL' };
const item = (id: number, lineage: string, children: unknown[] = []) => ({
  id,
  parentItemId: null,
  subSampleLineage: { id: lineage === 'Aliquot' ? 1 : 2, title: lineage },
  specimenType: { id: 7, title: 'Whole Blood' },
  initialQuantity: 2,
  unitOfMeasurement: unit,
  createdDate: '2026-01-01',
  children,
});
const requirement = {
  id: 10,
  collectionProtocolEventId: 5,
  title: 'Blood tube',
  code: 'BT',
  initialQuantity: 6,
  unitOfMeasurement: unit,
  specimenType: { id: 7, title: 'Whole Blood' },
  anatomicSite: null,
  pathologicalStatus: null,
  specimenCollectionProcedure: null,
  createdDate: '2026-01-01',
  children: [item(11, 'Aliquot', [item(12, 'Aliquot')]), item(13, 'Derived')],
} as unknown as Requirement;

describe('the stepper rows copied from a requirement tree', () => {
  it('lists parents before children with keys, depths and lineages, and the command rows (Key, ParentKey)', () => {
    const rows = rowsFromRequirements([requirement], 'Item');
    expect(rows.map((r) => [r.key, r.parentKey, r.depth, r.aliquot])).toEqual([
      ['BT', null, 0, false],
      ['BT.1', 'BT', 1, true],
      ['BT.1.1', 'BT.1', 2, true],
      ['BT.2', 'BT', 1, false],
    ]);
    const command = commandRows(rows);
    expect(command[0]).toMatchObject({
      key: 'BT',
      parentKey: null,
      quantity: 6,
      unitOfMeasurementId: 3,
      subSampleLineageId: null,
      specimenTypeId: 7,
    });
    expect(command[2]).toMatchObject({ key: 'BT.1.1', parentKey: 'BT.1', subSampleLineageId: 1 });
  });

  it('keeps keys unique when two requirements share a code', () => {
    expect(
      rowsFromRequirements([requirement, { ...requirement, id: 20, children: [] }], 'Item').map((r) => r.key),
    ).toEqual(['BT', 'BT.1', 'BT.1.1', 'BT.2', 'BT-20']);
  });

  it('finds the refused row from field errors and from the title', () => {
    expect([...refusedRows({ 'rows.4.sampleId': 'taken' }, null)]).toEqual([4]);
    expect([...refusedRows({}, 'Row 5 (big): Sample X has 1 mL remaining; 5 mL cannot be taken from it.')]).toEqual([
      4,
    ]);
    expect([...refusedRows({}, 'Almaz withdrew consent')]).toEqual([]);
  });
});
