import { describe, expect, it, vi } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { testApp, json } from './harness';
import { signedIn } from './factories';
import { participant, referenceIds } from './participants-fixtures';
import { sentStatements } from './sent-statements';
import { Bindings } from '../platform/statement-cache';
import { selectRecords } from '../platform/record-refs';
import { patients } from '../modules/participants/participants.table';

describe('Bindings.template', () => {
  const where = (inst: number, name: string) => and(eq(patients.institutionId, inst), sql`lower(${patients.firstName}) like ${name}`)!;

  it('takes the values out: the same shape for other values, its values in order', () => {
    const a = new Bindings();
    const b = new Bindings();
    const ta = a.template(where(7, 'ab%'))!;
    const tb = b.template(where(8, 'cd%'))!;
    expect(ta.shape).toBe(tb.shape);
    expect(ta.shape).not.toMatch(/ab%|\b7\b/);
    expect(a.values).toEqual({ p0: 7, p1: 'ab%' });
    expect(b.values).toEqual({ p0: 8, p1: 'cd%' });
    // A text value: PostgreSQL must plan for it each time (no named statement).
    expect(a.onlyNumbers).toBe(false);
  });

  it('names the columns and text in the shape, and gives up on what it does not know', () => {
    const ids = new Bindings();
    expect(ids.template(eq(patients.institutionId, 7))!.shape).not.toBe(new Bindings().template(eq(patients.genderId, 7))!.shape);
    expect(ids.onlyNumbers).toBe(true);
    expect(new Bindings().template(sql`${patients.id} > ${1}`)!.shape).not.toBe(new Bindings().template(sql`${patients.id} < ${1}`)!.shape);
    // A list of values or a sub-query builder is not taken apart: such a statement is built as before.
    expect(new Bindings().template(sql`${patients.id} in ${[1, 2]}`)).toBeNull();
    expect(new Bindings().template(sql`${patients.id} in (${t.db.select({ id: patients.id }).from(patients)})`)).toBeNull();
  });
});

const t = await testApp();
const one = await signedIn(t);
const other = await signedIn(t);
for (const s of [one, other]) {
  const refs = await referenceIds(t, s.institution.id, s.token);
  for (const firstName of ['Alpha', 'Beta']) {
    const res = await t.call('POST', `/api/institutions/${s.institution.id}/patients`, { token: s.token, body: participant(refs, { FirstName: `${firstName}${s.institution.id}` }) });
    expect(res.statusCode, res.body).toBe(201);
  }
}

describe('a list statement built once', () => {
  it('is run again with each request\'s values: each institution sees its own rows, and nothing is rebuilt', async () => {
    const page = (inst: number) => selectRecords(t.db, patients, { where: eq(patients.institutionId, inst), orderBy: desc(patients.id), limit: 10, offset: 0 });
    const first = await page(one.institution.id);
    const build = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    try {
      let second: Awaited<ReturnType<typeof page>> | undefined;
      const sent = await sentStatements(t.db, async () => { second = await page(other.institution.id); });
      expect(build).not.toHaveBeenCalled();
      expect(sent).toHaveLength(1);
      expect(first.rows.map((r) => r.firstName)).toEqual([`Beta${one.institution.id}`, `Alpha${one.institution.id}`]);
      expect(second!.rows.map((r) => r.firstName)).toEqual([`Beta${other.institution.id}`, `Alpha${other.institution.id}`]);
    } finally {
      build.mockRestore();
    }
  });

  it('through the API too: a search and the first page of either institution answer their own rows', async () => {
    for (const s of [one, other, one]) {
      const all = json<{ firstName: string }[]>(await t.call('GET', `/api/institutions/${s.institution.id}/patients?PageSize=5`, { token: s.token }));
      expect(all.map((p) => p.firstName)).toEqual([`Beta${s.institution.id}`, `Alpha${s.institution.id}`]);
      const found = json<{ firstName: string }[]>(await t.call('GET', `/api/institutions/${s.institution.id}/patients?SearchTerm=alp`, { token: s.token }));
      expect(found.map((p) => p.firstName)).toEqual([`Alpha${s.institution.id}`]);
    }
  });
});
