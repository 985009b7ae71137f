import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../../platform/audit.table';
import { testApp, json } from '../../test/harness';
import { createAccount, createInstitution, login, PASSWORD, signedIn as signedInAs } from '../../test/factories';
import { participant, referenceIds } from '../../test/participants-fixtures';
import { labSetup } from '../../test/orders-fixtures';

// Issue 33: the account's language, and problems answered in the caller's language.
const t = await testApp();
const inst = await createInstitution(t);
const FR = { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' };

const signedIn = async () => {
  const acc = await createAccount(t, { roles: ['Institution Administrator'], institutionIds: [inst.id] });
  return { acc, token: await login(t, acc.email) };
};

describe('PUT /Authentication/language', () => {
  it('stores the language on the account, answers the account with it, and audits it', async () => {
    const { acc, token } = await signedIn();
    expect(json(await t.call('GET', '/api/Authentication/me', { token })).language).toBeNull();
    const res = await t.call('PUT', '/api/Authentication/language', { token, body: { language: 'fr' } });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ id: acc.id, language: 'fr' });
    expect(json(await t.call('GET', '/api/Authentication/me', { token })).language).toBe('fr');
    // A new sign-in answers it too.
    const again = await t.call('POST', '/api/Authentication/login', {
      body: { userName: acc.email, password: PASSWORD },
    });
    expect(json<{ account: { language: string } }>(again).account.language).toBe('fr');
    // null: the browser's language again.
    const back = await t.call('PUT', '/api/Authentication/language', { token, body: { Language: null } });
    expect(json(back).language).toBeNull();
    const rows = await t.db
      .select({ action: auditEvents.action, before: auditEvents.before, after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'account'), eq(auditEvents.entityId, String(acc.id))));
    const changes = rows.filter((r) => r.action === 'language_change');
    expect(changes).toHaveLength(2);
    expect(changes.map((r) => r.after)).toEqual(expect.arrayContaining([{ language: 'fr' }, { language: null }]));
  });

  it('refuses a code the server does not speak with a 400 naming the choices', async () => {
    const { token } = await signedIn();
    for (const language of ['xx', 'FR', '', 'fr-CA']) {
      const res = await t.call('PUT', '/api/Authentication/language', { token, body: { language } });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({
        code: 'validation',
        title: 'Language: Not a language of this server: choose one of en (English), fr (Français)',
      });
    }
    const missing = await t.call('PUT', '/api/Authentication/language', { token, body: {} });
    expect(missing.statusCode).toBe(400);
  });

  it('needs a signed-in account (401), answered in the Accept-Language', async () => {
    const res = await t.call('PUT', '/api/Authentication/language', { body: { language: 'fr' }, headers: FR });
    expect(res.statusCode).toBe(401);
    expect(json(res)).toMatchObject({
      code: 'unauthorized',
      title: "Vous n'êtes pas connecté ou votre session a expiré.",
    });
  });
});

