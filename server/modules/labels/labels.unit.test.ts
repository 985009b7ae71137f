import { describe, expect, it } from 'vitest';
import {
  GeneratorRequest,
  Label,
  LabelJob,
  PrinterInput,
  buildOrderLabel,
  generateLabels,
  isIpv4,
  labelDate,
  printerAddressProblem,
  type ParsedLabel,
} from '../../../contract/labels.contract';
import { forbiddenPrinterAddress } from './labels.printer';
import { loadConfig } from '../../config';
import { labelToZpl, labelsToZpl, zplCode128Data, zplText } from './labels.zpl';
import { LABELS_PER_PAGE, labelsToPdf } from './labels.pdf';
import { labelsOf } from './labels.service';

const label = (over: Partial<ParsedLabel> = {}): ParsedLabel => ({
  sampleId: 'LAB1001',
  date: '05-03-2025',
  copies: 1,
  ...over,
});
const pdfText = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const count = (text: string, re: RegExp) => (text.match(re) ?? []).length;

describe('ZPL labels', () => {
  it('a sample label has the date, a Code 128 of the sample ID with its text line, and one copy', () => {
    const zpl = labelToZpl(label());
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
    expect(zpl).toContain('^FH_^FD05-03-2025^FS');
    expect(zpl).toMatch(/\^BCN,60,Y,N,N\^FDLAB1001\^FS/);
    expect(zpl).toContain('^PQ1,');
    expect(zpl).not.toContain('MRN');
  });

  it('an order label adds the patient first and father names and the MRN', () => {
    const zpl = labelToZpl(label({ patientName: 'Abebe Kebede', mrn: 'MRN-77' }));
    expect(zpl).toContain('^FDAbebe Kebede^FS');
    expect(zpl).toContain('^FDMRN: MRN-77^FS');
  });

  it("a received sample's label has its specimen type and donor code under the barcode, hex-escaped; at most two lines", () => {
    const zpl = labelToZpl(label({ specimenType: 'Whole Blood^XZ', donorCode: 'D-0123456789abcdef' }));
    expect(zpl).toContain('^FO20,128^A0N,24,24^FB366,1,0,L,0^FH_^FDWhole Blood_5EXZ^FS');
    expect(zpl).toContain('^FO20,158^A0N,22,22^FB366,1,0,L,0^FH_^FDDonor: D-0123456789abcdef^FS');
    expect(count(zpl, /\^XZ/g)).toBe(1);
    // Every field given (only a hand-made job can): the first two lines, nothing printed off the label.
    const all = labelToZpl(label({ patientName: 'Abebe', specimenType: 'Serum', mrn: 'M1', donorCode: 'D-1' }));
    expect(all).toContain('^FDAbebe^FS');
    expect(all).toContain('^FDSerum^FS');
    expect(all).not.toContain('MRN');
    expect(all).not.toContain('Donor');
  });

  it('copies go to ^PQ, one format per distinct label', () => {
    const zpl = labelsToZpl([label({ sampleId: 'A1', copies: 2 }), label({ sampleId: 'A2', copies: 2 })]);
    expect(count(zpl, /\^XA/g)).toBe(2);
    expect(count(zpl, /\^XZ/g)).toBe(2);
    expect(count(zpl, /\^PQ2,/g)).toBe(2);
  });

  it('^ and ~ in names cannot inject ZPL commands: they are hex-escaped under ^FH', () => {
    const zpl = labelToZpl(label({ patientName: 'Evil^XZ~JR_name', mrn: '^FO' }));
    expect(zpl).toContain('^FH_^FDEvil_5EXZ_7EJR_5Fname^FS');
    expect(zpl).toContain('^FDMRN: _5EFO^FS');
    expect(count(zpl, /\^XZ/g)).toBe(1);
    expect(zpl).not.toContain('~JR');
  });

  it('non-ASCII names travel as UTF-8 bytes (^CI28)', () => {
    expect(zplText('Séla')).toBe('S_C3_A9la');
    expect(labelToZpl(label({ patientName: 'አበበ' }))).toContain('^CI28');
  });

  it('the barcode data uses Code 128 invocation codes for > ^ ~', () => {
    expect(zplCode128Data('A>B^C~D')).toBe('A>0B><C>=D');
    const zpl = labelToZpl(label({ sampleId: 'X^XZ' }));
    expect(zpl).toContain('^FDX><XZ^FS');
    expect(count(zpl, /\^XZ/g)).toBe(1);
  });

  it('a long sample ID gets a narrower module width so the barcode fits', () => {
    expect(labelToZpl(label({ sampleId: 'S1' }))).toContain('^BY2,');
    expect(labelToZpl(label({ sampleId: 'X'.repeat(30) }))).toContain('^BY1,');
  });
});

