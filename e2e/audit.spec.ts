import { assert, see, signInAndPick, type E2ETest } from './harness';

export const tests: E2ETest[] = [
  {
    name: 'an administrator reads who changed a record, with its before and after values',
    run: async ({ page, admin, api, shot }) => {
      const token = await api.login(admin.email, admin.password);
      const { body: institutions } = await api.call<{ id: number; title: string }[]>('GET', '/institutions', token);
      const instId = institutions.find((i) => i.title === 'Central Biobank')!.id;
      const title = `Audited ${Date.now().toString(36)}`;
      const created = await api.call<{ id: number; concurrencyStamp: string }>('POST', `/institutions/${instId}/genders`, token, { title, abbreviation: 'AU', description: 'Before' });
      assert.equal(created.status, 201);
      const edited = await api.call('PUT', `/institutions/${instId}/genders/${created.body.id}`, token,
        { title, abbreviation: 'AU', description: 'After', concurrencyStamp: created.body.concurrencyStamp });
      assert.equal(edited.status, 200);

      await signInAndPick(page, admin);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Setting' }).click();
      await page.getByRole('navigation', { name: 'Setting' }).getByRole('link', { name: 'Audit Log' }).click();
      await page.getByRole('heading', { name: 'Audit Log', level: 1 }).waitFor();
      await page.getByRole('combobox', { name: 'Record type' }).click();
      await page.getByRole('option', { name: 'Gender', exact: true }).click();
      await page.getByLabel('Record number').fill(String(created.body.id));
      await page.getByLabel('Record number').press('Enter');
      await page.waitForURL(/entityId=/);
      // The unfiltered page stays on screen until the filtered one arrives: wait for the record's two events.
      await see(page, '1–2 of 2');
      await see(page, 'Before → After');
      await page.getByRole('cell', { name: 'Created', exact: true }).waitFor();
      assert.equal(await page.getByRole('cell', { name: 'System Administrator' }).count(), 2, 'both changes name their author');
      await shot('audit-log');
    },
  },
];
