import { describe, expect, it } from 'vitest';
import { testApp, json, pagination } from '../../test/harness';
import { createAccount, createInstitution, login, signedIn } from '../../test/factories';
import { createProtocol, protocolRefs } from '../../test/protocols-fixtures';

const t = await testApp();
const { institution, token } = await signedIn(t, ['Coordinator']);
const r = await protocolRefs(t, institution.id, token);
const protocol = await createProtocol(t, institution.id, token);
const api = (p: string, protocolId = protocol.id, inst = institution.id) =>
  `/api/institutions/${inst}/collectionProtocols/${protocolId}/${p}`;
type Rec = Record<string, unknown> & { id: number };

describe('consents', () => {
  it('stores sanitised HTML, lists with creator, edits in place while unsigned, disables', async () => {
    const res = await t.call('POST', api('collectionProtocolConsents'), {
      token,
      body: {
        Title: 'Main consent',
        Consent: '<h1>Consent</h1><p onclick="x()">I agree</p><script>alert(1)</script><img src=x onerror=alert(1)>',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = json<Rec & { concurrencyStamp: string }>(res);
    expect(c).toMatchObject({
      title: 'Main consent',
      consent: '<h1>Consent</h1><p>I agree</p>',
      version: 1,
      signatureCount: 0,
    });
    const list = json<Rec[]>(await t.call('GET', api('collectionProtocolConsents'), { token }));
    expect(list.map((x) => [x.title, (x.enablerAccount as { firstName: string }).firstName])).toEqual([
      ['Main consent', 'Test'],
    ]);
    const edit = await t.call('PUT', api(`collectionProtocolConsents/${c.id}`), {
      token,
      body: {
        Title: 'Main consent v1',
        Consent: '<h2>Consent</h2><a href="javascript:alert(1)">x</a>',
        ConcurrencyStamp: c.concurrencyStamp,
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(json(edit)).toMatchObject({
      title: 'Main consent v1',
      version: 1,
      consent: '<h2>Consent</h2><a target="_blank" rel="noopener noreferrer nofollow">x</a>',
    });
    const stale = await t.call('PUT', api(`collectionProtocolConsents/${c.id}`), {
      token,
      body: { Title: 'x', ConcurrencyStamp: c.concurrencyStamp },
    });
    expect(stale.statusCode).toBe(409);
    const off = await t.call('POST', api(`collectionProtocolConsents/${c.id}/disable`), { token });
    expect(json(off)).toMatchObject({ isEnabled: false });
    expect(
      json(await t.call('POST', api('collectionProtocolConsents'), { token, body: { Consent: '<p>x</p>' } })).errors,
    ).toEqual({ title: ['*required'] });
  });
});

describe('sites', () => {
  it('adds sites of any institution at once, skips ones already there, and removes (disables) one', async () => {
    const other = await createInstitution(t);
    const res = await t.call('POST', api('collectionProtocolSites'), {
      token,
      body: { InstitutionSiteIds: [institution.site.id, other.site.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ added: 2 });
    const again = json(
      await t.call('POST', api('collectionProtocolSites'), { token, body: { InstitutionSiteId: other.site.id } }),
    );
    expect(again).toMatchObject({ added: 0, sites: [] });
    const list = json<(Rec & { institution: { title: string }; institutionSite: { title: string } })[]>(
      await t.call('GET', api('collectionProtocolSites'), { token }),
    );
    expect(list.map((s) => s.institution.title)).toEqual([institution.title, other.title]);
    const removed = await t.call('POST', api(`collectionProtocolSites/${list[1].id}/disable`), { token });
    expect(json(removed)).toMatchObject({ isEnabled: false });
    expect(json<Rec[]>(await t.call('GET', api('collectionProtocolSites'), { token })).map((s) => s.id)).toEqual([
      list[0].id,
    ]);
  });

  it('does nothing when nothing is chosen, and refuses unknown sites with a title', async () => {
    expect(
      json(await t.call('POST', api('collectionProtocolSites'), { token, body: { InstitutionSiteIds: [] } })),
    ).toEqual({ added: 0, sites: [] });
    const bad = await t.call('POST', api('collectionProtocolSites'), {
      token,
      body: { InstitutionSiteIds: [2_000_000_000] },
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).title).toMatch(/enabled institution sites/);
  });
});

describe('events', () => {
  it('keeps the code unique in the protocol, checks the site, and lists in time order converted to minutes', async () => {
    const p = await createProtocol(t, institution.id, token);
    const ev = (body: Record<string, unknown>) =>
      t.call('POST', api('collectionProtocolEvents', p.id), { token, body });
    const day = r.eventUnit('Day'),
      hour = r.eventUnit('Hour'),
      week = r.eventUnit('Week');
    expect(
      (await ev({ Label: 'Week 1', EventCode: 'W1', EventPoint: 1, CollectionProtocolEventUnitOfMeasurementId: week }))
        .statusCode,
    ).toBe(201);
    expect(
      (await ev({ Label: 'Day 2', EventCode: 'D2', EventPoint: 2, CollectionProtocolEventUnitOfMeasurementId: day }))
        .statusCode,
    ).toBe(201);
    const h = await ev({
      Label: 'Hour 30',
      EventCode: 'H3',
      EventPoint: 30,
      CollectionProtocolEventUnitOfMeasurementId: hour,
    });
    expect(json(h)).toMatchObject({ minutes: 1800, unit: { title: 'Hour' } });
    const list = await t.call('GET', api('collectionProtocolEvents', p.id), { token });
    expect(json<Rec[]>(list).map((e) => e.eventCode)).toEqual(['H3', 'D2', 'W1']);
    expect(pagination(list).TotalCount).toBe(3);
    const dup = await ev({
      Label: 'Again',
      EventCode: 'd2',
      EventPoint: 0,
      CollectionProtocolEventUnitOfMeasurementId: day,
    });
    expect(json(dup)).toMatchObject({ status: 409, code: 'protocols.event_code_taken' });
    expect(
      json(await ev({ Label: 'X', EventCode: 'ABC', CollectionProtocolEventUnitOfMeasurementId: day })).errors,
    ).toEqual({ eventCode: ['Code must be 2 characters or less'] });
    expect(json(await ev({ EventCode: '' })).errors).toMatchObject({
      label: ['*required'],
      eventCode: ['*required'],
      collectionProtocolEventUnitOfMeasurementId: ['*Required'],
    });
    const site = await ev({
      Label: 'At site',
      EventCode: 'S1',
      CollectionProtocolEventUnitOfMeasurementId: day,
      InstitutionSiteId: institution.site.id,
    });
    expect(json(site).code).toBe('protocols.event_site');
    await t.call('POST', api('collectionProtocolSites', p.id), {
      token,
      body: { InstitutionSiteIds: [institution.site.id] },
    });
    expect(
      json(
        await ev({
          Label: 'At site',
          EventCode: 'S1',
          CollectionProtocolEventUnitOfMeasurementId: day,
          InstitutionSiteId: institution.site.id,
        }),
      ),
    ).toMatchObject({ institutionSite: { id: institution.site.id } });
  });
});

describe('specimen requirement trees', () => {
  const setup = async () => {
    const p = await createProtocol(t, institution.id, token);
    const e = json<Rec>(
      await t.call('POST', api('collectionProtocolEvents', p.id), {
        token,
        body: { Label: 'Baseline', EventCode: 'BL', CollectionProtocolEventUnitOfMeasurementId: r.eventUnit('Day') },
      }),
    );
    return { p, e, path: api(`collectionProtocolEvents/${e.id}/collectionProtocolEventSpecimenRequirements`, p.id) };
  };
  const ml = () => r.unit('Millilitre');
  const requirement = (items: unknown[], over: Record<string, unknown> = {}) => ({
    Title: 'Whole blood',
    Code: 'WB',
    InitialQuantity: 10,
    UnitOfMeasurementId: ml(),
    SpecimenTypeId: r.types[0].id,
    AnatomicSiteId: r.blood,
    PathologicalStatusId: r.malignant,
    SpecimenCollectionProcedureId: r.venipuncture,
    items,
    ...over,
  });
  const item = (key: string, lineage: number, qty: number, parentKey?: string) => ({
    key,
    parentKey,
    SubSampleLineageId: lineage,
    SpecimenTypeId: r.types[0].id,
    InitialQuantity: qty,
  });

  it('creates a requirement with a tree of aliquots and derived items in one command', async () => {
    const { path } = await setup();
    const res = await t.call('POST', path, {
      token,
      body: requirement([
        item('a', r.aliquot, 4),
        item('b', r.aliquot, 6),
        item('d', r.derived, 50),
        item('a1', r.aliquot, 2, 'a'),
        item('a2', r.aliquot, 2, 'a'),
        item('a1x', r.derived, 9, 'a1'),
      ]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const tree = json<
      {
        children: {
          subSampleLineage: { title: string };
          initialQuantity: number;
          unitOfMeasurement: { unitSymbol: string };
          children: { children: unknown[] }[];
        }[];
      } & Rec
    >(res);
    expect(tree).toMatchObject({
      title: 'Whole blood',
      code: 'WB',
      unitOfMeasurement: { unitSymbol: 'mL' },
      anatomicSite: { title: 'Blood' },
      specimenCollectionProcedure: { title: 'Venipuncture' },
    });
    expect(tree.children.map((c) => [c.subSampleLineage.title, c.initialQuantity])).toEqual([
      ['Aliquot', 4],
      ['Aliquot', 6],
      ['Derived', 50],
    ]);
    expect(tree.children[0].children).toHaveLength(2);
    expect(tree.children[0].children[0].children).toHaveLength(1);
    const listed = json<Rec[]>(await t.call('GET', path, { token }));
    expect(listed).toEqual([tree]);
  });

  it('refuses aliquots that together exceed their parent, at any depth, and saves nothing', async () => {
    const { path } = await setup();
    const over = await t.call('POST', path, {
      token,
      body: requirement([item('a', r.aliquot, 6), item('b', r.aliquot, 5)]),
    });
    expect(over.statusCode).toBe(400);
    expect(json(over)).toMatchObject({
      code: 'protocols.aliquots_exceed',
      title: 'The aliquots of Whole blood need 11 together, more than its quantity of 10.',
    });
    const deep = await t.call('POST', path, {
      token,
      body: requirement([item('a', r.aliquot, 4), item('a1', r.aliquot, 3, 'a'), item('a2', r.aliquot, 1.5, 'a')]),
    });
    expect(json(deep).title).toBe('The aliquots of item a need 4.5 together, more than its quantity of 4.');
    expect(json<Rec[]>(await t.call('GET', path, { token }))).toEqual([]);
    const decimals = await t.call('POST', path, {
      token,
      body: requirement([item('a', r.aliquot, 0.1), item('b', r.aliquot, 0.2)], { InitialQuantity: 0.3 }),
    });
    expect(decimals.statusCode).toBe(201);
    expect(json(await t.call('POST', path, { token, body: requirement([item('a', r.aliquot, 1, 'zz')]) })).code).toBe(
      'protocols.tree_parent',
    );
    expect(
      json(await t.call('POST', path, { token, body: requirement([item('a', r.aliquot, 1), item('a', r.aliquot, 1)]) }))
        .code,
    ).toBe('protocols.tree_key');
    expect(
      json(
        await t.call('POST', path, {
          token,
          body: requirement([{ ...item('a', r.aliquot, 1), UnitOfMeasurementId: r.unit('Microlitre') }]),
        }),
      ).code,
    ).toBe('protocols.aliquot_unit');
  });

  it('adds items to a stored tree and checks the whole tree again', async () => {
    const { p, path } = await setup();
    const req = json<Rec & { children: Rec[] }>(
      await t.call('POST', path, { token, body: requirement([item('a', r.aliquot, 8)]) }),
    );
    const add = (body: unknown) =>
      t.call(
        'POST',
        api(
          `collectionProtocolEventSpecimenRequirements/${req.id}/collectionProtocolEventSpecimenRequirementItems`,
          p.id,
        ),
        { token, body },
      );
    expect(json(await add({ items: [item('b', r.aliquot, 3)] }))).toMatchObject({ code: 'protocols.aliquots_exceed' });
    const ok = await add({ items: [item('b', r.aliquot, 2), item('c', r.derived, 100)] });
    expect(ok.statusCode, ok.body).toBe(201);
    const under = await add({
      ParentItemId: req.children[0].id,
      items: [item('x', r.aliquot, 8), item('y', r.derived, 1, 'x')],
    });
    expect(json<{ children: { children: unknown[] }[] }>(under).children[0].children).toHaveLength(1);
    expect(json(await add({ ParentItemId: req.children[0].id, items: [item('z', r.aliquot, 0.5)] })).code).toBe(
      'protocols.aliquots_exceed',
    );
    expect((await add({ items: [] })).statusCode).toBe(400);
  });

  it('adds an item posted as the spec writes it (one object, spec 2 §3 fields) and answers the new item', async () => {
    const { p, e, path } = await setup();
    const req = json<Rec & { children: Rec[] }>(await t.call('POST', path, { token, body: requirement([]) }));
    const itemsUrl = api(
      `collectionProtocolEventSpecimenRequirements/${req.id}/collectionProtocolEventSpecimenRequirementItems`,
      p.id,
    );
    const specItem = (lineage: number, qty: number, parent: number | null) => ({
      specimenTypeID: r.types[0].id,
      subSampleLineageID: lineage,
      initialQuantity: qty,
      unitOfMeasurementID: ml(),
      collectionProtocolEventSpecimenRequirementID: req.id,
      parentCollectionProtocolEventSpecimenRequirementItemID: parent,
    });
    const top = await t.call('POST', itemsUrl, { token, body: specItem(r.aliquot, 4, null) });
    expect(top.statusCode, top.body).toBe(201);
    const a = json<Rec>(top);
    expect(a).toMatchObject({
      specimenTypeId: r.types[0].id,
      subSampleLineageId: r.aliquot,
      initialQuantity: 4,
      unitOfMeasurementId: ml(),
      collectionProtocolEventSpecimenRequirementId: req.id,
      parentCollectionProtocolEventSpecimenRequirementItemId: null,
      subSampleLineage: { title: 'Aliquot' },
    });
    expect(a.createdDate).toEqual(expect.any(String));
    const child = json<Rec>(await t.call('POST', itemsUrl, { token, body: specItem(r.derived, 1.5, a.id) }));
    expect(child).toMatchObject({
      parentCollectionProtocolEventSpecimenRequirementItemId: a.id,
      subSampleLineageId: r.derived,
      initialQuantity: 1.5,
    });
    const [stored] = json<(Rec & { children: (Rec & { children: Rec[] })[] })[]>(
      await t.call('GET', api(`collectionProtocolEvents/${e.id}/collectionProtocolEventSpecimenRequirements`, p.id), {
        token,
      }),
    );
    expect(
      stored.children.map((c) => [c.id, c.initialQuantity, c.children.map((x) => [x.id, x.initialQuantity])]),
    ).toEqual([[a.id, 4, [[child.id, 1.5]]]]);
    // The spec's form keeps the tree's rules, names another requirement only as a refusal, and says what is missing.
    expect(json(await t.call('POST', itemsUrl, { token, body: specItem(r.aliquot, 7, null) })).code).toBe(
      'protocols.aliquots_exceed',
    );
    expect(
      json(
        await t.call('POST', itemsUrl, {
          token,
          body: { ...specItem(r.aliquot, 1, null), collectionProtocolEventSpecimenRequirementID: req.id + 1 },
        }),
      ).code,
    ).toBe('protocols.item_requirement');
    expect(
      json(await t.call('POST', itemsUrl, { token, body: { ...specItem(r.aliquot, 1, null), specimenTypeID: null } }))
        .errors,
    ).toMatchObject({ specimenTypeId: ['*Required'] });
    expect((await t.call('POST', itemsUrl, { token, body: specItem(r.aliquot, 1, 2_000_000_000) })).statusCode).toBe(
      404,
    );
    const foreign = await signedIn(t, ['Coordinator']);
    const theirType = (await protocolRefs(t, foreign.institution.id, foreign.token)).types[0].id;
    const refused = await t.call('POST', itemsUrl, {
      token,
      body: { ...specItem(r.aliquot, 1, null), specimenTypeID: theirType },
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(json<{ errors: Record<string, string[]> }>(refused).errors)).toEqual(['specimenTypeId']);
  });

  it('checks the spec 2 §5 rules and the references', async () => {
    const { path } = await setup();
    const empty = await t.call('POST', path, { token, body: { items: [{}] } });
    expect(json<{ errors: Record<string, string[]> }>(empty).errors).toMatchObject({
      title: ['*required'],
      code: ['*required'],
      unitOfMeasurementId: ['*Required'],
      specimenTypeId: ['*Required'],
      'items.0.subSampleLineageId': ['*Required'],
    });
    expect(json(await t.call('POST', path, { token, body: requirement([], { Code: 'XYZ' }) })).errors).toEqual({
      code: ['Code must be 2 characters or less'],
    });
    const foreign = await signedIn(t, ['Coordinator']);
    const fr = await protocolRefs(t, foreign.institution.id, foreign.token);
    expect(
      (await t.call('POST', path, { token, body: requirement([], { SpecimenTypeId: fr.types[0].id }) })).statusCode,
    ).toBe(400);
  });
});

describe('permissions and tenancy of the protocol parts', () => {
  it('a Researcher reads but cannot add; another institution gets 404', async () => {
    const researcher = await createAccount(t, { roles: ['Researcher'], institutionIds: [institution.id] });
    const rt = await login(t, researcher.email);
    expect((await t.call('GET', api('collectionProtocolEvents'), { token: rt })).statusCode).toBe(200);
    expect(
      (
        await t.call('POST', api('collectionProtocolSites'), {
          token: rt,
          body: { InstitutionSiteIds: [institution.site.id] },
        })
      ).statusCode,
    ).toBe(403);
    const other = await signedIn(t, ['Coordinator']);
    const foreign = await createProtocol(t, other.institution.id, other.token);
    expect((await t.call('GET', api('collectionProtocolSites', foreign.id), { token })).statusCode).toBe(404);
    expect(
      (
        await t.call('POST', api('collectionProtocolEvents', foreign.id), {
          token,
          body: { Label: 'x', EventCode: 'x', CollectionProtocolEventUnitOfMeasurementId: r.eventUnit('Day') },
        })
      ).statusCode,
    ).toBe(404);
  });
});
