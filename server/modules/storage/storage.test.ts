import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { testApp, json, pagination } from '../../test/harness';
import { createAccount, login, signedIn } from '../../test/factories';
import {
  createNode,
  nextStorageCode,
  nodeBody,
  nodePath,
  SEGMENTS,
  storageChain,
  storageRefs,
  type StorageNodeRec,
} from '../../test/storage-fixtures';
import { auditEvents } from '../../platform/audit.table';

const t = await testApp();
const { institution, token } = await signedIn(t);
const inst = institution.id;
const refs = await storageRefs(t, inst, token);
const base = (i = inst) => `/api/institutions/${i}/storageContainers`;
type Position = { id: number; code: string; rowIndex: number; columnIndex: number; ordinal: number; occupied: boolean };
type Problem = { title: string; code?: string; errors?: Record<string, string[]> };

const container = (over: Record<string, unknown> = {}) =>
  createNode(t, inst, token, [], nodeBody(refs, { Code: nextStorageCode(), ...over }));
const positionsOf = async (ids: number[], tk = token, i = inst) => {
  const res = await t.call('GET', `${nodePath(i, ids)}/StorageContainerBoxPositions`, { token: tk });
  expect(res.statusCode, res.body).toBe(200);
  return json<Position[]>(res);
};
const auditActions = async (id: number) =>
  (
    await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'storageContainer'), eq(auditEvents.entityId, String(id))))
      .orderBy(auditEvents.id)
  ).map((a) => a.action);

