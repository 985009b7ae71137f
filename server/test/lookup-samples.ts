import { randomUUID } from 'node:crypto';
import { LOOKUP_BY_KEY, uniqueFields, type LookupEntity, type LookupField } from '../../contract/lookups.registry';
import type { TestApp } from './harness';

const uid = () => randomUUID().replace(/-/g, '').slice(0, 8);

function sampleText(f: LookupField) {
  const max = f.max ?? 200;
  if (max <= 4) return uid().slice(0, max);
  return `${f.label} ${uid()}`.slice(0, max);
}

/** An enabled record of the entity in the institution: the first one listed, or a new one. */
export async function anyRecord(
  t: TestApp,
  instId: number,
  token: string,
  key: string,
): Promise<Record<string, unknown>> {
  const res = await t.call('GET', `/api/institutions/${instId}/${key}?IsEnabled=true&PageSize=1`, { token });
  const [first] = res.json() as Record<string, unknown>[];
  if (first) return first;
  return createSample(t, instId, token, LOOKUP_BY_KEY[key]);
}

/** A valid create body for any registry entity, built from its declaration. */
export async function sampleInput(
  t: TestApp,
  instId: number,
  token: string,
  e: LookupEntity,
): Promise<Record<string, unknown>> {
  const v: Record<string, unknown> = {};
  for (const f of e.fields) {
    if (f.requiredWhen) continue; // its condition stays off
    if (f.kind === 'text' || f.kind === 'textarea' || f.kind === 'regex') v[f.name] = f.required ? sampleText(f) : null;
    else if (f.kind === 'number') v[f.name] = 1;
    else if (f.kind === 'integer') v[f.name] = 0;
    else if (f.kind === 'boolean') v[f.name] = false;
  }
  if (e.lte) Object.assign(v, { [e.lte.a]: 1, [e.lte.b]: 10 });
  for (const f of e.fields.filter((x) => x.kind === 'reference' && x.dependsOn && x.required && !x.requiredWhen)) {
    const target = await anyRecord(t, instId, token, f.ref!);
    v[f.name] = target.id;
    v[f.dependsOn!.field] = target[f.dependsOn!.refField];
  }
  for (const f of e.fields.filter(
    (x) => x.kind === 'reference' && x.required && !x.requiredWhen && v[x.name] === undefined,
  )) {
    // A reference in the unique key (panel test = panel + test) gets a fresh record, so samples never collide.
    const fresh = uniqueFields(e).includes(f.name);
    v[f.name] = (
      fresh ? await createSample(t, instId, token, LOOKUP_BY_KEY[f.ref!]) : await anyRecord(t, instId, token, f.ref!)
    ).id;
  }
  return v;
}

export async function createSample(
  t: TestApp,
  instId: number,
  token: string,
  e: LookupEntity,
  over: Record<string, unknown> = {},
) {
  const body = { ...(await sampleInput(t, instId, token, e)), ...over };
  const res = await t.call('POST', `/api/institutions/${instId}/${e.key}`, { token, body });
  if (res.statusCode !== 201) throw new Error(`create ${e.key} failed: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown>;
}