describe('generator numbering', () => {
  it('prefix plus a running number from Start Index, Quantity labels, each Copies times', () => {
    const req = GeneratorRequest.parse({ prefix: 'BB-', startIndex: 9, quantity: 3, copies: 2 });
    expect(generateLabels(req, '01-02-2025')).toEqual([
      { sampleId: 'BB-9', date: '01-02-2025', copies: 2 },
      { sampleId: 'BB-10', date: '01-02-2025', copies: 2 },
      { sampleId: 'BB-11', date: '01-02-2025', copies: 2 },
    ]);
  });

  it('defaults are start index 1, quantity 1, copies 1 (spec 2 §9)', () => {
    expect(GeneratorRequest.parse({})).toEqual({ prefix: '', startIndex: 1, quantity: 1, copies: 1 });
  });

  it('bounds: Quantity x Copies at most 1000, start index >= 0, prefix <= 20 characters', () => {
    const err = (v: unknown) => GeneratorRequest.safeParse(v).error?.issues.map((i) => i.message);
    expect(err({ quantity: 501, copies: 2 })).toEqual(['At most 1000 labels per print (Quantity x Copies).']);
    expect(err({ quantity: 500, copies: 2 })).toBeUndefined();
    expect(err({ startIndex: -1 })).toEqual(['Start Index must be 0 or more']);
    expect(err({ quantity: 0 })).toEqual(['Quantity must be at least 1']);
    expect(err({ copies: 0 })).toEqual(['Copies must be at least 1']);
    expect(err({ prefix: 'P'.repeat(21) })).toEqual(['Prefix must be 20 characters or less']);
  });

  it('undated labels get today in DD-MM-YYYY', () => {
    const now = () => new Date(2025, 0, 7, 10, 0);
    const labels = labelsOf(
      { now },
      LabelJob.parse({ labels: [{ sampleId: 'S1' }], generator: { prefix: 'G', quantity: 1 } }),
    );
    expect(labels.map((l) => [l.sampleId, l.date])).toEqual([
      ['S1', '07-01-2025'],
      ['G1', '07-01-2025'],
    ]);
    expect(labelDate(new Date(2024, 11, 31))).toBe('31-12-2024');
  });

  it('a job needs labels or a generator, and at most 1000 labels in all', () => {
    expect(LabelJob.safeParse({}).success).toBe(false);
    expect(
      LabelJob.safeParse({
        labels: [
          { sampleId: 'A', copies: 600 },
          { sampleId: 'B', copies: 401 },
        ],
      }).error?.issues[0].message,
    ).toBe('At most 1000 labels per print (Quantity x Copies).');
    expect(Label.safeParse({ sampleId: 'Séla' }).success).toBe(false);
  });

  it('the order label carries sample ID, created date, first MRN, first and father names', () => {
    expect(
      buildOrderLabel({
        sampleId: 'ORD-5',
        createdDate: new Date(2025, 4, 2),
        mrn: 'M1',
        firstName: 'Abebe',
        fatherName: 'Kebede',
      }),
    ).toEqual({ sampleId: 'ORD-5', date: '02-05-2025', patientName: 'Abebe Kebede', mrn: 'M1', copies: 1 });
    expect(buildOrderLabel({ sampleId: 'ORD-6', createdDate: 'not a date' })).toEqual({
      sampleId: 'ORD-6',
      date: undefined,
      copies: 1,
    });
  });
});

describe('printer IP rule (spec 2 §5)', () => {
  it('accepts dotted IPv4 of four parts 0..255 only', () => {
    for (const ok of ['10.0.0.5', '192.168.1.254', '0.0.0.0', '255.255.255.255']) expect(isIpv4(ok)).toBe(true);
    for (const bad of [
      '256.1.1.1',
      '1.2.3',
      '1.2.3.4.5',
      'a.b.c.d',
      '1.2.3.-4',
      '',
      '1..2.3',
      'printer.lab',
      '1.2.3.4 ',
    ])
      expect(isIpv4(bad)).toBe(false);
    expect(PrinterInput.safeParse({ ipAddress: '' }).error?.issues[0].message).toBe('*required');
    expect(PrinterInput.safeParse({ ipAddress: '300.1.1.1' }).error?.issues[0].message).toBe('Invalid IP address');
    expect(PrinterInput.parse({ ipAddress: ' 10.0.0.5 ' })).toEqual({ ipAddress: '10.0.0.5', port: 9100 });
  });
});

