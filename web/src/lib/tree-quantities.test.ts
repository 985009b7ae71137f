import { describe, expect, it } from 'vitest';
import { aliquotOverflows, aliquotRoom, asQuantity, isAliquotTitle } from './tree-quantities';

const item = (key: string, aliquot: boolean, quantity: number, parentKey: string | null = null) => ({
  key,
  parentKey,
  aliquot,
  quantity,
});

describe('the client aliquot rule (the server repeats it)', () => {
  it("names the requirement when its aliquots together exceed it, in the server's words", () => {
    expect(aliquotOverflows({ quantity: 10, label: 'Whole blood' }, [item('1', true, 6), item('2', true, 5)])).toEqual([
      {
        parentKey: null,
        total: 11,
        available: 10,
        message: 'The aliquots of Whole blood need 11 together, more than its quantity of 10.',
      },
    ]);
  });

  it('lets derived items consume nothing and checks every level', () => {
    const items = [
      item('1', true, 4),
      item('2', false, 500),
      item('1.1', true, 3, '1'),
      item('1.2', true, 1.5, '1'),
      item('2.1', true, 400, '2'),
    ];
    expect(aliquotOverflows({ quantity: 10, label: 'Whole blood' }, items).map((o) => o.message)).toEqual([
      'The aliquots of item 1 need 4.5 together, more than its quantity of 4.',
    ]);
  });

  it('accepts decimal sums that are exactly the parent (0.1 + 0.2 = 0.3)', () => {
    expect(aliquotOverflows({ quantity: 0.3, label: 'R' }, [item('1', true, 0.1), item('2', true, 0.2)])).toEqual([]);
  });

  it('tells what is left for another aliquot of a stored node', () => {
    expect(
      aliquotRoom(4, [
        { aliquot: true, quantity: 2 },
        { aliquot: false, quantity: 9 },
      ]),
    ).toEqual({ used: 2, left: 2 });
    expect(aliquotRoom(1, [{ aliquot: true, quantity: 3 }])).toEqual({ used: 3, left: 0 });
  });

  it('reads lineage titles and typed quantities leniently', () => {
    expect([isAliquotTitle(' ALIQUOT '), isAliquotTitle('Derived'), isAliquotTitle(null)]).toEqual([
      true,
      false,
      false,
    ]);
    // The seeded lineage's French title (a requirement's lineage is read in the screens' language).
    expect([isAliquotTitle('Aliquote'), isAliquotTitle('Dérivé')]).toEqual([true, false]);
    expect([asQuantity('2.5'), asQuantity(''), asQuantity('x'), asQuantity(3)]).toEqual([2.5, 0, 0, 3]);
  });
});
