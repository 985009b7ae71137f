import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { testApp, json } from '../../test/harness';
import { signedIn } from '../../test/factories';
import { Readable } from 'node:stream';
import {
  MAX_IMPORT_BYTES,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_RECORD_CHARS,
  MAX_IMPORT_ROWS,
  MAX_REPORTED_ROW_ERRORS,
  PARTICIPANT_COLUMNS,
  type DryRunResult,
  type ImportStreamLine,
} from '../../../contract/imports.contract';
import { patients, patientPhoneNumbers, patientRaces } from '../participants/participants.table';
import { auditEvents } from '../../platform/audit.table';
import { storageNodes } from '../storage/storage.table';
import { importCall, type ImportCall } from '../../test/import-kit';

const t = await testApp();
const { institution, token } = await signedIn(t, ['Coordinator']);
const other = await signedIn(t, ['Coordinator']);
const api = (p: string, inst = institution.id) => `/api/institutions/${inst}/${p}`;
const post = (body: ImportCall, tok = token, inst = institution.id, kind = 'participants') =>
  importCall(t, inst, kind, body, tok);
const count = async (inst = institution.id) =>
  (await t.db.select({ id: patients.id }).from(patients).where(eq(patients.institutionId, inst))).length;
const lines = (body: string) =>
  body
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as ImportStreamLine);
const uid = () => Math.random().toString(36).slice(2, 8).toUpperCase();

const HEADER =
  'mrn,firstName,fatherName,grandFatherName,birthDate,birthTime,gender,patientType,maritalStatus,vitalStatus,deathDate,races,ethnicities,phoneType,phoneNumber';
const row = (over: Partial<Record<string, string>> = {}) => {
  const v: Record<string, string> = {
    mrn: `IMP-${uid()}`,
    firstName: 'Almaz',
    fatherName: 'Tesfaye',
    grandFatherName: 'Bekele',
    birthDate: '1984-03-12',
    birthTime: '08:30',
    gender: 'Female',
    patientType: 'Outpatient',
    maritalStatus: 'Single',
    vitalStatus: 'Alive',
    deathDate: '',
    races: 'Black or African American',
    ethnicities: 'Not Hispanic or Latino',
    phoneType: 'Mobile',
    phoneNumber: '+251911223344',
    ...over,
  };
  return HEADER.split(',')
    .map((h) => v[h])
    .join(',');
};
const file = (...rows: string[]) => `${HEADER}\r\n${rows.join('\r\n')}\r\n`;

