import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { testApp, json } from './harness';
import { signedIn } from './factories';
import { sampleSetUp, type Sample } from './samples-fixtures';
import { protocolRefs } from './protocols-fixtures';
import { collectedSamples } from '../modules/samples/samples.table';
import { collectionProtocols } from '../modules/protocols/protocols.table';
import { MSG } from '../../contract/messages';
import { parseTypedNumber, typedNumber } from '../../contract/common.contract';
import { fieldSchema } from '../../contract/lookups.schemas';

// Issue 28 item 2: what was typed is stored as typed or refused with a field message, never changed.
const t = await testApp();
const { institution, token } = await signedIn(t, ['Institution Administrator']);
const p = await sampleSetUp(t, institution, token);
const refs = await protocolRefs(t, institution.id, token);
const inst = `/api/institutions/${institution.id}`;

const samplesStored = async () =>
  (
    await t.db.select({ n: count() }).from(collectedSamples).where(eq(collectedSamples.institutionId, institution.id))
  )[0].n;
type Problem = { title: string; code?: string; errors?: Record<string, string[]> };

/** A 400 whose problem names `field` with `message`, and nothing new stored. */
async function refused(
  call: Promise<{ statusCode: number; body: string; json(): unknown }>,
  field: string,
  message: string | RegExp,
) {
  const before = await samplesStored();
  const res = await call;
  expect(res.statusCode, res.body).toBe(400);
  const problem = res.json() as Problem;
  expect(problem.title.length).toBeGreaterThan(0);
  expect(problem.errors?.[field]?.[0], res.body).toMatch(message);
  expect(await samplesStored(), 'nothing was saved').toBe(before);
  return problem;
}

const setZone = async (timeZone: string) => {
  const me = json<{ concurrencyStamp: string; title: string; abbreviation: string; address: string }>(
    await t.call('GET', `/api/institutions/${institution.id}`, { token }),
  );
  return t.call('PUT', '/api/institutions', {
    token,
    body: {
      id: institution.id,
      title: me.title,
      abbreviation: me.abbreviation,
      address: me.address,
      timeZone,
      concurrencyStamp: me.concurrencyStamp,
    },
  });
};

