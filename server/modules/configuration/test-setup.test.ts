import { describe, expect, it } from 'vitest';
import { testApp, json } from '../../test/harness';
import { createInstitution, signedIn, unique } from '../../test/factories';

const t = await testApp();
const { institution, token } = await signedIn(t, ['Institution Administrator']);
const researcher = await signedIn(t, ['Researcher'], institution);
const api = (path: string, instId = institution.id) => `/api/institutions/${instId}/${path}`;
type Setup = {
  range: { id: number; minimumValue: number; maximumValue: number } | null;
  acceptedValues: { id: number; title: string }[];
};

async function newTest(
  flags: { hasRange?: boolean; hasAcceptedValue?: boolean } = { hasRange: true, hasAcceptedValue: true },
) {
  const res = await t.call('POST', api('tests'), {
    token,
    body: { title: unique('Test'), abbreviation: 'TST', description: 'Set-up test', ...flags },
  });
  expect(res.statusCode).toBe(201);
  return json<{ id: number }>(res).id;
}
const setup = (id: number, body: unknown, as = token) => t.call('PUT', api(`tests/${id}/setup`), { token: as, body });

describe('test set-up (range and accepted values with the test)', () => {
  it('saves a range and several accepted values at once, and reads them back', async () => {
    const id = await newTest();
    const res = await setup(id, {
      range: { minimumValue: 3.5, maximumValue: 5.5 },
      acceptedValues: ['Positive', ' Negative ', 'Indeterminate'],
    });
    expect(res.statusCode).toBe(200);
    const saved = json<Setup>(res);
    expect(saved.range).toMatchObject({ minimumValue: 3.5, maximumValue: 5.5 });
    expect(saved.acceptedValues.map((v) => v.title)).toEqual(['Positive', 'Negative', 'Indeterminate']);
    expect(json<Setup>(await t.call('GET', api(`tests/${id}/setup`), { token }))).toEqual(saved);
    // The spec's nested lists see the same records.
    const nested = json<{ title: string; abbreviation: string }[]>(
      await t.call('GET', api(`tests/${id}/testAcceptedValues?IsEnabled=true`), { token }),
    );
    expect(nested.map((v) => v.title).sort()).toEqual(['Indeterminate', 'Negative', 'Positive']);
  });

  it('a changed range is a new record, the old one disabled; left-out values are disabled and come back when listed again', async () => {
    const id = await newTest();
    const first = json<Setup>(
      await setup(id, { range: { minimumValue: 1, maximumValue: 2 }, acceptedValues: ['A', 'B'] }),
    );
    const second = json<Setup>(
      await setup(id, { range: { minimumValue: 1, maximumValue: 3 }, acceptedValues: ['B', 'C'] }),
    );
    expect(second.range!.id).not.toBe(first.range!.id);
    expect(second.acceptedValues.map((v) => v.title)).toEqual(['B', 'C']);
    const ranges = json<{ id: number; isEnabled: boolean }[]>(
      await t.call('GET', api(`tests/${id}/testResultRanges`), { token }),
    );
    expect(ranges.find((r) => r.id === first.range!.id)?.isEnabled).toBe(false);
    const third = json<Setup>(await setup(id, { range: null, acceptedValues: ['a', 'B', 'C'] }));
    expect(third.range).toBeNull();
    // 'a' matches the disabled 'A' (titles are unique per test, case-insensitively): it is enabled again, not duplicated.
    expect(third.acceptedValues.find((v) => v.title === 'A')?.id).toBe(
      first.acceptedValues.find((v) => v.title === 'A')?.id,
    );
    const a = first.acceptedValues.find((v) => v.title === 'A')!.id;
    const audit = json<{ action: string }[]>(
      await t.call('GET', api(`auditEvents?entity=testAcceptedValues&entityId=${a}`), { token }),
    );
    expect(audit.map((e) => e.action).sort()).toEqual(['create', 'disable', 'enable']);
  });

  it('refuses a maximum below the minimum, a value listed twice, and set-up the test does not have, with field errors', async () => {
    const id = await newTest();
    const bad = await setup(id, { range: { minimumValue: 5, maximumValue: 1 }, acceptedValues: ['X', 'x'] });
    expect(bad.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(bad).errors).toMatchObject({
      'range.maximumValue': ['Maximum Value must not be less than Minimum Value'],
      'acceptedValues.1': ["'x' is listed twice"],
    });
    expect((await setup(id, { range: { minimumValue: 'high', maximumValue: 1 } })).statusCode).toBe(400);
    const plain = await newTest({});
    const noRange = await setup(plain, { range: { minimumValue: 1, maximumValue: 2 } });
    expect(noRange.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(noRange).errors).toEqual({ range: ['Tick Has Range first'] });
    expect(json<{ errors: Record<string, string[]> }>(await setup(plain, { acceptedValues: ['Y'] })).errors).toEqual({
      acceptedValues: ['Tick Has Accepted Value first'],
    });
  });

  it("is read-only for a Researcher (403), and another institution's test is not found (404)", async () => {
    const id = await newTest();
    expect((await t.call('GET', api(`tests/${id}/setup`), { token: researcher.token })).statusCode).toBe(200);
    expect((await setup(id, { acceptedValues: ['Z'] }, researcher.token)).statusCode).toBe(403);
    const other = await createInstitution(t);
    const otherAdmin = await signedIn(t, ['Institution Administrator'], other);
    expect(
      (
        await t.call('PUT', api(`tests/${id}/setup`, other.id), {
          token: otherAdmin.token,
          body: { acceptedValues: ['Z'] },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.call('GET', api('tests/999999/setup'), { token })).statusCode).toBe(404);
    expect((await t.call('PUT', api(`tests/${id}/setup`), { body: {} })).statusCode).toBe(401);
  });
});
