import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { testApp, json } from '../../test/harness';
import { signedIn } from '../../test/factories';
import { applyTemplate } from '../../../contract/import-headers';
import type { DryRunResult, MappingTemplate } from '../../../contract/imports.contract';
import { auditEvents } from '../../platform/audit.table';
import { importCall } from '../../test/import-kit';

// Issue 28 item 10: column mappings saved under a name, per institution and import kind.
const t = await testApp();
const { institution, token } = await signedIn(t, ['Coordinator']);
const other = await signedIn(t, ['Coordinator']);
const url = (kind = 'participants', inst = institution.id) =>
  `/api/institutions/${inst}/imports/${kind}/mappingTemplates`;
const save = (body: unknown, kind = 'participants', tok = token, inst = institution.id) =>
  t.call('POST', url(kind, inst), { token: tok, body });
const list = async (kind = 'participants', tok = token, inst = institution.id) =>
  json<MappingTemplate[]>(await t.call('GET', url(kind, inst), { token: tok }));
const uid = () => Math.random().toString(36).slice(2, 8);

const MAPPING = {
  Nombre: 'firstName',
  Padre: 'fatherName',
  Abuelo: 'grandFatherName',
  Nacido: 'birthDate',
  Hora: 'birthTime',
  Notes: '',
};

describe('mapping templates', () => {
  it('saves a mapping under a name, lists it by name, audits it', async () => {
    const name = `Clinic export ${uid()}`;
    const res = await save({ name: `  ${name} `, mapping: MAPPING });
    expect(res.statusCode).toBe(201);
    const saved = json<MappingTemplate>(res);
    expect(saved).toMatchObject({ kind: 'participants', name, mapping: MAPPING });
    expect((await list()).find((x) => x.id === saved.id)).toEqual(saved);
    expect(await list('samples')).not.toContainEqual(expect.objectContaining({ id: saved.id }));
    const [row] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'importMappingTemplate'), eq(auditEvents.entityId, String(saved.id))));
    expect(row).toMatchObject({ action: 'create', institutionId: institution.id });
  });

  it('applied to a later file with other headers, its columns map and the dry run reads them', async () => {
    const saved = json<MappingTemplate>(
      await save({ name: `Applied ${uid()}`, mapping: { Nombre: 'firstName', 'Fecha de nacimiento': 'birthDate' } }),
    );
    const headers = ['mrn', 'NOMBRE', 'fatherName', 'grandFatherName', 'fecha_de_nacimiento', 'birthTime'];
    const { mapping, applied } = applyTemplate(headers, {}, saved.mapping);
    expect(applied).toBe(2);
    const dry = json<DryRunResult>(
      await importCall(
        t,
        institution.id,
        'participants',
        { csv: `${headers.join(',')}\r\nM-${uid()},Almaz,Tesfaye,Bekele,1984-03-12,08:30\r\n`, mapping },
        token,
      ),
    );
    expect(dry.mapping).toMatchObject({ NOMBRE: 'firstName', fecha_de_nacimiento: 'birthDate' });
    expect(dry.errors.filter((e) => e.field === 'firstName' || e.field === 'birthDate')).toEqual([]);
  });

  it('refuses a name the institution already uses for that kind (any case) with 409; another kind or institution may use it', async () => {
    const name = `Weekly ${uid()}`;
    expect((await save({ name, mapping: MAPPING })).statusCode).toBe(201);
    const dup = await save({ name: name.toUpperCase(), mapping: MAPPING });
    expect(dup.statusCode).toBe(409);
    expect(json(dup)).toMatchObject({
      code: 'imports.template_name_taken',
      title: `A saved mapping for participants named '${name.toUpperCase()}' already exists: choose another name, or delete that one first.`,
    });
    expect((await save({ name, mapping: { Menge: 'amount' } }, 'samples')).statusCode).toBe(201);
    expect((await save({ name, mapping: MAPPING }, 'participants', other.token, other.institution.id)).statusCode).toBe(
      201,
    );
  });

  it('deletes (disables) a template: gone from the list, its name free again, a second delete 404', async () => {
    const name = `Old ${uid()}`;
    const saved = json<MappingTemplate>(await save({ name, mapping: MAPPING }));
    const del = await t.call('POST', `${url()}/${saved.id}/disable`, { token });
    expect(del.statusCode).toBe(200);
    expect((await list()).map((x) => x.id)).not.toContain(saved.id);
    expect((await t.call('POST', `${url()}/${saved.id}/disable`, { token })).statusCode).toBe(404);
    expect((await save({ name, mapping: MAPPING })).statusCode).toBe(201);
  });

  it("never shows or deletes another institution's template (404), nor answers on another institution's path (404)", async () => {
    const theirs = json<MappingTemplate>(
      await save({ name: `Theirs ${uid()}`, mapping: MAPPING }, 'participants', other.token, other.institution.id),
    );
    expect((await list()).map((x) => x.id)).not.toContain(theirs.id);
    const del = await t.call('POST', `${url()}/${theirs.id}/disable`, { token });
    expect(del.statusCode).toBe(404);
    expect((await t.call('GET', url('participants', other.institution.id), { token })).statusCode).toBe(404);
    expect((await list('participants', other.token, other.institution.id)).map((x) => x.id)).toContain(theirs.id);
  });

  it('needs the permission to import that kind (a Coordinator may not import storage)', async () => {
    expect((await t.call('GET', url('storage'), { token })).statusCode).toBe(403);
    expect((await save({ name: 'Freezers', mapping: { Code: 'code' } }, 'storage')).statusCode).toBe(403);
  });

  it.each([
    ['no name', { mapping: MAPPING }, /Name/],
    ['a blank name', { name: '   ', mapping: MAPPING }, /Name/],
    ['a name too long', { name: 'x'.repeat(101), mapping: MAPPING }, /Name/],
    ['no columns', { name: 'Empty', mapping: {} }, /names no column/],
    ['a mapping that is a list', { name: 'List', mapping: ['firstName'] }, /Mapping/],
    [
      'a field of another import',
      { name: 'Wrong', mapping: { Box: 'box' } },
      /Column "Box" is mapped to "box", which is not a field of the participants import\./,
    ],
    [
      'one field from two columns',
      { name: 'Twice', mapping: { A: 'firstName', B: 'firstname' } },
      /Columns "A" and "B" are both mapped to firstName/,
    ],
    ['a header with a NUL', { name: 'Ctl', mapping: { 'A\u0000': 'firstName' } }, /Mapping/],
    ['a header with a tab', { name: 'Tab', mapping: { 'A\tB': 'firstName' } }, /holds a control character/],
  ])('refuses %s with 400 and a title', async (_, body, title) => {
    const res = await save(body);
    expect(res.statusCode).toBe(400);
    expect(json<{ title: string }>(res).title).toMatch(title);
  });

  it('refuses an unknown kind and a bad id with 400', async () => {
    expect((await t.call('GET', url('patients'), { token })).statusCode).toBe(400);
    expect((await t.call('POST', `${url()}/abc/disable`, { token })).statusCode).toBe(400);
  });
});