describe('problems in the caller language', () => {
  it('answers a 400 in French with Accept-Language: fr, in English without it', async () => {
    const { token } = await signedIn();
    const body = { language: 'xx' };
    const fr = await t.call('PUT', '/api/Authentication/language', { token, body, headers: FR });
    expect(json(fr)).toMatchObject({
      code: 'validation',
      title: 'Langue\u00a0: Langue inconnue de ce serveur\u00a0: choisissez parmi en (English), fr (Français)',
      errors: { language: ['Langue inconnue de ce serveur\u00a0: choisissez parmi en (English), fr (Français)'] },
    });
    const en = await t.call('PUT', '/api/Authentication/language', { token, body });
    expect(json(en).title).toBe('Language: Not a language of this server: choose one of en (English), fr (Français)');
    // A language the server does not speak is English.
    const de = await t.call('PUT', '/api/Authentication/language', {
      token,
      body,
      headers: { 'accept-language': 'de' },
    });
    expect(json(de).title).toMatch(/^Language: Not a language/);
  });

  it("answers in the account's language when signed in, whatever Accept-Language says", async () => {
    const { token } = await signedIn();
    await t.call('PUT', '/api/Authentication/language', { token, body: { language: 'fr' } });
    const res = await t.call('POST', '/api/Authentication/changePassword', {
      token,
      headers: { 'accept-language': 'en' },
      body: {
        oldPassword: 'not-the-password',
        newPassword: 'Centrifuge-42-spin',
        confirmPassword: 'Centrifuge-42-spin',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      code: 'auth.old_password_wrong',
      title: "L'ancien mot de passe est incorrect.",
      errors: { oldPassword: ["L'ancien mot de passe est incorrect."] },
    });
    // The field messages of the contract are translated by their key.
    const invalid = await t.call('POST', '/api/Authentication/changePassword', { token, body: {} });
    expect(json(invalid)).toMatchObject({ errors: { oldPassword: ['*obligatoire'] } });
    // Chosen English wins over a French browser.
    await t.call('PUT', '/api/Authentication/language', { token, body: { language: 'en' } });
    const en = await t.call('GET', `/api/institutions/2147483647/patients`, { token, headers: FR });
    expect(json(en)).toMatchObject({ status: 404, title: 'Institution not found.' });
  });

  it('translates the generic problems and the title functions with their arguments', async () => {
    const { token } = await signedIn();
    const notFound = await t.call('GET', `/api/institutions/2147483647/patients`, { token, headers: FR });
    expect(json(notFound)).toMatchObject({ code: 'not_found', title: 'Établissement introuvable.' });
    const login401 = await t.call('POST', '/api/Authentication/login', {
      body: { userName: 'nobody@lab.test', password: 'x' },
      headers: FR,
      address: '10.33.0.1',
    });
    expect(json(login401)).toMatchObject({
      code: 'auth.invalid_credentials',
      title: "Nom d'utilisateur ou mot de passe incorrect.",
    });
    const badJson = await t.app.inject({
      method: 'PUT',
      url: '/api/Authentication/language',
      headers: { ...FR, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"language":',
    });
    expect(json(badJson).title).toBe("Le corps de la requête n'est pas du JSON valide.");
  });

  it("translates a participants error by its code, with the title function's arguments as values", async () => {
    const { institution, token } = await signedInAs(t, ['Clinician']);
    const r = await referenceIds(t, institution.id, token);
    const register = (body: Record<string, unknown>, headers?: Record<string, string>) =>
      t.call('POST', `/api/institutions/${institution.id}/patients/register`, { token, body, headers });
    const first = json<{ patientMRN: string }>(
      await register(participant(r, { siteMrns: [{ institutionSiteId: r.site, mrn: 'FR-33' }] })),
    );
    const site = await register(participant(r, { siteMrns: [{ institutionSiteId: r.site, mrn: 'fr-33' }] }), FR);
    expect(site.statusCode).toBe(409);
    expect(json(site)).toMatchObject({
      code: 'participants.mrn_taken',
      title: `Le numéro de dossier fr-33 est déjà enregistré sur ce site pour le participant au numéro de dossier ${first.patientMRN}.`,
    });
    const body = participant(r);
    await register(body);
    const same = await register({ ...body, FirstName: 'Autre' }, FR);
    expect(json(same).title).toBe(
      `Le numéro de dossier ${body.PatientMRN} est déjà enregistré pour un autre participant.`,
    );
    // Without Accept-Language: the English title, unchanged.
    expect(json(await register({ ...body, FirstName: 'Other' })).title).toBe(
      `MRN ${body.PatientMRN} is already registered to another participant.`,
    );
  });
});

describe('orders and reports in the caller language (issue 33)', () => {
  it('answers an orders 400 in French with Accept-Language: fr, and in the account language when signed in', async () => {
    const { institution, token } = await signedInAs(t, ['Institution Administrator']);
    const lab = await labSetup(t, institution.id, token);
    const place = (body: Record<string, unknown>, headers?: Record<string, string>) =>
      t.call('POST', `/api/institutions/${institution.id}/LIMSOrders/place`, { token, body, headers });
    const order = { patientIds: [lab.patient.id], priorityId: lab.priorityId, panelIds: [lab.panel.id] };

    // An orders error (orders.errors.ts) by its code.
    const unknown = await place({ ...order, collectedSampleId: 2147483647 }, FR);
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown)).toMatchObject({
      code: 'orders.collected_sample_unknown',
      title: "L'échantillon prélevé est introuvable dans cet établissement.",
    });
    expect(json(await place({ ...order, collectedSampleId: 2147483647 })).title).toBe(
      'The collected sample was not found in this institution.',
    );
    // A field message of the orders contract, by its key.
    const none = await place({ ...order, patientIds: [] }, FR);
    expect(none.statusCode).toBe(400);
    expect(json(none)).toMatchObject({
      title: 'Participants\u00a0: Choisissez au moins un participant',
      errors: { patientIds: ['Choisissez au moins un participant'] },
    });
    expect(json(await place({ ...order, patientIds: [] })).title).toBe('PatientIds: Select at least one participant');
    const list = await t.call('GET', `/api/institutions/${institution.id}/LIMSOrders?ReleaseState=soon`, {
      token,
      headers: FR,
    });
    expect(list.statusCode).toBe(400);
    expect(JSON.stringify(json(list))).toContain("L'état de validation est l'un de");

    // Signed in with French chosen: French whatever Accept-Language says.
    await t.call('PUT', '/api/Authentication/language', { token, body: { language: 'fr' } });
    const mine = await place({ ...order, collectedSampleId: 2147483647 }, { 'accept-language': 'en' });
    expect(json(mine).title).toBe("L'échantillon prélevé est introuvable dans cet établissement.");
    const missing = await t.call('GET', `/api/institutions/${institution.id}/LIMSOrders/2147483647`, { token });
    expect(json(missing).title).toBe('Demande introuvable.');
  });

  it('writes a report (page and CSV: title, headings, cells, footer) in the caller language', async () => {
    const { institution, token } = await signedInAs(t, ['Institution Administrator']);
    const lab = await labSetup(t, institution.id, token);
    const placed = await t.call('POST', `/api/institutions/${institution.id}/LIMSOrders/place`, {
      token,
      body: { patientIds: [lab.patient.id], priorityId: lab.priorityId, panelIds: [lab.panel.id] },
    });
    expect(placed.statusCode).toBe(201);
    const url = (p: string) => `/api/institutions/${institution.id}/reports/${p}?panelId=${lab.panel.id}`;
    const english = json<{ title: string; columns: { title: string }[]; footer: string[] }>(
      await t.call('GET', url('test-results'), { token }),
    );
    expect(english.title).toBe('Test Results');
    expect(english.columns.map((c) => c.title)).toContain('Serial Number');
    const french = await t.call('GET', url('test-results'), { token, headers: FR });
    const page = json<{
      title: string;
      columns: { title: string }[];
      rows: Record<string, unknown>[];
      footer: string[];
    }>(french);
    expect(page.title).toBe("Résultats d'analyses");
    expect(page.columns.map((c) => c.title)).toEqual(
      expect.arrayContaining(["N° d'ordre", "N° d'échantillon", 'Remarques', 'Date de la demande']),
    );
    expect(Object.values(page.rows[0])).toContain('Pas de résultat');
    expect(page.footer[0]).toMatch(/^Du \d{4}-\d{2}-\d{2} au \d{4}-\d{2}-\d{2}, les deux jours inclus/);
    expect(page.footer.at(-1)).toMatch(/^Généré le /);

    // The CSV in the account's language: headings, footer, file name.
    await t.call('PUT', '/api/Authentication/language', { token, body: { language: 'fr' } });
    const csv = await t.call('GET', `/api/institutions/${institution.id}/reports/test-usage.csv`, { token });
    expect(csv.statusCode).toBe(200);
    const [head] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(head).toBe(
      '"Analyse","À la charge du patient","Gratuit","Demi-tarif","Paiement différé","Assurance","Total"',
    );
    expect(csv.body).toContain('"Chaque analyse demandée compte une fois."');
    expect(String(csv.headers['content-disposition'])).toContain(
      encodeURIComponent("Rapport d'utilisation des analyses.csv"),
    );
  });
});

describe('field messages with values (issue 33: contract/messages.ts MSG_FORMATS)', () => {
  it('answers a contract rule that carries a number in French, with the number', async () => {
    const { token } = await signedIn();
    const res = await t.call('GET', `/api/institutions/${inst.id}/collectedSampleShipments?Statuses=nope`, {
      token,
      headers: FR,
    });
    expect(res.statusCode).toBe(400);
    const body = json<{ title: string; errors: Record<string, string[]> }>(res);
    expect(JSON.stringify(body.errors)).toContain('Séparés par des virgules, chacun parmi');
    const sort = await t.call('GET', `/api/institutions/${inst.id}/LIMSOrders?SortDirection=up`, {
      token,
      headers: FR,
    });
    expect(sort.statusCode).toBe(400);
    expect(JSON.stringify(json(sort))).toContain('Le sens du tri est asc ou desc');
  });
});
