// Issue 11: the audit log in plain words: a record type chosen from a list, a participant edit shown
// field by field with lookup titles (no raw JSON), on a desktop and a phone-size screen.
import type { Page } from 'playwright-core';
import { assert, see, signInAndPick, type E2ETest } from './harness';

async function openAuditLog(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Setting' }).click();
  await page.getByRole('navigation', { name: 'Setting' }).getByRole('link', { name: 'Audit Log' }).click();
  await page.getByRole('heading', { name: 'Audit Log', level: 1 }).waitFor();
}

export const tests: E2ETest[] = [
  {
    name: 'the audit log filters by record type from a list and shows a participant edit field by field',
    run: async ({ page, admin, api, shot }) => {
      const token = await api.login(admin.email, admin.password);
      const { body: institutions } = await api.call<{ id: number; title: string }[]>('GET', '/institutions', token);
      const instId = institutions.find((i) => i.title === 'Central Biobank')!.id;
      const ids = async (list: string) => new Map((await api.call<{ id: number; title: string }[]>('GET', `/institutions/${instId}/${list}?PageSize=1000`, token)).body.map((r) => [r.title, r.id]));
      const [types, genders, marital, vital, races, ethnicities] = await Promise.all(['patientTypes', 'genders', 'maritalStatuses', 'vitalStatuses', 'races', 'ethnicities'].map(ids));
      const mrn = `AUD${Date.now().toString(36).toUpperCase()}`;
      const body = {
        patientMRN: mrn, firstName: 'Selam', fatherName: 'Audited', grandFatherName: 'Tesfaye',
        patientTypeId: types.get('Outpatient'), genderId: genders.get('Female'), maritalStatusId: marital.get('Married'),
        vitalStatusId: vital.get('Alive'), birthDate: '1990-06-01', birthTime: '14:05', races: [races.get('Asian')], ethnicities: [ethnicities.get('Unknown')],
      };
      const created = await api.call<{ id: number; concurrencyStamp: string }>('POST', `/institutions/${instId}/patients/register`, token, body);
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const edited = await api.call('PUT', `/institutions/${instId}/patients/${created.body.id}`, token,
        { ...body, firstName: 'Selamawit', genderId: genders.get('Male'), concurrencyStamp: created.body.concurrencyStamp });
      assert.equal(edited.status, 200, JSON.stringify(edited.body));

      await signInAndPick(page, admin);
      await openAuditLog(page);
      await page.getByRole('combobox', { name: 'Record type' }).click();
      await page.getByRole('option', { name: 'Participant', exact: true }).click();
      await page.waitForURL(/entity=patient/);
      await page.getByLabel('Record number').fill(String(created.body.id));
      await page.getByLabel('Record number').press('Enter');
      // The edit, in words: the field's label, the old and the new value, the gender by its title.
      await see(page, 'Selam → Selamawit');
      await see(page, 'Female → Male');
      await page.getByRole('cell', { name: 'Changed', exact: true }).waitFor();
      await page.getByRole('cell', { name: `Participant #${created.body.id}` }).first().waitFor();
      const text = await page.getByRole('table').innerText();
      assert.ok(text.includes('First name:') && text.includes('Gender:'), 'fields are named in words');
      assert.ok(!/genderId|firstName|[{}]/.test(text), `no column names or JSON in the log:\n${text}`);
      await shot('audit-log-participant-edit');
      await page.setViewportSize({ width: 390, height: 844 });
      await see(page, 'Female → Male');
      await shot('audit-log-participant-edit-phone');
    },
  },
];