describe('printer addresses that reach inside the server (issue 26 item 8)', () => {
  const refusedV4 = {
    unspecified: ['0.0.0.0', '0.1.2.3'],
    loopback: ['127.0.0.1', '127.255.255.254'],
    'link-local': ['169.254.169.254', '169.254.0.1'],
    multicast: ['224.0.0.1', '239.255.255.250'],
    broadcast: ['255.255.255.255'],
    reserved: ['240.0.0.1'],
  };
  const lan = ['10.0.0.5', '10.255.255.254', '172.16.0.9', '172.31.255.1', '192.168.1.50', '100.64.0.7', '8.8.8.8'];

  it('the contract refuses loopback, link-local, unspecified, multicast and broadcast IPv4 with one field message', () => {
    for (const addresses of Object.values(refusedV4)) {
      for (const ip of addresses) {
        expect(printerAddressProblem(ip), ip).toBeTruthy();
        expect(PrinterInput.safeParse({ ipAddress: ip }).error?.issues[0].message, ip).toBe(printerAddressProblem(ip));
      }
    }
    expect(printerAddressProblem('127.0.0.1')).toBe(
      "This address cannot be a label printer (loopback, link-local, multicast, broadcast and 0.x addresses are refused). Use the printer's address on the lab network.",
    );
  });

  it('private LAN ranges (10/8, 172.16/12, 192.168/16) stay allowed', () => {
    for (const ip of lan) {
      expect(printerAddressProblem(ip), ip).toBeNull();
      expect(forbiddenPrinterAddress(ip), ip).toBe(false);
      expect(PrinterInput.safeParse({ ipAddress: ip }).success, ip).toBe(true);
    }
  });

  it('at connect time the same classes are refused in IPv4, IPv6 and IPv4-mapped IPv6', () => {
    for (const ip of Object.values(refusedV4).flat()) expect(forbiddenPrinterAddress(ip), ip).toBe(true);
    for (const ip of [
      '::',
      '::1',
      'fe80::1',
      'febf::1',
      'ff02::1',
      'ff05::fb',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '::ffff:0.0.0.0',
      '::ffff:224.0.0.1',
      '::ffff:255.255.255.255',
      '::127.0.0.1',
      '64:ff9b::7f00:1',
    ]) {
      expect(forbiddenPrinterAddress(ip), ip).toBe(true);
    }
    for (const ip of ['::ffff:10.0.0.5', '::ffff:192.168.1.50', 'fd00::5', '2001:db8::5'])
      expect(forbiddenPrinterAddress(ip), ip).toBe(false);
    expect(forbiddenPrinterAddress('printer.lab'), 'not an address').toBe(true);
  });

  it('PRINTER_PORTS: 9100 by default, a comma list otherwise, anything else stops the start', () => {
    expect(loadConfig({}).printerPorts).toEqual([9100]);
    expect(loadConfig({ PRINTER_PORTS: '9100, 6101' }).printerPorts).toEqual([9100, 6101]);
    for (const bad of ['', '0', '65536', '9100,abc', '22.5'])
      expect(() => loadConfig({ PRINTER_PORTS: bad }), bad).toThrow(/PRINTER_PORTS/);
  });
});

describe('PDF label sheets', () => {
  it('one A4 page holds 24 labels; the page count follows the label count; barcodes are images', async () => {
    const one = pdfText(await labelsToPdf([label()]));
    expect(one.startsWith('%PDF-')).toBe(true);
    expect(count(one, /\/Type \/Page\b(?!s)/g)).toBe(1);
    expect(count(one, /\/Subtype \/Image/g)).toBe(1);

    const many = pdfText(
      await labelsToPdf([
        label({ sampleId: 'A', copies: LABELS_PER_PAGE }),
        label({ sampleId: 'B', copies: 1 }),
        label({ sampleId: 'C', copies: 1 }),
      ]),
    );
    expect(count(many, /\/Type \/Page\b(?!s)/g)).toBe(2);
    expect(count(many, /\/Subtype \/Image/g)).toBe(3); // one image per distinct sample ID, reused by its copies
  });

  it('names outside the PDF font are replaced, not fatal', async () => {
    const pdf = await labelsToPdf([label({ patientName: 'አበበ Kebede', mrn: 'M-1' })]);
    expect(pdf.length).toBeGreaterThan(1000);
  });

  it('1000 labels render on 42 pages', async () => {
    const labels = Array.from({ length: 1000 }, (_, i) => label({ sampleId: `P${i}` }));
    const text = pdfText(await labelsToPdf(labels));
    expect(count(text, /\/Type \/Page\b(?!s)/g)).toBe(Math.ceil(1000 / LABELS_PER_PAGE));
  });
});
