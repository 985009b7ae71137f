import { describe, expect, it } from 'vitest';
import { lettersToIndex, parseRackScan, splitCells } from './rack-scan-parse';

// Fixtures: the layouts rack scanners write (docs/storage.md "Rack-scanner reconcile").
const ZIATH = [
  'Rack Barcode,RK00012345',
  'Scan Date,2026-11-24 10:12:03',
  'Scanner,DataPaq DP5',
  '',
  'Tube Position,Tube Barcode',
  'A01,RS-0001',
  'A02,No Read',
  'A03,No Tube',
  'B01,rs-0002',
].join('\r\n');
const FLUIDX = [
  'TubeRack,Position,Barcode',
  'FR0001,A1,RS-0001',
  'FR0001,A2,NO READ',
  'FR0001,A3,NOTUBE',
  'FR0001,B1,',
  'FR0001,B2,RS-0002',
].join('\n');
const AZENTA = ['Rack ID, Position, Tube Code', 'AZ1, H12, RS-0009', '"AZ1", "H11", "RS,0010"'].join('\n');
const PLAIN = ['A1,RS-0001', 'a02,RS-0002', 'H12;RS-0003'].join('\n');

describe('rack scan files', () => {
  it('reads a Ziath DataPaq file: skips its header lines, takes A01 positions, No Read and No Tube', () => {
    const p = parseRackScan(ZIATH);
    expect(p).toMatchObject({ layout: 'header', errors: [] });
    expect(p.rows).toEqual([
      { line: 6, position: 'A01', barcode: 'RS-0001', kind: 'tube' },
      { line: 7, position: 'A02', barcode: null, kind: 'noRead' },
      { line: 8, position: 'A03', barcode: null, kind: 'empty' },
      { line: 9, position: 'B01', barcode: 'rs-0002', kind: 'tube' },
    ]);
  });

  it('reads FluidX (TubeRack,Position,Barcode) and Azenta (Rack ID, Position, Tube Code) with NO READ, NOTUBE and empty cells', () => {
    const f = parseRackScan(FLUIDX);
    expect(f.errors).toEqual([]);
    expect(f.rows.map((r) => [r.line, r.position, r.kind, r.barcode])).toEqual([
      [2, 'A1', 'tube', 'RS-0001'],
      [3, 'A2', 'noRead', null],
      [4, 'A3', 'empty', null],
      [5, 'B1', 'empty', null],
      [6, 'B2', 'tube', 'RS-0002'],
    ]);
    const a = parseRackScan(AZENTA);
    expect(a.rows.map((r) => [r.position, r.barcode])).toEqual([
      ['H12', 'RS-0009'],
      ['H11', 'RS,0010'],
    ]);
  });

  it('reads plain position,barcode lines with no header (commas or semicolons; rack id first when the second cell is the position)', () => {
    const p = parseRackScan(PLAIN);
    expect(p.layout).toBe('plain');
    expect(p.rows.map((r) => [r.line, r.position, r.barcode])).toEqual([
      [1, 'A1', 'RS-0001'],
      [2, 'a02', 'RS-0002'],
      [3, 'H12', 'RS-0003'],
    ]);
    expect(parseRackScan('RK1,A1,RS-1\nRK1,A2,NO READ').rows.map((r) => [r.position, r.kind])).toEqual([
      ['A1', 'tube'],
      ['A2', 'noRead'],
    ]);
  });

  it('reports bad lines with their numbers and reads the rest', () => {
    const p = parseRackScan(
      ['Position,Barcode', 'A1,RS-1', ',RS-2', `A3,${'x'.repeat(101)}`, 'A4,bad\u0007code', 'A5,RS-5'].join('\n'),
    );
    expect(p.errors).toEqual([
      { line: 3, message: 'The position is empty.' },
      { line: 4, message: 'The barcode is longer than 100 characters.' },
      { line: 5, message: 'The line holds control characters.' },
    ]);
    expect(p.rows.map((r) => r.line)).toEqual([2, 6]);
    expect(parseRackScan('').rows).toEqual([]);
  });

  it('splits quoted cells and reads row letters as spreadsheet columns do', () => {
    expect(splitCells('"a ""b""",c')).toEqual(['a "b"', 'c']);
    expect(splitCells('x\ty\tz')).toEqual(['x', 'y', 'z']);
    expect([lettersToIndex('A'), lettersToIndex('h'), lettersToIndex('Z'), lettersToIndex('AA')]).toEqual([
      1, 8, 26, 27,
    ]);
  });
});
