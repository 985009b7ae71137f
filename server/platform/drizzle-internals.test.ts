import { afterEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { alias, integer, PgDialect, pgTable, text } from 'drizzle-orm/pg-core';
import {
  copyDecoder,
  DrizzleInternalsChanged,
  inlinesParams,
  rowDecoder,
  sessionClient,
  tableNaming,
} from './drizzle-internals';
import { Bindings, tableShape } from './statement-cache';

// The adapter over Drizzle's internals (docs/decisions/0011-statement-cache.md): each check passes on the Drizzle we
// run, and each planted change (a key gone, a value of another type) throws DrizzleInternalsChanged instead of
// letting the statement cache or json-rows go on with something it does not understand.
const people = pgTable('planted_people', { id: integer('id').primaryKey(), name: text('name') });
const pets = pgTable('planted_pets', { id: integer('id').primaryKey(), ownerId: integer('owner_id') });
const db = new PgDialect();

describe('on the Drizzle we run', () => {
  it("reads a table's name, schema and alias mark", () => {
    expect(tableNaming(people)).toEqual({ schema: undefined, name: 'planted_people', isAlias: false });
    expect(tableNaming(alias(people, 'p'))).toEqual({ schema: undefined, name: 'p', isAlias: true });
  });

  it('reads whether a fragment inlines its values', () => {
    expect(inlinesParams(sql`${people.id} = ${1}`)).toBe(false);
    expect(inlinesParams(sql`${people.id} = ${1}`.inlineParams())).toBe(true);
  });

  it('copies the decoder set by mapWith, the same object', () => {
    const counted = sql<number>`count(*)`.mapWith(Number);
    const copy = sql`count(*)`;
    copyDecoder(counted, copy);
    expect(Object.entries(copy).find(([k]) => k === 'decoder')?.[1]).toBe(
      Object.entries(counted).find(([k]) => k === 'decoder')?.[1],
    );
    expect(db.sqlToQuery(copy).sql).toBe('count(*)');
  });
});

describe('a planted change fails loudly', () => {
  afterEach(() => {
    vi.doUnmock('drizzle-orm');
    vi.resetModules();
  });

  it("a table without its name key, or with an alias mark that is no boolean, is refused (not named 'undefined')", () => {
    const nameless = pgTable('planted_nameless', { id: integer('id') });
    Reflect.deleteProperty(nameless, Symbol.for('drizzle:Name'));
    expect(() => tableNaming(nameless)).toThrow(DrizzleInternalsChanged);
    expect(() => tableShape(nameless)).toThrow(/drizzle-internals\.ts relies on/);
    const oddAlias = pgTable('planted_odd', { id: integer('id') });
    Reflect.set(oddAlias, Symbol.for('drizzle:IsAlias'), 'yes');
    expect(() => tableNaming(oddAlias)).toThrow(DrizzleInternalsChanged);
  });

  it('a fragment without shouldInlineParams is refused by the cache, not walked as if its values were bound', () => {
    const planted = sql`${people.id} = ${1}`;
    Reflect.deleteProperty(planted, 'shouldInlineParams');
    expect(() => inlinesParams(planted)).toThrow(/SQL\.shouldInlineParams/);
    expect(() => new Bindings().template(planted)).toThrow(DrizzleInternalsChanged);
    const renamed = sql`${people.id} = ${1}`;
    Reflect.set(renamed, 'shouldInlineParams', 'no');
    expect(() => inlinesParams(renamed)).toThrow(DrizzleInternalsChanged);
  });

  it('a fragment without its decoder is refused, not copied unmapped', () => {
    const planted = sql<number>`count(*)`.mapWith(Number);
    Reflect.deleteProperty(planted, 'decoder');
    expect(() => copyDecoder(planted, sql`count(*)`)).toThrow(/SQL\.decoder/);
    expect(() => new Bindings().template(planted)).toThrow(DrizzleInternalsChanged);
    const odd = sql`count(*)`;
    Reflect.set(odd, 'decoder', { map: Number });
    expect(() => copyDecoder(odd, sql`count(*)`)).toThrow(/mapFromDriverValue/);
  });

  it("a handle whose session has no client is refused: a transaction's statements are not kept under nothing", () => {
    expect(() => sessionClient({ _: { session: {} } })).toThrow(/a session's client/);
    expect(() => sessionClient({ _: { session: { client: 'pool' } } })).toThrow(DrizzleInternalsChanged);
    const client = {};
    expect(sessionClient({ _: { session: { client } } })).toBe(client);
  });

  it('a select builder whose joinsNotNullableMap is no object is refused', () => {
    const q = { _: { selectedFields: { id: people.id }, result: [] }, joinsNotNullableMap: 'planted' };
    expect(() => rowDecoder(q)).toThrow(/joinsNotNullableMap/);
  });

  it('drizzle-orm without mapResultRow fails at start-up: the adapter does not load', async () => {
    vi.doMock('drizzle-orm', async (original) => ({ ...(await original<object>()), mapResultRow: undefined }));
    vi.resetModules();
    await expect(import('./drizzle-internals')).rejects.toThrow(/the function mapResultRow among its exports/);
  });

  it('orderSelectedFields answering fields without their path is refused', async () => {
    vi.doMock('drizzle-orm', async (original) => ({
      ...(await original<object>()),
      orderSelectedFields: () => [{ field: people.id }],
    }));
    vi.resetModules();
    const planted = await import('./drizzle-internals');
    const q = { _: { selectedFields: { id: people.id }, result: [] } };
    expect(() => planted.rowDecoder(q)).toThrow(/orderSelectedFields returning \{path, field\}/);
  });

  it('mapResultRow answering no row object is refused', async () => {
    vi.doMock('drizzle-orm', async (original) => ({ ...(await original<object>()), mapResultRow: () => 'planted' }));
    vi.resetModules();
    const planted = await import('./drizzle-internals');
    const { decode } = planted.rowDecoder({ _: { selectedFields: { id: people.id }, result: [] } });
    expect(() => decode([1])).toThrow(/mapResultRow returning a row object/);
  });
});

describe('rowDecoder', () => {
  it("decodes a left join's positional rows as the select does", () => {
    const result: { id: number; n: number; pet: { id: number } | null }[] = [];
    const q = {
      _: { selectedFields: { id: people.id, n: sql<number>`1`.mapWith(Number), pet: { id: pets.id } }, result },
      joinsNotNullableMap: { planted_people: true, planted_pets: false },
    };
    const { width, decode } = rowDecoder(q);
    expect(width).toBe(3);
    expect(decode([1, '2', 3])).toEqual({ id: 1, n: 2, pet: { id: 3 } });
    expect(decode([1, '2', null])).toEqual({ id: 1, n: 2, pet: null });
  });
});
