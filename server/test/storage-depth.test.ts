import { describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MAX_TEMPLATE_BOXES, type PathRef } from '../../contract/storage.contract';
import { testApp, json } from './harness';
import { signedIn } from './factories';
import { participant, referenceIds } from './participants-fixtures';
import { createProtocol, protocolRefs } from './protocols-fixtures';
import { createAt, nextStorageCode, nodeBody, nodeUrl, storageRefs, type StorageNodeRec } from './storage-fixtures';
import { auditEvents } from '../platform/audit.table';
import { boxPositions, storageNodes } from '../modules/storage/storage.table';
import { importCall } from './import-kit';
import { SAMPLE_COLUMNS, type DryRunResult, type ImportStreamLine } from '../../contract/imports.contract';
import { sampleSetUp } from './samples-fixtures';

// Issue 28 item 8: a box straight in a shelf or a rack (any depth the lab has), and rack templates.
const t = await testApp();
const { institution, token } = await signedIn(t);
const inst = institution.id;
const refs = await storageRefs(t, inst, token);
const pr = await protocolRefs(t, inst, token);
const people = await referenceIds(t, inst, token);

type Rec = Record<string, unknown> & { id: number };
type Problem = { title: string; code?: string; status: number; errors?: Record<string, string[]> };
type Position = { id: number; code: string; occupied: boolean; occupant: { sampleId: string } | null };
type Location = {
  boxId: number;
  positionCode: string;
  path: { id: number; level: string; title: string }[];
  label: string;
};

/** Samples of one enrolled donor, collected `n` at a time. */
async function samples(n: number) {
  const protocol = await createProtocol(t, inst, token);
  const base = `/api/institutions/${inst}/collectionProtocols/${protocol.id}`;
  await t.call('POST', `${base}/collectionProtocolSites`, { token, body: { InstitutionSiteId: institution.site.id } });
  const event = json<Rec>(
    await t.call('POST', `${base}/collectionProtocolEvents`, {
      token,
      body: { Label: 'Baseline', EventCode: 'BL', CollectionProtocolEventUnitOfMeasurementId: pr.eventUnit('Day') },
    }),
  );
  const patient = json<Rec>(
    await t.call('POST', `/api/institutions/${inst}/patients/register`, { token, body: participant(people) }),
  );
  await t.call('POST', `${base}/collectionProtocolParticipants`, { token, body: { PatientIds: [patient.id] } });
  const res = await t.call('POST', `${base}/collectedSamples/collect`, {
    token,
    body: {
      CollectionProtocolEventId: event.id,
      PatientId: patient.id,
      InstitutionSiteId: institution.site.id,
      CollectedDate: '2026-04-01',
      CollectedTime: '08:00',
      Rows: Array.from({ length: n }, (_, k) => ({
        Key: `r${k}`,
        SpecimenTypeId: pr.type('Serum'),
        Quantity: 1,
        UnitOfMeasurementId: pr.unit('Millilitre'),
      })),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<(Rec & { sampleId: string })[]>(res).map((x) => ({
    ...x,
    history: `${base}/collectedSamples/${x.id}/history`,
  }));
}

/** A freezer and a shelf in it. */
async function shelf(tk = token, i = inst, r = refs) {
  const c = await createAt(
    t,
    i,
    tk,
    [],
    'container',
    nodeBody(r, { Title: 'Fridge', Code: nextStorageCode(), Rows: 4, Columns: 1 }),
  );
  return createAt(t, i, tk, c.path, 'shelf', nodeBody(r, { Title: 'Shelf 1', Rows: 1, Columns: 4 }));
}

const positionsOf = async (path: PathRef[]) =>
  json<Position[]>(await t.call('GET', `${nodeUrl(inst, path)}/StorageContainerBoxPositions`, { token }));
const store = async (path: PathRef[], position: Position, sampleId: number) =>
  t.call(
    'POST',
    `${nodeUrl(inst, path)}/StorageContainerBoxPositions/${position.id}/StorageContainerBoxPositionOccupancies`,
    { token, body: { CollectedSampleID: sampleId } },
  );
const audits = async (ids: number[]) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, 'storageContainer'), inArray(auditEvents.entityId, ids.map(String))))
    .orderBy(auditEvents.id);