describe('participant import templates', () => {
  it('serves the header and one example row, which itself passes a dry run', async () => {
    const res = await t.call('GET', api('imports/templates/participants.csv'), { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const [header, example] = res.body.split('\r\n');
    expect(header).toBe(PARTICIPANT_COLUMNS.map((c) => c.field).join(','));
    expect(example).toContain('Almaz');
    const dry = json<DryRunResult>(await post({ csv: res.body, dryRun: true }));
    expect(dry.errors).toEqual([]);
    expect(dry.rowCount).toBe(1);
  });

  it('serves the sample template to a Coordinator (samples.collect), not the storage one, and refuses an unknown template', async () => {
    expect((await t.call('GET', api('imports/templates/samples.csv'), { token })).statusCode).toBe(200);
    expect((await t.call('GET', api('imports/templates/storage.csv'), { token })).statusCode).toBe(403);
    expect((await t.call('GET', api('imports/templates/x.csv'), { token })).statusCode).toBe(400);
    // A participant file is not a sample file: the sample columns it lacks are reported on line 1.
    const wrong = json<DryRunResult>(await post({ csv: file(row()), dryRun: true }, token, institution.id, 'samples'));
    expect(wrong.errors.map((e) => [e.line, e.field])).toEqual([
      [1, 'specimenType'],
      [1, 'amount'],
      [1, 'collectedDate'],
      [1, 'collectedTime'],
    ]);
  });
});

describe('dry run', () => {
  it('reports every seeded error on its CSV line and field, and changes nothing', async () => {
    const good = row({ mrn: 'DUP-A' });
    const existing = `EXIST-${uid()}`;
    const seeded = file(row({ mrn: existing }));
    expect(json<DryRunResult>(await post({ csv: seeded, dryRun: true })).errors).toEqual([]);
    expect(lines((await post({ csv: seeded, dryRun: false })).body).at(-1)).toHaveProperty('result');

    const csv = file(
      good, // line 2
      row({ firstName: '' }), // 3
      row({ gender: 'Martian' }), // 4
      row({ birthDate: '1984-13-40' }), // 5
      row({ birthDate: '2999-01-01' }), // 6
      row({ vitalStatus: 'Dead' }), // 7: no death date
      row({ mrn: 'dup-a' }), // 8: same MRN as line 2 (case-insensitive)
      row({ mrn: existing }), // 9: already in the database
      row({ grandFatherName: '"Two\r\nlines"', phoneNumber: '12 34' }), // 10-11: a quoted cell over two lines (a name holds no line break: issue 26 item 13), a bad phone
      row({ races: 'Asian;Klingon' }), // 12: one unknown race among two
      row({ phoneType: '', phoneNumber: '0911223344' }), // 13: a phone without its type
      row({ birthTime: '25:00', ethnicities: '' }), // 14: two errors on one line
      'only,three,cells', // 15
    );
    const before = await count();
    const res = await post({ csv, dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    const dry = json<DryRunResult>(res);
    expect(dry.rowCount).toBe(13);
    expect(dry.fileSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(dry.errors.map((e) => [e.line, e.field])).toEqual([
      [3, 'firstName'],
      [4, 'gender'],
      [5, 'birthDate'],
      [6, 'birthDate'],
      [7, 'deathDate'],
      [8, 'mrn'],
      [9, 'mrn'],
      [10, 'grandFatherName'],
      [10, 'phoneNumber'],
      [12, 'races'],
      [13, 'phoneType'],
      [14, 'birthTime'],
      [14, 'ethnicities'],
      [15, ''],
    ]);
    const at = (line: number, field: string) => dry.errors.find((e) => e.line === line && e.field === field)!;
    expect(at(4, 'gender').message).toBe('No Gender titled "Martian" in this institution');
    expect(at(4, 'gender').column).toBe('gender');
    expect(at(8, 'mrn').message).toBe('MRN dup-a is also on line 2 of this file');
    expect(at(9, 'mrn').message).toBe(`MRN ${existing.toLowerCase()} is already registered to another participant`);
    expect(at(12, 'races').message).toBe('No Race titled "Klingon" in this institution');
    expect(at(6, 'birthDate').message).toBe('Birth date cannot be in the future');
    expect(at(15, '').message).toBe('This row has 3 cells; the header has 15');
    expect(await count()).toBe(before);
  });

  it('maps columns by the chosen mapping, and names the CSV header in errors', async () => {
    const csv = file(row()).replace('firstName', 'Given name').replace('gender', 'Sex');
    const unmapped = json<DryRunResult>(await post({ csv, dryRun: true }));
    expect(unmapped.errors.map((e) => [e.line, e.field])).toEqual([
      [1, 'firstName'],
      [1, 'gender'],
    ]);
    const mapped = json<DryRunResult>(
      await post({
        csv: csv.replace(',Female,', ',Elf,'),
        mapping: { 'Given name': 'firstName', Sex: 'gender' },
        dryRun: true,
      }),
    );
    expect(mapped.mapping['Given name']).toBe('firstName');
    expect(mapped.errors).toEqual([
      { line: 2, field: 'gender', column: 'Sex', message: 'No Gender titled "Elf" in this institution' },
    ]);
    const twice = await post({ csv, mapping: { 'Given name': 'firstName', Sex: 'firstName' }, dryRun: true });
    expect(twice.statusCode).toBe(400);
    expect(json(twice).title).toBe('Columns "Given name" and "Sex" are both mapped to firstName.');
    expect((await post({ csv, mapping: { Sex: 'shoeSize' }, dryRun: true })).statusCode).toBe(400);
  });

  it('refuses a file that is not CSV, has no rows, or is too large, with a title', async () => {
    const bad = await post({ csv: `${HEADER}\n"open`, dryRun: true });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).title).toBe('The file is not valid CSV. Line 2: a quoted cell is not closed.');
    expect(json(await post({ csv: HEADER, dryRun: true })).title).toBe('The file has a header row but no data rows.');
    const huge = await post({ csv: 'x'.repeat(26 * 1024 * 1024), dryRun: true });
    expect(huge.statusCode).toBe(413);
    expect(typeof json(huge).title).toBe('string');
  });
});

describe('hostile cells', () => {
  it('answers control characters and NUL bytes in any cell with row errors or a titled 4xx, never 500', async () => {
    const csv = file(
      row({ mrn: 'A\u0000B' }),
      row({ gender: 'Fe\u0000male' }),
      row({ firstName: 'Al\u0007maz' }),
      row({ races: '\u0000' }),
    );
    for (const dryRun of [true, false]) {
      const res = await post({ csv, dryRun });
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (res.statusCode === 200 && dryRun) expect(json<DryRunResult>(res).errors.length).toBeGreaterThan(0);
      else expect(res.statusCode).toBeGreaterThanOrEqual(400);
      if (res.statusCode >= 400) expect(typeof json(res).title).toBe('string');
    }
  });
});

describe('commit', () => {
  it('rolls back whole on one bad row: 422 with the row errors, nothing written', async () => {
    const before = await count();
    const res = await post({ csv: file(row(), row(), row({ gender: 'Martian' }), row()), dryRun: false });
    expect(res.statusCode).toBe(422);
    expect(json(res).title).toBe('1 problem in 1 row: nothing was imported. Run a dry run to see them by line.');
    expect(json<{ errors: Record<string, string[]> }>(res).errors).toEqual({
      '4:gender': ['No Gender titled "Martian" in this institution'],
    });
    expect(await count()).toBe(before);
  });

  it('writes every row with its MRN, race and phone in one transaction, streams progress and audits one import', async () => {
    const mrns = Array.from({ length: 1205 }, (_, i) => `BULK-${uid()}-${i}`);
    const csv = file(...mrns.map((mrn) => row({ mrn, races: 'Asian;White' })));
    const before = await count();
    const res = await post({ csv, dryRun: false, fileName: 'bulk.csv' });
    expect(res.statusCode).toBe(200);
    const out = lines(res.body);
    expect(out[0]).toEqual({ processed: 0, total: 1205 });
    expect(out).toContainEqual({ processed: 1000, total: 1205 });
    const last = out.at(-1) as Extract<ImportStreamLine, { result: unknown }>;
    expect(last.result).toMatchObject({ kind: 'participants', rowCount: 1205 });
    expect(await count()).toBe(before + 1205);
    const found = json<{ id: number; firstName: string; patientMRN: string; phoneNumber: string }[]>(
      await t.call('GET', api(`patients?mrn=${mrns[1204]}`), { token }),
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ firstName: 'Almaz', patientMRN: mrns[1204], phoneNumber: '+251911223344' });
    expect(found[0].id).toBe(last.result.lastId);
    expect(await t.db.select().from(patientRaces).where(eq(patientRaces.patientId, found[0].id))).toHaveLength(2);
    expect(
      await t.db.select().from(patientPhoneNumbers).where(eq(patientPhoneNumbers.patientId, found[0].id)),
    ).toHaveLength(1);
    const [entry] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.institutionId, institution.id), eq(auditEvents.entity, 'import')))
      .orderBy(auditEvents.id)
      .then((r) => r.slice(-1));
    expect(entry.after).toMatchObject({
      kind: 'participants',
      rowCount: 1205,
      fileName: 'bulk.csv',
      firstId: last.result.firstId,
      lastId: last.result.lastId,
      fileSha256: last.result.fileSha256,
    });
    // The same file again: every MRN is now taken.
    expect((await post({ csv, dryRun: false })).statusCode).toBe(422);
  });
});

