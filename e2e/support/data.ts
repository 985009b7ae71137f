import { expect } from '@playwright/test';
import type { Admin } from '../server-process';

/** A short, run-unique suffix for titles, e-mails and MRNs (the tests share one database). */
export const unique = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 6)}`;

export interface ApiHelpers {
  login: (email: string, password: string) => Promise<string>;
  /** A session of the account for setting up data: the worker's stored one while it is valid, else a new login. */
  session: (email: string, password: string) => Promise<string>;
  call: <T = Rec>(method: string, path: string, token: string, body?: unknown) => Promise<{ status: number; body: T }>;
}

export type Rec = Record<string, unknown> & { id: number; title?: string };

/**
 * Sessions made for setting up data, by server and account: each signs in once per worker (scrypt makes a sign-in the
 * dearest request there is), not once per factory call (issue 29 item 9).
 */
const sessions = new Map<string, string>();

/** The server's API under /api, as the web app calls it (a bearer token per request). */
export function apiHelpers(baseUrl: string): ApiHelpers {
  const call = async <T = Rec>(method: string, p: string, token: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}/api${p}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  };
  const login = async (email: string, password: string) => {
    const res = await call<{ token: string }>('POST', '/Authentication/login', '', {
      userName: email,
      password,
      stayLoggedIn: false,
    });
    expect(res.status, `API login of ${email}`).toBe(200);
    return res.body.token;
  };
  return {
    call,
    login,
    session: async (email, password) => {
      const key = `${baseUrl}\n${email}\n${password}`;
      const stored = sessions.get(key);
      if (stored && (await call('GET', '/Authentication/me', stored)).status === 200) return stored;
      const token = await login(email, password);
      sessions.set(key, token);
      return token;
    },
  };
}

export type Biobank = Awaited<ReturnType<typeof centralBiobank>>;

/**
 * The administrator's view of the Central Biobank through the API: its id, a token, `call` for paths under
 * /institutions/{id}/ (a failed call fails the test with the server's answer), `list` and `ids` (title -> id
 * of a configuration list, enabled records only).
 */
export async function centralBiobank(api: ApiHelpers, admin: Admin) {
  const token = await api.session(admin.email, admin.password);
  const { body: institutions } = await api.call<Rec[]>('GET', '/institutions', token);
  return institutionView(api, token, institutions.find((i) => i.title === 'Central Biobank')!.id);
}

/** The same view of any institution the token may act in (e.g. a second institution made by `secondInstitution`). */
export function institutionView(api: ApiHelpers, token: string, instId: number) {
  const call = async <T = Rec>(method: string, p: string, body?: unknown) => {
    const res = await api.call<T>(method, `/institutions/${instId}/${p}`, token, body);
    expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  const list = (p: string) => call<Rec[]>('GET', `${p}${p.includes('?') ? '&' : '?'}PageSize=1000`);
  const ids = async (p: string) => new Map((await list(`${p}?IsEnabled=true`)).map((r) => [r.title as string, r.id]));
  return { api, token, instId, call, list, ids };
}

export interface NewParticipant {
  mrn: string;
  firstName?: string;
  fatherName?: string;
  maritalStatus?: string;
  races?: string[];
  ethnicity?: string;
  phone?: string;
  vitalStatus?: string;
  deathDate?: string;
}

/** A participant registered through the API (for tests about an existing participant). */
export async function registerParticipant(b: Biobank, p: NewParticipant) {
  const [types, genders, marital, vital, races, ethnicities, phoneTypes] = await Promise.all(
    ['patientTypes', 'genders', 'maritalStatuses', 'vitalStatuses', 'races', 'ethnicities', 'phoneNumberTypes'].map(
      b.ids,
    ),
  );
  return b.call<{ id: number; firstName: string; fatherName: string }>('POST', 'patients/register', {
    patientMRN: p.mrn,
    firstName: p.firstName ?? 'Selam',
    fatherName: p.fatherName ?? `Api${p.mrn.slice(-4)}`,
    grandFatherName: 'Tesfaye',
    patientTypeId: types.get('Outpatient'),
    genderId: genders.get('Female'),
    maritalStatusId: marital.get(p.maritalStatus ?? 'Married'),
    vitalStatusId: vital.get(p.vitalStatus ?? 'Alive'),
    deathDate: p.deathDate ?? null,
    birthDate: '1990-06-01',
    birthTime: '14:05',
    races: (p.races ?? ['Asian']).map((r) => races.get(r)),
    ethnicities: [ethnicities.get(p.ethnicity ?? 'Unknown')],
    phoneNumbers: p.phone ? [{ phoneNumber: p.phone, phoneNumberTypeId: phoneTypes.get('Mobile') }] : [],
    siteMrns: [],
  });
}

/** The number of participants of the Central Biobank. */
export async function participantCount(b: Biobank) {
  return (await b.call<{ count: number }>('GET', 'patients/count')).count;
}

export interface NewAccount {
  /** One role (default Technician); `roles` gives several. */
  role?: string;
  roles?: string[];
  firstName?: string;
  lastName?: string;
  password?: string;
  email?: string;
}

/** An account in the Central Biobank with the given roles, made through the API; returns its id and credentials. */
export async function createAccount(b: Biobank, a: NewAccount = {}) {
  const email = a.email ?? `e2e.${unique()}@lab.test`;
  const password = a.password ?? 'Original#2024-tube'; // zxcvbn score 4 (issue 26: new passwords need 3)
  const res = await b.api.call('POST', '/users', b.token, {
    firstName: a.firstName ?? 'Tess',
    lastName: a.lastName ?? 'Api',
    email,
    password,
    confirmPassword: password,
    phoneNumber: '0911223344',
    roles: a.roles ?? [a.role ?? 'Technician'],
    institutionId: b.instId,
  });
  expect(res.status, `create account: ${JSON.stringify(res.body)}`).toBe(201);
  return { id: res.body.id, email, password };
}

/** A new institution (the administrator is a Super Administrator) that `account` joins with `roles`; returns its title. */
export async function secondInstitution(b: Biobank, account: { id: number }, roles: string[]) {
  const title = `Second Biobank ${unique()}`;
  const created = await b.api.call('POST', '/institutions', b.token, {
    title,
    abbreviation: 'SB',
    address: '9 River Road',
  });
  expect(created.status, `create institution: ${JSON.stringify(created.body)}`).toBe(201);
  const joined = await b.api.call('POST', `/users/${account.id}/institutions`, b.token, {
    institutionId: created.body.id,
    roles,
  });
  expect(joined.status, `add membership: ${JSON.stringify(joined.body)}`).toBe(200);
  return title;
}

/** An order for one participant placed through the API (the first priority unless one is given). */
export async function orderByApi(b: Biobank, o: { patientId: number; panelIds: number[]; priorityId?: number }) {
  const priorityId = o.priorityId ?? (await b.list('priorities'))[0].id;
  const [order] = await b.call<{ id: number; sampleId: string }[]>('POST', 'LIMSOrders/place', {
    patientIds: [o.patientId],
    priorityId,
    panelIds: o.panelIds,
  });
  return order;
}

/** A department and a panel holding one free-text test, through the API. */
export async function freeTextPanel(b: Biobank, s = unique()) {
  const department = await b.call('POST', 'departments', {
    title: `Cytology ${s}`,
    abbreviation: 'CYT',
    description: 'Cytology',
    isSubDepartment: false,
  });
  const [specimen] = await b.list('specimenTypes?IsEnabled=true');
  const panel = await b.call('POST', 'panels', {
    title: `Smear ${s}`,
    abbreviation: 'SME',
    description: 'Smear panel',
    icdCode: null,
    specimenTypeCategoryId: specimen.specimenTypeCategoryId,
    specimenTypeId: specimen.id,
    departmentId: department.id,
  });
  const test = await b.call('POST', 'tests', {
    title: `Morphology ${s}`,
    abbreviation: 'MOR',
    description: 'Free text',
  });
  await b.call('POST', 'panelTests', { panelId: panel.id, testId: test.id });
  return { panel, test };
}

/** A department, a panel holding one free-text test, a participant and their order, all through the API. */
export async function freeTextOrder(b: Biobank) {
  const s = unique();
  const { panel, test } = await freeTextPanel(b, s);
  const patient = await registerParticipant(b, { mrn: `MRN-${s}`.toUpperCase() });
  const order = await orderByApi(b, { patientId: patient.id, panelIds: [panel.id] });
  return { orderId: order.id, sampleId: order.sampleId, test: test.title as string };
}

/** A free-text order (freeTextOrder) whose one result is saved through the API. */
export async function orderWithResult(b: Biobank, result = 'Normal morphology') {
  const order = await freeTextOrder(b);
  type Detail = { orderedPanels: { orderedTests: { testResult: { id: number; concurrencyStamp: string } }[] }[] };
  const detail = await b.call<Detail>('GET', `LIMSOrders/${order.orderId}`);
  const saved = detail.orderedPanels[0].orderedTests[0].testResult;
  await b.call('PUT', `LIMSOrders/${order.orderId}/results`, {
    results: [{ resultId: saved.id, result, concurrencyStamp: saved.concurrencyStamp }],
  });
  return order;
}

type OrderDetailBody = {
  id: number;
  orderedPanels: {
    orderedTests: { test: { title: string }; testResult: { id: number; concurrencyStamp: string } }[];
  }[];
};

/**
 * An order with saved results, through the API: one panel holding a numeric test with a unit and a
 * range (its result above the range, so flagged High), an accepted-value test and a free-text test.
 */
export async function orderWithResults(b: Biobank) {
  const s = unique();
  const department = await b.call('POST', 'departments', {
    title: `Chemistry ${s}`,
    abbreviation: 'CHEM',
    description: 'Chemistry',
    isSubDepartment: false,
  });
  const [specimen] = await b.list('specimenTypes?IsEnabled=true');
  const panel = await b.call('POST', 'panels', {
    title: `Renal ${s}`,
    abbreviation: 'REN',
    description: 'Renal panel',
    icdCode: null,
    specimenTypeCategoryId: specimen.specimenTypeCategoryId,
    specimenTypeId: specimen.id,
    departmentId: department.id,
  });
  const mmol = (await b.list('unitOfMeasurements')).find((u) => u.unitSymbol === 'mmol/L')!;
  const numeric = await b.call('POST', 'tests', {
    title: `Creatinine ${s}`,
    abbreviation: 'CRE',
    description: 'Serum creatinine',
    hasRange: true,
    hasUnitOfMeasurement: true,
    unitOfMeasurementTypeId: mmol.unitOfMeasurementTypeId,
    unitOfMeasurementId: mmol.id,
  });
  await b.call('POST', `tests/${numeric.id}/testResultRanges`, { minimumValue: 3.5, maximumValue: 5.5 });
  const accepted = await b.call('POST', 'tests', {
    title: `Hepatitis B ${s}`,
    abbreviation: 'HBV',
    description: 'Rapid test',
    hasAcceptedValue: true,
  });
  for (const title of ['Positive', 'Negative'])
    await b.call('POST', `tests/${accepted.id}/testAcceptedValues`, {
      title,
      abbreviation: title.slice(0, 3),
      description: title,
    });
  const text = await b.call('POST', 'tests', {
    title: `Urine sediment microscopy ${s}`,
    abbreviation: 'USM',
    description: 'Free text',
  });
  for (const t of [numeric, accepted, text]) await b.call('POST', 'panelTests', { panelId: panel.id, testId: t.id });
  const mrn = `MRN-${s}`.toUpperCase();
  const patient = await registerParticipant(b, { mrn, firstName: 'Hirut', fatherName: `Phone${s.slice(-4)}` });
  const order = await orderByApi(b, { patientId: patient.id, panelIds: [panel.id] });
  const detail = await b.call<OrderDetailBody>('GET', `LIMSOrders/${order.id}`);
  const result = (title: string) =>
    detail.orderedPanels[0].orderedTests.find((t) => t.test.title === title)!.testResult;
  await b.call('PUT', `LIMSOrders/${order.id}/results`, {
    results: [
      {
        resultId: result(numeric.title as string).id,
        result: '7.2',
        concurrencyStamp: result(numeric.title as string).concurrencyStamp,
      },
      {
        resultId: result(accepted.title as string).id,
        result: 'Negative',
        concurrencyStamp: result(accepted.title as string).concurrencyStamp,
      },
    ],
  });
  return {
    sampleId: order.sampleId,
    mrn,
    name: `Hirut ${patient.fatherName}`,
    panel: panel.title as string,
    numeric: numeric.title as string,
    accepted: accepted.title as string,
    text: text.title as string,
  };
}