describe('impossible dates are refused, never rolled over', () => {
  it('2027-02-30 as a collected date is 400 on the sample, the stepper and a sub-sample', async () => {
    await refused(
      t.call('POST', p.api(), { token, body: p.body({ CollectedDate: '2027-02-30' }) }),
      'collectedDate',
      MSG.invalidDate,
    );
    await refused(
      t.call('POST', p.api('/collect'), {
        token,
        body: {
          CollectionProtocolEventId: p.event.id,
          PatientId: p.patient.id,
          CollectedDate: '2026-02-29',
          CollectedTime: '10:00',
          Rows: [
            {
              Key: 'wb',
              SpecimenTypeId: refs.type('Whole Blood'),
              Quantity: 1,
              UnitOfMeasurementId: refs.unit('Millilitre'),
            },
          ],
        },
      }),
      'collectedDate',
      MSG.invalidDate,
    );
    const parent = await p.sample();
    await refused(
      p.sub(parent, { CollectedDate: '2026-04-31', CollectedTime: '10:00' }),
      'collectedDate',
      MSG.invalidDate,
    );
  });

  it('an impossible protocol start date is 400, not the next month', async () => {
    const res = await t.call('POST', `${inst}/collectionProtocols`, {
      token,
      body: { Title: 'Feb thirty', Abbreviation: 'F30', Code: 'F3', StartDate: '2027-02-30', ExpectedParticipants: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as Problem).errors?.startDate).toEqual([MSG.invalidDate]);
  });
});

describe("collection dates are at most today in the institution's time zone", () => {
  const day = (offsetDays: number, from = t.clock.now) =>
    new Date(from.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

  it('tomorrow is refused with a field message on the sample, the stepper and a sub-sample; today is accepted', async () => {
    t.clock.now = new Date('2026-06-10T12:00:00Z');
    const future = await refused(
      t.call('POST', p.api(), { token, body: p.body({ CollectedDate: day(1) }) }),
      'collectedDate',
      MSG.collectedFuture,
    );
    expect(future.code).toBe('samples.future_date');
    expect(future.title).toBe('Collected date cannot be in the future: 2026-06-11 is after today (2026-06-10).');
    await refused(
      t.call('POST', p.api('/collect'), {
        token,
        body: {
          CollectionProtocolEventId: p.event.id,
          PatientId: p.patient.id,
          CollectedDate: '2031-01-01',
          CollectedTime: '10:00',
          Rows: [
            {
              Key: 'wb',
              SpecimenTypeId: refs.type('Whole Blood'),
              Quantity: 1,
              UnitOfMeasurementId: refs.unit('Millilitre'),
            },
          ],
        },
      }),
      'collectedDate',
      MSG.collectedFuture,
    );
    const parent = await p.sample({ CollectedDate: day(0) });
    expect(parent.collectedDate).toBe('2026-06-10');
    await refused(
      p.sub(parent, { CollectedDate: day(1), CollectedTime: '10:00' }),
      'collectedDate',
      MSG.collectedFuture,
    );
  });

  it('"today" is the institution\'s: 2026-06-11 is tomorrow in UTC but today on Kiritimati (UTC+14)', async () => {
    t.clock.now = new Date('2026-06-10T12:00:00Z');
    await refused(
      t.call('POST', p.api(), { token, body: p.body({ CollectedDate: '2026-06-11' }) }),
      'collectedDate',
      MSG.collectedFuture,
    );
    const zoned = await setZone('Pacific/Kiritimati');
    expect(zoned.statusCode, zoned.body).toBe(200);
    expect(json<{ timeZone: string }>(zoned).timeZone).toBe('Pacific/Kiritimati');
    const s = json<Sample>(await t.call('POST', p.api(), { token, body: p.body({ CollectedDate: '2026-06-11' }) }));
    expect(s.collectedDate).toBe('2026-06-11');
    // A sub-sample without a date is dated today there, not in UTC.
    const sub = await p.sub(s);
    expect(sub.statusCode, sub.body).toBe(201);
    expect(json<Sample>(sub).collectedDate).toBe('2026-06-11');
    expect((await setZone('UTC')).statusCode).toBe(200);
  });

  it('an unknown time zone is refused', async () => {
    const res = await setZone('Mars/Olympus_Mons');
    expect(res.statusCode).toBe(400);
    expect((res.json() as Problem).errors?.timeZone?.[0]).toMatch(/Not a known time zone/);
  });
});

describe('numbers that do not parse are errors, never coerced', () => {
  const NOT_NUMBERS = ['1O.5', '1.5abc', 'NaN', 'Infinity', '0x10', '1e3', '1,5', '- 1', true];

  it('a collected amount that is not a number is 400 "Enter a number" (empty: *required)', async () => {
    t.clock.now = new Date();
    for (const bad of NOT_NUMBERS) {
      await refused(
        t.call('POST', p.api(), { token, body: p.body({ CollectedAmount: bad }) }),
        'collectedAmount',
        MSG.enterNumber,
      );
    }
    await refused(
      t.call('POST', p.api(), { token, body: p.body({ CollectedAmount: '' }) }),
      'collectedAmount',
      MSG.required,
    );
    const ok = json<Sample>(await t.call('POST', p.api(), { token, body: p.body({ CollectedAmount: ' 10.5 ' }) }));
    expect(ok.collectedAmount).toBe(10.5);
  });

  it('a stepper quantity and an adjustment that do not parse are 400', async () => {
    await refused(
      t.call('POST', p.api('/collect'), {
        token,
        body: {
          CollectionProtocolEventId: p.event.id,
          PatientId: p.patient.id,
          CollectedDate: '2026-05-02',
          CollectedTime: '10:00',
          Rows: [
            {
              Key: 'wb',
              SpecimenTypeId: refs.type('Whole Blood'),
              Quantity: '1O.5',
              UnitOfMeasurementId: refs.unit('Millilitre'),
            },
          ],
        },
      }),
      'rows.0.quantity',
      MSG.enterNumber,
    );
    const s = await p.sample();
    const res = await t.call('POST', p.api(`/${s.id}/adjustments`), {
      token,
      body: { Amount: '1O.5', Reason: 'spill', ConcurrencyStamp: s.concurrencyStamp },
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as Problem).errors?.amount).toEqual([MSG.enterNumber]);
    const after = json<Sample>(await t.call('GET', p.api(`/${s.id}`), { token }));
    expect(after.remainingAmount).toBe(s.remainingAmount);
  });

  it('the one rule: complete parses only', () => {
    const rule = typedNumber({ min: 0 });
    expect(rule.parse('1.5')).toBe(1.5);
    expect(rule.parse(2)).toBe(2);
    for (const bad of [...NOT_NUMBERS, Number.NaN, Number.POSITIVE_INFINITY, ''])
      expect(rule.safeParse(bad).success, String(bad)).toBe(false);
    expect(parseTypedNumber('1O.5')).toBeNull();
    expect(parseTypedNumber('-.5')).toBe(-0.5);
    expect(typedNumber({ whole: true }).safeParse('1.5').error?.issues[0].message).toBe(MSG.enterWholeNumber);
    // Configuration numbers go through it too: '0x10' is not 16.
    const ordinal = fieldSchema({ name: 'ordinal', label: 'Ordinal', kind: 'integer', required: true });
    expect(ordinal.safeParse('0x10').error?.issues[0].message).toBe('Ordinal must be a number');
    expect(ordinal.parse('16')).toBe(16);
  });
});

describe('length limits: the server refuses what the screen would not take', () => {
  it('a 3-character protocol code is 400 "Code must be 2 characters or less" and no protocol is made', async () => {
    const before = (
      await t.db
        .select({ n: count() })
        .from(collectionProtocols)
        .where(eq(collectionProtocols.institutionId, institution.id))
    )[0].n;
    const res = await t.call('POST', `${inst}/collectionProtocols`, {
      token,
      body: { Title: 'Too long code', Abbreviation: 'TLC', Code: 'BCX', ExpectedParticipants: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as Problem).errors?.code).toEqual([MSG.code2]);
    expect(
      (
        await t.db
          .select({ n: count() })
          .from(collectionProtocols)
          .where(eq(collectionProtocols.institutionId, institution.id))
      )[0].n,
    ).toBe(before);
  });

  it('a 5-character institution abbreviation is 400, not cut to 4', async () => {
    const me = json<{ concurrencyStamp: string; title: string; address: string }>(
      await t.call('GET', `/api/institutions/${institution.id}`, { token }),
    );
    const res = await t.call('PUT', '/api/institutions', {
      token,
      body: {
        id: institution.id,
        title: me.title,
        abbreviation: 'ABCDE',
        address: me.address,
        concurrencyStamp: me.concurrencyStamp,
      },
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as Problem).errors?.abbreviation).toEqual([MSG.abbreviation4]);
  });
});