describe('tenancy and permissions', () => {
  it('looks titles up only in the institution, and an MRN of another institution is no duplicate', async () => {
    const title = `OnlyThere ${uid()}`;
    const admin = await signedIn(t, ['Institution Administrator'], other.institution);
    const made = await t.call('POST', api('genders', other.institution.id), {
      token: admin.token,
      body: { title, abbreviation: 'OT', description: 'Only in the other institution' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const mrn = `SHARED-${uid()}`;
    expect(
      lines((await post({ csv: file(row({ mrn })), dryRun: false }, other.token, other.institution.id)).body).at(-1),
    ).toHaveProperty('result');
    const dry = json<DryRunResult>(await post({ csv: file(row({ gender: title }), row({ mrn })), dryRun: true }));
    expect(dry.errors.map((e) => [e.line, e.field])).toEqual([[2, 'gender']]);
  });

  it("refuses another institution's import, and roles without participants.manage", async () => {
    const cross = await post({ csv: file(row()), dryRun: true }, token, other.institution.id);
    expect([403, 404]).toContain(cross.statusCode);
    const researcher = await signedIn(t, ['Researcher'], institution);
    const res = await post({ csv: file(row()), dryRun: true }, researcher.token);
    expect(res.statusCode).toBe(403);
    expect(
      (await t.call('GET', api('imports/templates/participants.csv'), { token: researcher.token })).statusCode,
    ).toBe(403);
    const clinician = await signedIn(t, ['Clinician'], institution);
    expect((await post({ csv: file(row()), dryRun: true }, clinician.token)).statusCode).toBe(200);
  });
});

describe('storage import', () => {
  const SHEAD = 'parent,code,title,rows,columns,positionLabeling,rowLabeling,columnLabeling';
  const node = (
    parent: string,
    code: string,
    title: string,
    over: Partial<Record<'rows' | 'columns' | 'positionLabeling', string>> = {},
  ) =>
    [
      parent,
      code,
      title,
      over.rows ?? '3',
      over.columns ?? '3',
      over.positionLabeling ?? 'Two Dimensional',
      'Letters Upper Case',
      'Numbers',
    ].join(',');
  const sfile = (...rows: string[]) => `${SHEAD}\r\n${rows.join('\r\n')}\r\n`;
  const nodes = async (inst: number) =>
    (await t.db.select({ id: storageNodes.id }).from(storageNodes).where(eq(storageNodes.institutionId, inst))).length;

  it('dry-runs each row through the storage rules (parents earlier in the file too), creates nothing, then commits all', async () => {
    const admin = await signedIn(t, ['Institution Administrator'], institution);
    const c = uid().slice(0, 1);
    const sp = (body: ImportCall) => post(body, admin.token, institution.id, 'storage');
    const csv = sfile(
      node('', `${c}1`, 'Freezer'), // 2: a container
      node(`${c}1`, 'S1', 'Shelf 1'), // 3: in the row above
      node('ZZ', 'S1', 'Shelf nowhere'), // 4: unknown parent
      node(`${c}1`, 'S1', 'Shelf again'), // 5: code taken by line 3
      node(`${c}1/S1`, 'R1', 'Rack', { positionLabeling: 'Wiggly' }), // 6: unknown title
      node(`${c}1/S1`, 'R2', 'Rack 2', { rows: '0' }), // 7: bad rows
      node('', '', 'No code'), // 8: a container needs a code
    );
    const before = await nodes(institution.id);
    const res = await sp({ csv, dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    const dry = json<DryRunResult>(res);
    expect(dry.errors.map((e) => [e.line, e.field])).toEqual([
      [4, 'parent'],
      [5, 'code'],
      [6, 'positionLabeling'],
      [7, 'rows'],
      [8, 'code'],
    ]);
    expect(dry.errors[0].message).toBe('No container with code ZZ at ZZ in this institution');
    expect(dry.errors[1].message).toBe('Code S1 is already used in Freezer.');
    expect(await nodes(institution.id)).toBe(before);
    expect((await sp({ csv, dryRun: false })).statusCode).toBe(422);
    expect(await nodes(institution.id)).toBe(before);

    const good = sfile(
      node('', `${c}2`, 'Freezer 2'),
      node(`${c}2`, 'S1', 'Shelf'),
      node(`${c}2/S1`, 'R1', 'Rack'),
      node(`${c}2/S1/R1`, 'D1', 'Drawer'),
      node(`${c}2/S1/R1/D1`, 'B1', 'Box', { rows: '9', columns: '9' }),
    );
    expect(json<DryRunResult>(await sp({ csv: good, dryRun: true })).errors).toEqual([]);
    const out = lines((await sp({ csv: good, dryRun: false })).body);
    expect(out.at(-1)).toMatchObject({ result: { kind: 'storage', rowCount: 5 } });
    expect(await nodes(institution.id)).toBe(before + 5);
    // A Coordinator builds no storage (configuration.manage).
    expect((await post({ csv: good, dryRun: true }, token, institution.id, 'storage')).statusCode).toBe(403);
  });
});

describe('streamed upload and its limits (issue 26)', () => {
  const url = (q = 'dryRun=true') => api(`imports/participants?${q}`);
  const problem = (
    res: { statusCode: number; body: string; headers: Record<string, unknown> },
    status: number,
    title: RegExp | string,
  ) => {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(JSON.parse(res.body).title).toMatch(title);
  };

  it('takes the file itself as a text/csv body, and refuses a JSON body or none with 415', async () => {
    problem(
      await t.call('POST', url(), { token, body: { csv: file(row()), dryRun: true } }),
      415,
      /Content-Type: text\/csv/,
    );
    problem(await t.call('POST', url(), { token }), 415, /Content-Type: text\/csv/);
    problem(
      await importCall(t, institution.id, 'participants', { csv: file(row()) }, token, 'text/plain'),
      415,
      /text\/csv/,
    );
    const ok = await importCall(
      t,
      institution.id,
      'participants',
      { csv: file(row()) },
      token,
      'text/csv; charset=utf-8',
    );
    expect(json<DryRunResult>(ok)).toMatchObject({ rowCount: 1, errorCount: 0 });
    problem(
      await t.app.inject({
        method: 'POST',
        url: url('dryRun=true&mapping=%7Bnot%20json'),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        payload: file(row()),
      }),
      400,
      /mapping/i,
    );
  });

  it('counts bytes while streaming: a body without Content-Length past 20 MB is a 413, as is a declared one', async () => {
    // Rows of 200 bytes under one header: past 20 MB before the row limit, each record well within its own.
    const chunk = Buffer.from(`${'x'.repeat(199)}\n`.repeat(5243));
    let sent = 0;
    const endless = new Readable({
      read() {
        sent++;
        this.push(sent === 1 ? 'a\n' : sent <= MAX_IMPORT_BYTES / chunk.length + 3 ? chunk : null);
      },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      payload: endless,
    });
    problem(res, 413, /larger than 20 MB/);
    const declared = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'text/csv',
        'content-length': String(MAX_IMPORT_BYTES + 1),
      },
      payload: 'x',
    });
    expect(declared.statusCode).toBe(413);
  });

  it('bounds rows, record length and cells per record, naming the line', async () => {
    problem(await post({ csv: `a\n${'x\n'.repeat(MAX_IMPORT_ROWS + 1)}` }), 413, /more than 200,000 rows/);
    problem(
      await post({ csv: `${HEADER}\n${row()}\n${row({ firstName: 'y'.repeat(MAX_IMPORT_RECORD_CHARS + 10) })}\n` }),
      400,
      'The file is not valid CSV. Line 3: a record is longer than 10,000 characters.',
    );
    problem(
      await post({ csv: `${HEADER}\n${','.repeat(MAX_IMPORT_COLUMNS)}\n` }),
      400,
      `The file is not valid CSV. Line 2: a record has more than ${MAX_IMPORT_COLUMNS} cells.`,
    );
    problem(await post({ csv: '' }), 400, 'The file is empty.');
  });

  it('lists the first 1,000 row errors and counts them all; a refused commit says how many', async () => {
    const csv = file(...Array.from({ length: 1200 }, () => row({ gender: 'Martian' })));
    const dry = json<DryRunResult>(await post({ csv }));
    expect(dry).toMatchObject({ rowCount: 1200, errorCount: 1200 });
    expect(dry.errors).toHaveLength(MAX_REPORTED_ROW_ERRORS);
    expect(dry.errors.at(-1)?.line).toBe(MAX_REPORTED_ROW_ERRORS + 1);
    const refused = await post({ csv, dryRun: false });
    expect(refused.statusCode).toBe(422);
    expect(json(refused).title).toBe(
      '1200 problems in 1200 rows: nothing was imported. Run a dry run to see them by line.',
    );
    expect(Object.keys(json<{ errors: Record<string, string[]> }>(refused).errors)).toHaveLength(
      MAX_REPORTED_ROW_ERRORS,
    );
  });
});
