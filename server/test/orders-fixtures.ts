import { LOOKUP_BY_KEY as L } from '../../contract/lookups.registry';
import { json, type TestApp } from './harness';
import { createSample } from './lookup-samples';
import { participant, referenceIds } from './participants-fixtures';

type Rec = Record<string, unknown> & { id: number };

/** A panel with a numeric test (range 3.5-5.5), an accepted-value test (Positive/Negative) and a free-text test. */
export async function labSetup(t: TestApp, instId: number, token: string) {
  const api = (p: string) => `/api/institutions/${instId}/${p}`;
  const post = async (p: string, body: unknown) => {
    const res = await t.call('POST', api(p), { token, body });
    if (res.statusCode !== 201) throw new Error(`${p}: ${res.statusCode} ${res.body}`);
    return res.json() as Rec;
  };
  const suffix = Math.random().toString(36).slice(2, 7);
  const panel = (await createSample(t, instId, token, L.panels, { title: `Panel ${suffix}` })) as Rec;
  const glucose = await post('tests', {
    title: `Glucose ${suffix}`,
    abbreviation: 'GLU',
    description: 'mmol/L',
    hasRange: true,
  });
  const hiv = await post('tests', {
    title: `HIV ${suffix}`,
    abbreviation: 'HIV',
    description: 'Rapid test',
    hasAcceptedValue: true,
  });
  const note = await post('tests', { title: `Morphology ${suffix}`, abbreviation: 'MOR', description: 'Free text' });
  await post(`tests/${glucose.id}/testResultRanges`, { minimumValue: 3.5, maximumValue: 5.5 });
  await post(`tests/${hiv.id}/testAcceptedValues`, { title: 'Positive', abbreviation: 'POS', description: 'Reactive' });
  await post(`tests/${hiv.id}/testAcceptedValues`, {
    title: 'Negative',
    abbreviation: 'NEG',
    description: 'Non-reactive',
  });
  for (const test of [glucose, hiv, note]) await post('panelTests', { panelId: panel.id, testId: test.id });
  const second = (await createSample(t, instId, token, L.panels, { title: `Second ${suffix}` })) as Rec;
  await post('panelTests', { panelId: second.id, testId: note.id });
  const refs = await referenceIds(t, instId, token);
  const patient = await post('patients/register', participant(refs));
  const priorities = (await t.call('GET', api('priorities?PageSize=10'), { token })).json() as Rec[];
  return { panel, second, glucose, hiv, note, patient, priorityId: priorities[0].id, refs };
}

/** Places one order of labSetup's panel for its patient (the spec's place call); its orders, or a thrown error. */
export async function placeLabOrder(
  t: TestApp,
  instId: number,
  token: string,
  lab: Awaited<ReturnType<typeof labSetup>>,
) {
  const res = await t.call('POST', `/api/institutions/${instId}/LIMSOrders/place`, {
    token,
    body: {
      patientIds: [lab.patient.id],
      priorityId: lab.priorityId,
      panelIds: [lab.panel.id],
      paymentCategoryId: null,
    },
  });
  if (res.statusCode !== 201) throw new Error(`LIMSOrders/place: ${res.statusCode} ${res.body}`);
  return json<Rec[]>(res);
}
