// Spec 1 §7 counts for the dashboard: collectionProtocols/count and collectedSamples/count answer like
// patients/count ({ count, isEstimate }), count the institution's enabled records and no other institution's.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testApp, json } from './harness';
import { signedIn } from './factories';
import { createProtocol } from './protocols-fixtures';
import { sampleSetUp } from './samples-fixtures';
import { collectionProtocols } from '../modules/protocols/protocols.table';
import { collectedSamples } from '../modules/samples/samples.table';

const t = await testApp();
const own = await signedIn(t, ['Coordinator']);
const other = await signedIn(t, ['Coordinator']);
const count = (inst: number, token: string, what: string) =>
  t.call('GET', `/api/institutions/${inst}/${what}/count`, { token });

describe('dashboard counts (spec 1 §7)', () => {
  it('collectionProtocols/count: the literal path, not an id; enabled protocols of this institution only', async () => {
    expect(json(await count(own.institution.id, own.token, 'collectionProtocols'))).toEqual({
      count: 0,
      isEstimate: false,
    });
    const a = await createProtocol(t, own.institution.id, own.token);
    await createProtocol(t, own.institution.id, own.token);
    const disabled = await createProtocol(t, own.institution.id, own.token);
    await t.db.update(collectionProtocols).set({ isEnabled: false }).where(eq(collectionProtocols.id, disabled.id));
    await createProtocol(t, other.institution.id, other.token);
    const res = await count(own.institution.id, own.token, 'collectionProtocols');
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ count: 2, isEstimate: false });
    expect(json(await count(other.institution.id, other.token, 'collectionProtocols'))).toEqual({
      count: 1,
      isEstimate: false,
    });
    // The protocol itself is still read by id.
    expect(
      json(
        await t.call('GET', `/api/institutions/${own.institution.id}/collectionProtocols/${a.id}`, {
          token: own.token,
        }),
      ),
    ).toMatchObject({ id: a.id });
  });

  it('collectedSamples/count: enabled samples of every protocol of this institution only', async () => {
    const first = await sampleSetUp(t, own.institution, own.token);
    const second = await sampleSetUp(t, own.institution, own.token);
    const before = json<{ count: number }>(await count(own.institution.id, own.token, 'collectedSamples')).count;
    await first.sample();
    await second.sample();
    const gone = await second.sample();
    await t.db.update(collectedSamples).set({ isEnabled: false }).where(eq(collectedSamples.id, gone.id));
    const foreign = await sampleSetUp(t, other.institution, other.token);
    await foreign.sample();
    const res = await count(own.institution.id, own.token, 'collectedSamples');
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ count: before + 2, isEstimate: false });
    const all = await t.db
      .select({ id: collectedSamples.id })
      .from(collectedSamples)
      .where(eq(collectedSamples.institutionId, own.institution.id));
    expect(json<{ count: number }>(res).count).toBe(all.length - 1);
    expect(
      json<{ count: number }>(await count(other.institution.id, other.token, 'collectedSamples')).count,
    ).toBeGreaterThanOrEqual(1);
  });

  it("another institution's counts are 404 to this account", async () => {
    expect((await count(other.institution.id, own.token, 'collectionProtocols')).statusCode).toBe(404);
    expect((await count(other.institution.id, own.token, 'collectedSamples')).statusCode).toBe(404);
  });
});
