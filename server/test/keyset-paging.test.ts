// Keyset paging (issue 10): "next page" with After=<last id of the previous page> returns exactly
// the rows the offset page returns, seeks instead of skipping, and a hostile cursor is a 400.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testApp, json, pagination } from './harness';
import { sentStatements } from './sent-statements';
import { signedIn } from './factories';
import { referenceIds } from './participants-fixtures';
import { labSetup } from './orders-fixtures';

const t = await testApp();
const { institution, token } = await signedIn(t, ['Institution Administrator']);
const ids = await referenceIds(t, institution.id, token);
const api = (p: string) => `/api/institutions/${institution.id}/${p}`;
// 47 participants whose names tie in threes (the search matches many rows with equal names), some disabled.
await t.db
  .execute(sql`insert into patients (institution_id, first_name, father_name, grand_father_name, birth_date, birth_time,
  patient_type_id, gender_id, marital_status_id, vital_status_id, is_enabled, concurrency_stamp)
  select ${institution.id}, 'Tie' || (g / 3), 'Father', 'Grand', date '1980-01-01', '08:00',
    ${ids.outpatient}, ${ids.female}, ${ids.single}, ${ids.alive}, g % 5 <> 0, md5(g::text)
  from generate_series(1, 47) g`);

type Row = { id: number };
const get = async (url: string) => {
  const res = await t.call('GET', url, { token });
  expect(res.statusCode, res.body).toBe(200);
  return { rows: json<Row[]>(res), page: pagination(res) as Record<string, unknown> };
};

/** Every page of a list by offset, then again by cursor from each page's last id; both must agree. */
async function bothWays(list: string, size: number) {
  const byOffset: Row[][] = [];
  for (let n = 1; ; n++) {
    const { rows } = await get(`${list}&PageSize=${size}&PageNumber=${n}`);
    if (!rows.length) break;
    byOffset.push(rows);
  }
  const byCursor: Row[][] = [];
  let after: number | undefined;
  for (let n = 1; n <= byOffset.length + 1; n++) {
    const { rows, page } = await get(`${list}&PageSize=${size}&PageNumber=${n}${after ? `&After=${after}` : ''}`);
    const offsetPage = await get(`${list}&PageSize=${size}&PageNumber=${n}`);
    expect(page).toEqual(offsetPage.page);
    if (!rows.length) break;
    byCursor.push(rows);
    after = rows.at(-1)!.id;
  }
  return { byOffset, byCursor };
}

describe('keyset paging', () => {
  it('participants: the cursor pages are the offset pages, with a search, a filter and ties in the names', async () => {
    for (const list of [
      api('patients?SearchTerm=Tie'),
      api('patients?SearchTerm=tie&IsEnabled=true'),
      api('patients?SearchTerm=Tie1'),
    ]) {
      const { byOffset, byCursor } = await bothWays(list, 4);
      expect(byOffset.length).toBeGreaterThan(1);
      expect(byCursor).toEqual(byOffset);
      const all = byOffset.flat().map((r) => r.id);
      expect(all).toEqual([...all].sort((a, b) => b - a));
      expect(new Set(all).size).toBe(all.length);
    }
  });

  it('orders: the cursor pages are the offset pages', async () => {
    const lab = await labSetup(t, institution.id, token);
    const other = await t.call('POST', api('patients/register'), {
      token,
      body: { ...(await import('./participants-fixtures')).participant(lab.refs), firstName: 'Other' },
    });
    for (const patientIds of [[lab.patient.id], [lab.patient.id, json<Row>(other).id], [lab.patient.id]]) {
      const res = await t.call('POST', api('LIMSOrders/place'), {
        token,
        body: { patientIds, priorityId: lab.priorityId, panelIds: [lab.panel.id] },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const { byOffset, byCursor } = await bothWays(api('LIMSOrders?IsEnabled=true'), 2);
    expect(byOffset.flat()).toHaveLength(4);
    expect(byCursor).toEqual(byOffset);
    const mine = await bothWays(api(`LIMSOrders?PatientId=${lab.patient.id}`), 1);
    expect(mine.byOffset.flat()).toHaveLength(3);
    expect(mine.byCursor).toEqual(mine.byOffset);
  });

  it('seeks: a cursor page has no OFFSET, whatever its page number', async () => {
    const statements = await sentStatements(t.db, () => get(api('patients?PageSize=5&PageNumber=3&After=1000000')));
    expect(statements.some((s) => /"patients"\."id" < \$\d+/.test(s))).toBe(true);
    expect(statements.join('\n')).not.toMatch(/offset/i);
  });

  it('a hostile cursor is a 400 with a title, never a 500', async () => {
    for (const after of [
      'abc',
      '-1',
      '0',
      '1.5',
      '99999999999999999999',
      "1'; drop table patients;--",
      '%00',
      '1e3',
      '',
    ]) {
      for (const list of ['patients', 'LIMSOrders']) {
        const res = await t.call('GET', api(`${list}?After=${encodeURIComponent(after)}`), { token });
        if (after === '') {
          // An empty cursor is no cursor (like every other empty optional query value), or a 400: never a 500.
          expect([200, 400], res.body).toContain(res.statusCode);
          continue;
        }
        expect(res.statusCode, `${list} After=${after}: ${res.body}`).toBe(400);
        expect(json<{ title: string }>(res).title).toBeTruthy();
      }
    }
  });

  it('a cursor past the end is an empty page, not an error', async () => {
    const { rows } = await get(api('patients?SearchTerm=Tie&After=1'));
    expect(rows).toEqual([]);
  });
});