describe('a box at any depth', () => {
  it("puts a box straight in a shelf: its own routes, the paths shown, and the spec's drawer route unchanged", async () => {
    const s = await shelf();
    const box = await createAt(
      t,
      inst,
      token,
      s.path,
      'box',
      nodeBody(refs, { Title: 'Serum box', Code: 'SB', Rows: 2, Columns: 2 }),
    );
    expect(box.node).toMatchObject({ level: 'box', parentId: s.node.id, parentLevel: 'shelf', childCount: 4 });
    expect(box.path.map((n) => n.level)).toEqual(['container', 'shelf', 'box']);
    expect(json(await t.call('GET', nodeUrl(inst, box.path), { token }))).toMatchObject({
      id: box.node.id,
      level: 'box',
    });
    // A rack beside it in the same shelf: each list names its own level, the tree shows both.
    const rack = await createAt(
      t,
      inst,
      token,
      s.path,
      'rack',
      nodeBody(refs, { Title: 'Rack A', Rows: 2, Columns: 1 }),
    );
    expect(
      json<StorageNodeRec[]>(await t.call('GET', `${nodeUrl(inst, s.path)}/storageContainerBoxes`, { token })).map(
        (n) => n.id,
      ),
    ).toEqual([box.node.id]);
    expect(
      json<StorageNodeRec[]>(await t.call('GET', `${nodeUrl(inst, s.path)}/storageContainerRacks`, { token })).map(
        (n) => n.id,
      ),
    ).toEqual([rack.node.id]);
    const tree = json<{ id: number; level: string }[]>(
      await t.call('GET', `/api/institutions/${inst}/storageContainers/tree?parentId=${s.node.id}`, { token }),
    );
    expect(tree.map((n) => [n.id, n.level])).toEqual([
      [box.node.id, 'box'],
      [rack.node.id, 'rack'],
    ]);
    expect(json(await t.call('GET', nodeUrl(inst, s.path), { token }))).toMatchObject({ childCount: 2 });

    // Stored there: the place reads Fridge > Shelf 1 > Serum box > A2 everywhere it is shown.
    const [sample] = await samples(1);
    const a2 = (await positionsOf(box.path)).find((p) => p.code === 'A2')!;
    const stored = await store(box.path, a2, sample.id);
    expect(stored.statusCode, stored.body).toBe(201);
    const label = 'Fridge > Shelf 1 > Serum box > A2';
    expect(json<{ location: Location }>(stored).location).toMatchObject({
      boxId: box.node.id,
      positionCode: 'A2',
      label,
    });
    expect(json<{ location: Location }>(stored).location.path.map((n) => n.level)).toEqual([
      'container',
      'shelf',
      'box',
    ]);
    const where = json<{ occupancy: { location: Location } }>(
      await t.call('GET', `/api/institutions/${inst}/collectedSamples/${sample.id}/position`, { token }),
    );
    expect(where.occupancy.location.label).toBe(label);
    const history = json<{ kind: string; summary: string }[]>(await t.call('GET', sample.history, { token }));
    expect(history.find((h) => h.kind === 'allocated')?.summary).toBe(`Stored at ${label}.`);
    expect((await positionsOf(box.path)).find((p) => p.code === 'A2')).toMatchObject({
      occupied: true,
      occupant: { sampleId: sample.sampleId },
    });

    // The rack scan and bulk allocation answer under the shorter path too.
    const scan = await t.app.inject({
      method: 'POST',
      url: `${nodeUrl(inst, box.path)}/rackScan`,
      payload: `A2,${sample.sampleId}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    });
    expect(scan.statusCode, scan.body).toBe(200);
    expect(json<{ counts: Record<string, number> }>(scan).counts).toMatchObject({ match: 1 });
    const [more] = await samples(1);
    expect(
      (await t.call('POST', `${nodeUrl(inst, box.path)}/allocate`, { token, body: { CollectedSampleIds: [more.id] } }))
        .statusCode,
    ).toBe(201);

    // A box is addressed only by its own path: under a rack or a drawer path, or as a rack, it is not found.
    const asRackBox = `${nodeUrl(inst, rack.path)}/storageContainerBoxes/${box.node.id}`;
    expect(json<Problem>(await t.call('GET', asRackBox, { token }))).toMatchObject({
      status: 404,
      title: expect.stringMatching(/^Box/),
    });
    expect(
      (await t.call('GET', `${nodeUrl(inst, s.path)}/storageContainerRacks/${box.node.id}`, { token })).statusCode,
    ).toBe(404);
    expect(
      (await t.call('GET', `${nodeUrl(inst, s.path)}/storageContainerBoxes/${rack.node.id}`, { token })).statusCode,
    ).toBe(404);
  });

  it("puts a box straight in a rack, beside the spec's rack > drawer > box", async () => {
    const s = await shelf();
    const rack = await createAt(
      t,
      inst,
      token,
      s.path,
      'rack',
      nodeBody(refs, { Title: 'Rack B', Rows: 1, Columns: 3 }),
    );
    const box = await createAt(
      t,
      inst,
      token,
      rack.path,
      'box',
      nodeBody(refs, { Title: 'Box 1', Rows: 1, Columns: 2 }),
    );
    const drawer = await createAt(t, inst, token, rack.path, 'drawer', nodeBody(refs, { Title: 'Drawer 1' }));
    const deep = await createAt(
      t,
      inst,
      token,
      drawer.path,
      'box',
      nodeBody(refs, { Title: 'Box 2', Rows: 1, Columns: 2 }),
    );
    expect(box.node).toMatchObject({ parentLevel: 'rack' });
    expect(deep.node).toMatchObject({ parentLevel: 'drawer' });
    const [a, b] = await samples(2);
    const [p1] = await positionsOf(box.path);
    const [p2] = await positionsOf(deep.path);
    expect(json<{ location: Location }>(await store(box.path, p1, a.id)).location.label).toBe(
      'Fridge > Shelf 1 > Rack B > Box 1 > A1',
    );
    expect(json<{ location: Location }>(await store(deep.path, p2, b.id)).location.label).toBe(
      'Fridge > Shelf 1 > Rack B > Drawer 1 > Box 2 > A1',
    );
    // The suggestion walks any depth as well: the next free position of a box already holding serum of this protocol.
    const [c] = await samples(1);
    const suggestion = json<{ suggestion: Location | null }>(
      await t.call('GET', `/api/institutions/${inst}/storageContainers/suggest?collectedSampleId=${c.id}`, { token }),
    );
    expect(suggestion.suggestion?.path.length).toBeGreaterThanOrEqual(3);
    // Edit, disable and enable under the rack path.
    const url = nodeUrl(inst, box.path);
    expect(
      (await t.call('PUT', url, { token, body: { Title: 'Box one', ConcurrencyStamp: box.node.concurrencyStamp } }))
        .statusCode,
    ).toBe(200);
    expect(json<Problem>(await t.call('POST', `${url}/disable`, { token }))).toMatchObject({
      status: 409,
      code: 'storage.box_occupied',
    });
    // The rack's places count both kinds of children: 1 x 3 holds the box, the drawer and one more.
    await createAt(t, inst, token, rack.path, 'box', nodeBody(refs, { Title: 'Box 3' }));
    expect(
      json<Problem>(
        await t.call('POST', `${nodeUrl(inst, rack.path)}/storageContainerBoxes`, {
          token,
          body: nodeBody(refs, { Title: 'Box 4' }),
        }),
      ),
    ).toMatchObject({ status: 409, code: 'storage.full' });
  });

  it('keeps the levels in the database: a node under a box, or a shelf under a rack, is refused whatever writes it', async () => {
    const s = await shelf();
    const box = await createAt(t, inst, token, s.path, 'box', nodeBody(refs, { Title: 'Box' }));
    const row = (
      level: string,
      parentId: number,
      parentLevel: string,
    ) => sql`insert into storage_nodes (institution_id, level, parent_id, parent_level, title, rows, columns,
      position_labeling_option_id, position_labeling, row_labeling_schema_id, row_labeling, concurrency_stamp) values (${inst}, ${level}, ${parentId}, ${parentLevel}, 'x', 1, 1, ${refs.twoD}, 'linear', ${refs.numbers}, 'numbers', 'x')`;
    /** The constraint that refused the statement (PGlite and node-postgres both name it). */
    const refusedBy = async (q: ReturnType<typeof row>) => {
      try {
        await t.db.execute(q);
        return null;
      } catch (err) {
        const e = err as { constraint?: string; cause?: { constraint?: string } };
        return e.cause?.constraint ?? e.constraint ?? String(err);
      }
    };
    expect(await refusedBy(row('rack', box.node.id, 'box'))).toBe('storage_nodes_parent_level_ck');
    expect(await refusedBy(row('drawer', s.node.id, 'shelf'))).toBe('storage_nodes_parent_level_ck');
    // A row that says its parent is a rack when it is a shelf: the foreign key on (parent, level) refuses it.
    expect(await refusedBy(row('box', s.node.id, 'rack'))).toBe('storage_nodes_parent_level_fk');
    // The same statement with levels that fit is taken (so the refusals above are the levels' doing).
    await t.db.execute(row('box', s.node.id, 'shelf'));
    const [inBox] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(storageNodes)
      .where(eq(storageNodes.parentId, box.node.id));
    expect(inBox.n).toBe(0);
  });

  it("answers 404 for another institution's shelf or rack, in either institution's path", async () => {
    const other = await signedIn(t);
    const otherRefs = await storageRefs(t, other.institution.id, other.token);
    const theirs = await shelf(other.token, other.institution.id, otherRefs);
    const theirBox = await createAt(
      t,
      other.institution.id,
      other.token,
      theirs.path,
      'box',
      nodeBody(otherRefs, { Title: 'Their box' }),
    );
    const inMine = (path: PathRef[]) => nodeUrl(inst, path);
    const inTheirs = (path: PathRef[]) => nodeUrl(other.institution.id, path);
    for (const url of [
      inMine(theirs.path),
      inMine(theirBox.path),
      inTheirs(theirBox.path),
      `${inTheirs(theirBox.path)}/StorageContainerBoxPositions`,
    ]) {
      expect((await t.call('GET', url, { token })).statusCode, url).toBe(404);
    }
    const create = await t.call('POST', `${inMine(theirs.path)}/storageContainerBoxes`, {
      token,
      body: nodeBody(refs, { Title: 'Mine' }),
    });
    expect(json<Problem>(create)).toMatchObject({ status: 404, title: 'Storage container not found.' });
    expect(
      (await t.call('POST', `${inMine(theirs.path)}/storageContainerRacks/template`, { token, body: template() }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.call('POST', `${inTheirs(theirs.path)}/storageContainerBoxes`, {
          token,
          body: nodeBody(refs, { Title: 'Mine' }),
        })
      ).statusCode,
    ).toBe(404);
    // Nothing was made in their shelf.
    expect(
      json<StorageNodeRec[]>(
        await t.call('GET', `${inTheirs(theirs.path)}/storageContainerBoxes`, { token: other.token }),
      ).map((n) => n.title),
    ).toEqual(['Their box']);
  });
});

/** A rack template body: a 2 x 3 rack of 9 x 9 boxes unless told. */
const template = (over: Record<string, unknown> = {}) =>
  nodeBody(refs, { Title: 'Rack T', Rows: 2, Columns: 3, BoxRows: 9, BoxColumns: 9, ...over });

describe('rack templates', () => {
  it('makes a rack of N boxes of R x C in one call: boxes Box 1 .. N coded 1 .. N, their positions, one audit entry each', async () => {
    const s = await shelf();
    const res = await t.call('POST', `${nodeUrl(inst, s.path)}/storageContainerRacks/template`, {
      token,
      body: template({ Code: 'RT', BoxCount: 5, BoxTitle: 'Serum' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { rack, boxes } = json<{ rack: StorageNodeRec; boxes: StorageNodeRec[] }>(res);
    expect(rack).toMatchObject({ level: 'rack', parentId: s.node.id, code: 'RT', rows: 2, columns: 3, childCount: 5 });
    expect(boxes.map((b) => [b.title, b.code, b.level, b.parentId, b.rows, b.columns, b.childCount])).toEqual(
      [1, 2, 3, 4, 5].map((i) => [`Serum ${i}`, String(i), 'box', rack.id, 9, 9, 81]),
    );
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(boxPositions)
      .where(
        inArray(
          boxPositions.boxId,
          boxes.map((b) => b.id),
        ),
      );
    expect(count.n).toBe(5 * 81);
    const entries = await audits([rack.id, ...boxes.map((b) => b.id)]);
    expect(entries.map((e) => [Number(e.entityId), e.action])).toEqual(
      [rack.id, ...boxes.map((b) => b.id)].map((id) => [id, 'create']),
    );
    expect(entries[1].after).toMatchObject({ positions: 81, parentLevel: 'rack' });
    // The boxes are ordinary boxes of a rack: listed, and their positions labeled A1 .. I9.
    const rackPath = [...s.path, { id: rack.id, level: 'rack' as const }];
    expect(
      json<StorageNodeRec[]>(await t.call('GET', `${nodeUrl(inst, rackPath)}/storageContainerBoxes`, { token })).map(
        (b) => b.id,
      ),
    ).toEqual(boxes.map((b) => b.id));
    const cells = await positionsOf([...rackPath, { id: boxes[4].id, level: 'box' }]);
    expect([cells[0].code, cells.at(-1)!.code]).toEqual(['A1', 'I9']);
    // Without a count, the boxes fill the rack.
    const full = json<{ boxes: StorageNodeRec[] }>(
      await t.call('POST', `${nodeUrl(inst, s.path)}/storageContainerRacks/template`, {
        token,
        body: template({ Rows: 1, Columns: 4, BoxRows: 2, BoxColumns: 2 }),
      }),
    );
    expect(full.boxes.map((b) => b.title)).toEqual(['Box 1', 'Box 2', 'Box 3', 'Box 4']);
    // The most boxes one template makes, near the most positions: one call.
    const started = Date.now();
    const most = await t.call('POST', `${nodeUrl(inst, s.path)}/storageContainerRacks/template`, {
      token,
      body: template({ Rows: 5, Columns: 10, BoxRows: 14, BoxColumns: 14 }),
    });
    expect(most.statusCode, most.body).toBe(201);
    expect(
      json<{ boxes: StorageNodeRec[] }>(most)
        .boxes.map((b) => b.code)
        .at(-1),
    ).toBe(String(MAX_TEMPLATE_BOXES));
    console.info(
      `rack template: 1 rack, ${MAX_TEMPLATE_BOXES} boxes, ${MAX_TEMPLATE_BOXES * 196} positions, ${MAX_TEMPLATE_BOXES + 1} audit entries in ${Date.now() - started} ms`,
    );
  });

  it('bounds N and the positions with clear 400s, and makes nothing when the shelf is full or the code is taken', async () => {
    const s = await shelf();
    const url = `${nodeUrl(inst, s.path)}/storageContainerRacks/template`;
    const refused = async (body: Record<string, unknown>) => {
      const res = await t.call('POST', url, { token, body });
      expect(res.statusCode, res.body).toBe(400);
      return json<Problem>(res).errors ?? {};
    };
    expect((await refused(template({ BoxCount: 7 }))).boxCount).toEqual(['A 2 x 3 rack holds at most 6 boxes']);
    expect(
      (await refused(template({ Rows: 10, Columns: 10, BoxCount: MAX_TEMPLATE_BOXES + 1, BoxRows: 1, BoxColumns: 1 })))
        .boxCount,
    ).toEqual([`At most ${MAX_TEMPLATE_BOXES} boxes in one template`]);
    expect((await refused(template({ BoxRows: 100, BoxColumns: 100, BoxCount: 2 }))).boxRows).toEqual([
      '2 boxes of 100 x 100 make 20,000 positions: at most 10,000 in one template',
    ]);
    expect((await refused(template({ BoxRows: 0 }))).boxRows).toBeDefined();
    expect((await refused(template({ BoxColumns: 'x' }))).boxColumns).toBeDefined();
    expect((await refused(template({ BoxCount: 0 }))).boxCount).toBeDefined();
    // Just inside the bound: 10,000 positions in one call.
    const started = Date.now();
    const big = await t.call('POST', url, {
      token,
      body: template({ Rows: 1, Columns: 1, BoxRows: 100, BoxColumns: 100 }),
    });
    expect(big.statusCode, big.body).toBe(201);
    console.info(`rack template: 1 rack, 1 box, 10,000 positions in ${Date.now() - started} ms`);
    // Taken code, then a full shelf (1 x 4: one rack made, three more fit): each refusal leaves nothing behind.
    expect((await t.call('POST', url, { token, body: template({ Code: 'Q1' }) })).statusCode).toBe(201);
    const taken = await t.call('POST', url, { token, body: template({ Code: 'q1' }) });
    expect(json<Problem>(taken)).toMatchObject({ status: 409, code: 'storage.code_taken' });
    await t.call('POST', url, { token, body: template() });
    await t.call('POST', url, { token, body: template() });
    const before = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(storageNodes)
      .where(eq(storageNodes.institutionId, inst));
    expect(json<Problem>(await t.call('POST', url, { token, body: template() }))).toMatchObject({
      status: 409,
      code: 'storage.full',
    });
    const after = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(storageNodes)
      .where(eq(storageNodes.institutionId, inst));
    expect(after[0].n).toBe(before[0].n);
  });

  it('needs configuration.manage: a Technician may not', async () => {
    const s = await shelf();
    const tech = await signedIn(t, ['Technician'], institution);
    expect(
      (
        await t.call('POST', `${nodeUrl(inst, s.path)}/storageContainerRacks/template`, {
          token: tech.token,
          body: template(),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.call('POST', `${nodeUrl(inst, s.path)}/storageContainerBoxes`, {
          token: tech.token,
          body: nodeBody(refs),
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('imports at any depth', () => {
  const lines = (body: string) =>
    body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as ImportStreamLine);
  const HEAD = 'parent,code,title,rows,columns,positionLabeling,rowLabeling,columnLabeling,level';
  const node = (parent: string, code: string, title: string, level = '') =>
    [parent, code, title, '2', '2', 'Two Dimensional', 'Letters Upper Case', 'Numbers', level].join(',');

  it("builds a box in a shelf and in a rack from the level column, and takes a sample import's shorter box path", async () => {
    const c = nextStorageCode();
    const csv = [
      HEAD,
      node('', c, 'Fridge'),
      node(c, 'S1', 'Shelf'),
      node(`${c}/S1`, 'B1', 'Shelf box', 'Box'),
      node(`${c}/S1`, 'R1', 'Rack'),
      node(`${c}/S1/R1`, 'B2', 'Rack box', 'box'),
      node(`${c}/S1/R1`, 'D1', 'Drawer'),
    ].join('\r\n');
    const bad = [
      HEAD,
      node(`${c}/S1`, 'X1', 'Spoon', 'Spoon'),
      node(`${c}/S1`, 'X2', 'Shelf in a shelf', 'Shelf'),
      node(`${c}/S1/B1`, 'X3', 'In a box'),
      node('', 'X4', 'Top box', 'Box'),
    ].join('\r\n');
    const out = lines((await importCall(t, inst, 'storage', { csv, dryRun: false }, token)).body);
    expect(out.at(-1)).toMatchObject({ result: { kind: 'storage', rowCount: 6 } });
    const made = await t.db
      .select({ title: storageNodes.title, level: storageNodes.level, parentLevel: storageNodes.parentLevel })
      .from(storageNodes)
      .where(inArray(storageNodes.title, ['Shelf box', 'Rack box', 'Drawer']))
      .orderBy(storageNodes.id);
    expect(made.slice(-3)).toEqual([
      { title: 'Shelf box', level: 'box', parentLevel: 'shelf' },
      { title: 'Rack box', level: 'box', parentLevel: 'rack' },
      { title: 'Drawer', level: 'drawer', parentLevel: 'rack' },
    ]);
    const dry = json<DryRunResult>(await importCall(t, inst, 'storage', { csv: bad, dryRun: true }, token));
    expect(dry.errors.map((e) => [e.line, e.field, e.message])).toEqual([
      [2, 'level', 'Level is one of container, shelf, rack, drawer, box'],
      [3, '', 'A shelf goes in a container, not in a shelf.'],
      [4, 'parent', 'A box holds positions, not storage: the parent path is too deep'],
      [5, '', 'A box goes in a shelf, rack or drawer.'],
    ]);

    // A sample stored by a box path of three codes (container/shelf/box).
    const p = await sampleSetUp(t, institution, token);
    const head = SAMPLE_COLUMNS.map((col) => col.field);
    const v: Record<string, string> = {
      mrn: String(p.patient.patientMRN),
      protocol: String(p.protocol.code),
      specimenType: 'Whole Blood',
      amount: '10',
      unit: 'Millilitre',
      collectedDate: '2026-03-14',
      collectedTime: '09:30',
      box: `${c}/S1/B1`,
      position: 'B2',
    };
    const sampleCsv = `${head.join(',')}\r\n${head.map((h) => v[h] ?? '').join(',')}\r\n${head.map((h) => ({ ...v, box: `${c}/S1`, position: 'A1' })[h] ?? '').join(',')}\r\n`;
    const sampleDry = json<DryRunResult>(await importCall(t, inst, 'samples', { csv: sampleCsv, dryRun: true }, token));
    expect(sampleDry.errors.map((e) => [e.line, e.field, e.message])).toEqual([
      [3, 'box', `${c}/S1 is a shelf, not a box`],
    ]);
  });
});