describe('storage hierarchy', () => {
  it('builds container > shelf > rack > drawer > box through the nested paths, each level read and listed, audited', async () => {
    const { ids, box } = await storageChain(t, inst, token, refs, { Rows: 8, Columns: 12, Code: 'b1' });
    expect(box).toMatchObject({
      level: 'box',
      parentId: ids[3],
      title: 'Box',
      code: 'b1',
      rows: 8,
      columns: 12,
      positionLabeling: 'two_dimensional',
      fillOrder: 'row',
      positionLabelingOption: { id: refs.twoD, title: 'Two Dimensional' },
      rowLabelingSchema: { id: refs.upper, title: 'Letters Upper Case' },
      columnLabelingSchema: { id: refs.numbers, title: 'Numbers' },
      childCount: 96,
      institutionId: inst,
      creatorAccount: { firstName: 'Test' },
    });
    for (const [depth, level] of ['container', 'shelf', 'rack', 'drawer', 'box'].entries()) {
      const one = await t.call('GET', nodePath(inst, ids.slice(0, depth + 1)), { token });
      expect(one.statusCode, one.body).toBe(200);
      expect(json(one)).toMatchObject({
        id: ids[depth],
        level,
        parentId: depth ? ids[depth - 1] : null,
        childCount: level === 'box' ? 96 : 1,
      });
      const list = await t.call(
        'GET',
        `${nodePath(inst, ids.slice(0, depth))}/${SEGMENTS[depth]}${depth ? '' : '?PageSize=1000'}`,
        { token },
      );
      expect(json<StorageNodeRec[]>(list).map((n) => n.id)).toContain(ids[depth]);
      expect(pagination(list).TotalCount).toBeGreaterThanOrEqual(1);
      expect(await auditActions(ids[depth])).toEqual(['create']);
    }
    // The spec 1 spelling of the box list answers too.
    expect(
      json<StorageNodeRec[]>(
        await t.call('GET', `${nodePath(inst, ids.slice(0, 4))}/storageContainerBoxs`, { token }),
      ).map((n) => n.id),
    ).toEqual([box.id]);
  });

  it("makes a box's positions with it: Letters x Numbers row-major A1..A12, B1 .. H12", async () => {
    const { ids } = await storageChain(t, inst, token, refs, { Rows: 8, Columns: 12 });
    const positions = await positionsOf(ids);
    expect(positions).toHaveLength(96);
    expect(positions.slice(0, 13).map((p) => p.code)).toEqual([
      'A1',
      'A2',
      'A3',
      'A4',
      'A5',
      'A6',
      'A7',
      'A8',
      'A9',
      'A10',
      'A11',
      'A12',
      'B1',
    ]);
    expect(positions[12]).toMatchObject({ code: 'B1', rowIndex: 2, columnIndex: 1, ordinal: 13, occupied: false });
    expect(positions.at(-1)).toMatchObject({ code: 'H12', rowIndex: 8, columnIndex: 12, ordinal: 96 });
  });

  it('labels column-major, Linear and Roman boxes from the schemas', async () => {
    const column = await storageChain(t, inst, token, refs, { Rows: 8, Columns: 12, FillOrder: 'Column' });
    expect(column.box.fillOrder).toBe('column');
    expect((await positionsOf(column.ids)).slice(0, 9).map((p) => p.code)).toEqual([
      'A1',
      'B1',
      'C1',
      'D1',
      'E1',
      'F1',
      'G1',
      'H1',
      'A2',
    ]);
    // A Linear box ignores a column schema sent anyway and numbers its grid in fill order.
    const linear = await storageChain(t, inst, token, refs, {
      Rows: 8,
      Columns: 12,
      PositionLabelingOptionId: refs.linear,
      RowLabelingSchemaId: refs.numbers,
      ColumnLabelingSchemaId: refs.upper,
    });
    expect(linear.box).toMatchObject({
      positionLabeling: 'linear',
      columnLabelingSchemaId: null,
      columnLabelingSchema: null,
    });
    const numbered = await positionsOf(linear.ids);
    expect(numbered.map((p) => p.code)).toEqual(Array.from({ length: 96 }, (_, i) => String(i + 1)));
    expect(numbered[12]).toMatchObject({ code: '13', rowIndex: 2, columnIndex: 1 });
    const roman = await storageChain(t, inst, token, refs, {
      Rows: 12,
      Columns: 12,
      RowLabelingSchemaId: refs.romanUpper,
      ColumnLabelingSchemaId: refs.romanLower,
    });
    const r = await positionsOf(roman.ids);
    expect([r[0].code, r[1].code, r[11].code, r.at(-1)!.code]).toEqual(['Ii', 'Iii', 'Ixii', 'XIIxii']);
    const numbers = await storageChain(t, inst, token, refs, {
      Rows: 2,
      Columns: 2,
      RowLabelingSchemaId: refs.numbers,
      ColumnLabelingSchemaId: refs.numbers,
    });
    expect((await positionsOf(numbers.ids)).map((p) => p.code)).toEqual(['1-1', '1-2', '2-1', '2-2']);
    const big = await storageChain(t, inst, token, refs, {
      Rows: 100,
      Columns: 100,
      PositionLabelingOptionId: refs.linear,
      RowLabelingSchemaId: refs.upper,
    });
    const many = await positionsOf(big.ids);
    expect(many).toHaveLength(10000);
    expect([many[25].code, many[26].code, many.at(-1)!.code]).toEqual(['Z', 'AA', 'NTP']);
  });

  it('applies the spec rules: title, rows, columns and option required; code <= 2 and required on a container; column schema unless Linear', async () => {
    const empty = await t.call('POST', base(), { token, body: {} });
    expect(empty.statusCode).toBe(400);
    expect(json<Problem>(empty).errors).toMatchObject({
      title: ['*required'],
      code: ['*required'],
      rows: ['*required'],
      columns: ['*required'],
      positionLabelingOptionId: ['*Required'],
      rowLabelingSchemaId: ['*Required'],
    });
    const long = await t.call('POST', base(), { token, body: nodeBody(refs, { Code: 'ABC' }) });
    expect(json<Problem>(long).errors).toEqual({ code: ['Code must be 2 characters or less'] });
    const dims = await t.call('POST', base(), {
      token,
      body: nodeBody(refs, { Code: nextStorageCode(), Rows: 0, Columns: 101 }),
    });
    expect(json<Problem>(dims).errors).toEqual({ rows: ['Must be 1 or more'], columns: ['At most 100'] });
    const noColumn = await t.call('POST', base(), {
      token,
      body: nodeBody(refs, { Code: nextStorageCode(), ColumnLabelingSchemaId: '' }),
    });
    expect(noColumn.statusCode).toBe(400);
    expect(json<Problem>(noColumn)).toMatchObject({
      code: 'storage.column_schema_required',
      errors: { columnLabelingSchemaId: ['*Required'] },
    });
    const swapped = await t.call('POST', base(), {
      token,
      body: nodeBody(refs, { Code: nextStorageCode(), PositionLabelingOptionId: 2147483647 }),
    });
    expect(swapped.statusCode).toBe(400);
    expect(json<Problem>(swapped).errors).toHaveProperty('positionLabelingOptionId');
    // A schema the institution added without a labeling rule cannot label positions.
    const greek = await t.call('POST', `/api/institutions/${inst}/labelingSchemas`, {
      token,
      body: { Title: 'Greek', Abbreviation: 'G', Description: 'alpha, beta' },
    });
    expect(greek.statusCode, greek.body).toBe(201);
    const unknown = await t.call('POST', base(), {
      token,
      body: nodeBody(refs, { Code: nextStorageCode(), RowLabelingSchemaId: json<{ id: number }>(greek).id }),
    });
    expect(json<Problem>(unknown)).toMatchObject({
      code: 'storage.unknown_schema',
      errors: { rowLabelingSchemaId: ['Choose Numbers, Letters or Roman'] },
    });
    const fill = await t.call('POST', base(), {
      token,
      body: nodeBody(refs, { Code: nextStorageCode(), FillOrder: 'diagonal' }),
    });
    expect(json<Problem>(fill).errors).toEqual({ fillOrder: ['Fill order is row or column'] });
    // Another institution's site is not a choice.
    const other = await signedIn(t);
    const site = await t.call('POST', base(), {
      token,
      body: nodeBody(refs, { Code: nextStorageCode(), InstitutionSiteId: other.institution.site.id }),
    });
    expect(site.statusCode).toBe(400);
    const own = await container({ InstitutionSiteId: institution.site.id });
    expect(own.institutionSite).toEqual({ id: institution.site.id, title: 'Main Site' });
  });

  it('keeps a code unique among siblings whatever its case; children may go without one', async () => {
    const first = await container({ Code: 'Zq' });
    const dup = await t.call('POST', base(), { token, body: nodeBody(refs, { Code: 'zQ' }) });
    expect(dup.statusCode).toBe(409);
    expect(json<Problem>(dup)).toMatchObject({
      code: 'storage.code_taken',
      errors: { code: ['This code is already used here'] },
    });
    const parent = await container({ Rows: 3, Columns: 3 });
    const s1 = await createNode(t, inst, token, [parent.id], nodeBody(refs, { Title: 'Top', Code: 's1' }));
    await createNode(t, inst, token, [parent.id], nodeBody(refs, { Title: 'Middle' }));
    await createNode(t, inst, token, [parent.id], nodeBody(refs, { Title: 'Bottom', Code: '' }));
    expect(s1.code).toBe('s1');
    const again = await t.call('POST', `${nodePath(inst, [parent.id])}/storageContainerShelfs`, {
      token,
      body: nodeBody(refs, { Code: 'S1' }),
    });
    expect(again.statusCode).toBe(409);
    // Another container's shelf may reuse it.
    expect((await createNode(t, inst, token, [first.id], nodeBody(refs, { Code: 's1' }))).code).toBe('s1');
    // Racing creates with one code: exactly one wins, the others hear why.
    const code = nextStorageCode();
    const race = await Promise.all(
      Array.from({ length: 5 }, () => t.call('POST', base(), { token, body: nodeBody(refs, { Code: code }) })),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(race.filter((r) => r.statusCode === 409).map((r) => json<Problem>(r).code)).toEqual(
      Array(4).fill('storage.code_taken'),
    );
  });

  it('never puts more children under a node than rows x columns, even when creates race for the last slots', async () => {
    const small = await container({ Rows: 1, Columns: 2 });
    const shelfPath = `${nodePath(inst, [small.id])}/storageContainerShelfs`;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.call('POST', shelfPath, { token, body: nodeBody(refs, { Title: `Shelf ${i}` }) }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409, 409, 409]);
    const full = results.find((r) => r.statusCode === 409)!;
    expect(json<Problem>(full)).toMatchObject({
      code: 'storage.full',
      title: `${small.title} is full: it holds at most 2 shelves (rows x columns).`,
    });
    expect(json<StorageNodeRec[]>(await t.call('GET', shelfPath, { token }))).toHaveLength(2);
    expect(json<StorageNodeRec>(await t.call('GET', nodePath(inst, [small.id]), { token })).childCount).toBe(2);
  });

  it('checks that each id of a nested path belongs to its parent and to the institution (404 otherwise)', async () => {
    const a = await storageChain(t, inst, token, refs);
    const b = await storageChain(t, inst, token, refs);
    const [c, s, r, d, x] = a.ids;
    expect((await t.call('GET', nodePath(inst, [c, b.ids[1]]), { token })).statusCode).toBe(404);
    expect((await t.call('GET', nodePath(inst, [b.ids[0], s, r]), { token })).statusCode).toBe(404);
    expect(
      (await t.call('GET', `${nodePath(inst, [c, s, r, b.ids[3]])}/storageContainerBoxes`, { token })).statusCode,
    ).toBe(404);
    expect(
      (await t.call('GET', `${nodePath(inst, [c, s, r, d, b.ids[4]])}/StorageContainerBoxPositions`, { token }))
        .statusCode,
    ).toBe(404);
    // A rack's id in a shelf's place.
    const wrong = await t.call('GET', nodePath(inst, [c, r]), { token });
    expect(json<Problem>(wrong)).toMatchObject({ title: 'Shelf not found.' });
    expect(
      (await t.call('POST', `${nodePath(inst, [c, b.ids[1]])}/storageContainerRacks`, { token, body: nodeBody(refs) }))
        .statusCode,
    ).toBe(404);
    expect((await positionsOf([c, s, r, d, x])).length).toBe(4);

    const other = await signedIn(t);
    const mine = (p: string) => p.replace(`/institutions/${inst}/`, `/institutions/${other.institution.id}/`);
    for (const url of [
      nodePath(inst, [c]),
      nodePath(inst, a.ids),
      `${nodePath(inst, a.ids)}/StorageContainerBoxPositions`,
      `${nodePath(inst, [c])}/storageContainerShelfs`,
    ]) {
      expect((await t.call('GET', mine(url), { token: other.token })).statusCode, url).toBe(404);
      // Not a member of this institution: its storage is not found either.
      expect((await t.call('GET', url, { token: other.token })).statusCode, url).toBe(404);
    }
    expect(
      (
        await t.call('POST', `${mine(nodePath(inst, [c]))}/storageContainerShelfs`, {
          token: other.token,
          body: nodeBody(refs),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call('PUT', mine(nodePath(inst, [c])), {
          token: other.token,
          body: { Title: 'Mine', ConcurrencyStamp: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.call('POST', `${mine(nodePath(inst, [c]))}/disable`, { token: other.token })).statusCode).toBe(404);
    expect(
      (await t.call('GET', `${base(other.institution.id)}/tree?parentId=${c}`, { token: other.token })).statusCode,
    ).toBe(404);
  });

  it("edits title, code and site with the stamp; a box's layout is fixed; a node cannot shrink below its children", async () => {
    const { ids, box } = await storageChain(t, inst, token, refs, { Rows: 8, Columns: 12 });
    const boxUrl = nodePath(inst, ids);
    const whole = {
      Title: 'Serum box',
      Code: 'sb',
      Rows: 8,
      Columns: 12,
      PositionLabelingOptionId: refs.twoD,
      RowLabelingSchemaId: refs.upper,
      ColumnLabelingSchemaId: refs.numbers,
      FillOrder: 'row',
      InstitutionSiteId: institution.site.id,
    };
    const renamed = await t.call('PUT', boxUrl, { token, body: { ...whole, ConcurrencyStamp: box.concurrencyStamp } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(json(renamed)).toMatchObject({
      title: 'Serum box',
      code: 'sb',
      institutionSiteId: institution.site.id,
      rows: 8,
    });
    const stale = await t.call('PUT', boxUrl, {
      token,
      body: { Title: 'Again', ConcurrencyStamp: box.concurrencyStamp },
    });
    expect(stale.statusCode).toBe(409);
    const stamp = json<StorageNodeRec>(renamed).concurrencyStamp;
    for (const change of [
      { Rows: 9 },
      { Columns: 2 },
      { FillOrder: 'column' },
      { RowLabelingSchemaId: refs.lower },
      { PositionLabelingOptionId: refs.linear },
    ]) {
      const res = await t.call('PUT', boxUrl, { token, body: { ...whole, ...change, ConcurrencyStamp: stamp } });
      expect(res.statusCode, JSON.stringify(change)).toBe(409);
      expect(json<Problem>(res)).toMatchObject({ code: 'storage.box_layout_fixed' });
    }
    expect((await positionsOf(ids))[0].code).toBe('A1');
    // A child's blank code clears it; a container's blank code keeps it (it is required).
    const cleared = await t.call('PUT', boxUrl, {
      token,
      body: { Title: 'Serum box', Code: '', ConcurrencyStamp: stamp },
    });
    expect(json(cleared)).toMatchObject({ code: null, institutionSiteId: null });
    const c = json<StorageNodeRec>(await t.call('GET', nodePath(inst, [ids[0]]), { token }));
    const kept = await t.call('PUT', nodePath(inst, [ids[0]]), {
      token,
      body: { Title: 'Big freezer', Code: ' ', ConcurrencyStamp: c.concurrencyStamp },
    });
    expect(json(kept)).toMatchObject({ title: 'Big freezer', code: c.code });
    // A shelf (2 x 2) with one rack may become 1 x 1, not smaller than what it holds.
    const shelfUrl = nodePath(inst, ids.slice(0, 2));
    const shelf = json<StorageNodeRec>(await t.call('GET', shelfUrl, { token }));
    await createNode(t, inst, token, ids.slice(0, 2), nodeBody(refs, { Title: 'Second rack' }));
    const tooSmall = await t.call('PUT', shelfUrl, {
      token,
      body: { Title: 'Shelf', Rows: 1, Columns: 1, ConcurrencyStamp: shelf.concurrencyStamp },
    });
    expect(json<Problem>(tooSmall)).toMatchObject({
      code: 'storage.too_small',
      title: '2 enabled items are inside: rows x columns (1) cannot be fewer.',
    });
    const grown = await t.call('PUT', shelfUrl, {
      token,
      body: {
        Title: 'Shelf',
        Rows: 1,
        Columns: 3,
        RowLabelingSchemaId: refs.numbers,
        ConcurrencyStamp: shelf.concurrencyStamp,
      },
    });
    expect(json(grown)).toMatchObject({
      rows: 1,
      columns: 3,
      rowLabelingSchema: { id: refs.numbers, title: 'Numbers' },
    });
    const taken = await t.call('PUT', nodePath(inst, [ids[0]]), {
      token,
      body: {
        Title: 'x',
        Code: (await container()).code,
        ConcurrencyStamp: json<StorageNodeRec>(kept).concurrencyStamp,
      },
    });
    expect(json<Problem>(taken).code).toBe('storage.code_taken');
    expect(await auditActions(ids[4])).toEqual(['create', 'update', 'update']);
  });

  it('disables instead of deleting: not while enabled children are inside; nothing new under a disabled node', async () => {
    const { ids } = await storageChain(t, inst, token, refs);
    const url = (depth: number) => nodePath(inst, ids.slice(0, depth + 1));
    const busy = await t.call('POST', `${url(0)}/disable`, { token });
    expect(busy.statusCode).toBe(409);
    expect(json<Problem>(busy)).toMatchObject({
      code: 'storage.has_children',
      title: 'This container still holds enabled items: disable them first.',
    });
    for (const depth of [4, 3, 2, 1, 0]) {
      const res = await t.call('POST', `${url(depth)}/disable`, { token });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res)).toMatchObject({ isEnabled: false });
    }
    expect(json<StorageNodeRec>(await t.call('GET', url(0), { token })).childCount).toBe(0);
    const under = await t.call('POST', `${url(0)}/storageContainerShelfs`, { token, body: nodeBody(refs) });
    expect(json<Problem>(under)).toMatchObject({ code: 'storage.parent_disabled' });
    expect(json<Problem>(await t.call('POST', `${url(1)}/enable`, { token }))).toMatchObject({
      code: 'storage.parent_disabled',
    });
    expect((await t.call('POST', `${url(0)}/enable`, { token })).statusCode).toBe(200);
    expect((await t.call('POST', `${url(1)}/enable`, { token })).statusCode).toBe(200);
    // Enabled filter on the lists.
    const enabledOnly = await t.call('GET', `${url(1)}/storageContainerRacks?IsEnabled=true`, { token });
    expect(json<StorageNodeRec[]>(enabledOnly)).toEqual([]);
    expect(await auditActions(ids[0])).toEqual(['create', 'disable', 'enable']);
    // Enabling takes a slot: a full parent refuses it.
    const one = await container({ Rows: 1, Columns: 1 });
    const a = await createNode(t, inst, token, [one.id], nodeBody(refs, { Title: 'A' }));
    await t.call('POST', `${nodePath(inst, [one.id, a.id])}/disable`, { token });
    await createNode(t, inst, token, [one.id], nodeBody(refs, { Title: 'B' }));
    expect(json<Problem>(await t.call('POST', `${nodePath(inst, [one.id, a.id])}/enable`, { token }))).toMatchObject({
      code: 'storage.full',
    });
  });

  it('answers the web tree: children of one node with their counts', async () => {
    const { ids } = await storageChain(t, inst, token, refs, { Rows: 3, Columns: 3 });
    const tree = async (q: string) => {
      const res = await t.call('GET', `${base()}/tree${q}`, { token });
      expect(res.statusCode, res.body).toBe(200);
      return json<{ id: number; level: string; childCount: number }[]>(res);
    };
    expect((await tree('')).find((n) => n.id === ids[0])).toMatchObject({ level: 'container', childCount: 1 });
    expect(await tree(`?parentId=${ids[0]}`)).toEqual([
      expect.objectContaining({ id: ids[1], level: 'shelf', childCount: 1, rows: 2, columns: 2, isEnabled: true }),
    ]);
    expect(await tree(`?ParentId=${ids[3]}`)).toEqual([
      expect.objectContaining({ id: ids[4], level: 'box', childCount: 9 }),
    ]);
    expect(await tree(`?parentId=${ids[4]}`)).toEqual([]);
    expect((await t.call('GET', `${base()}/tree?parentId=2147483647`, { token })).statusCode).toBe(404);
    expect((await t.call('GET', `${base()}/tree?parentId=abc`, { token })).statusCode).toBe(400);
  });

  it('lets a Researcher read but not build; anonymous calls are 401', async () => {
    const { ids } = await storageChain(t, inst, token, refs);
    const researcher = await createAccount(t, { roles: ['Researcher'], institutionIds: [inst] });
    const rt = await login(t, researcher.email);
    expect((await t.call('GET', base(), { token: rt })).statusCode).toBe(200);
    expect((await t.call('GET', `${base()}/tree`, { token: rt })).statusCode).toBe(200);
    expect((await positionsOf(ids, rt)).length).toBe(4);
    expect(
      (await t.call('POST', base(), { token: rt, body: nodeBody(refs, { Code: nextStorageCode() }) })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.call('POST', `${nodePath(inst, ids.slice(0, 1))}/storageContainerShelfs`, {
          token: rt,
          body: nodeBody(refs),
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.call('POST', `${nodePath(inst, ids)}/disable`, { token: rt })).statusCode).toBe(403);
    const site = await createAccount(t, { roles: ['Site Administrator'], institutionIds: [inst] });
    expect(
      (
        await t.call('POST', base(), {
          token: await login(t, site.email),
          body: nodeBody(refs, { Code: nextStorageCode() }),
        })
      ).statusCode,
    ).toBe(201);
    expect((await t.call('GET', base())).statusCode).toBe(401);
  });
});
