import { describe, expect, it } from 'vitest';
import { LOOKUP_BY_KEY as L } from '../../../contract/lookups.registry';
import { testApp, json } from '../../test/harness';
import { signedIn } from '../../test/factories';
import { createSample } from '../../test/lookup-samples';

const t = await testApp();
const { institution, token } = await signedIn(t, ['Institution Administrator']);
const api = (path: string) => `/api/institutions/${institution.id}/${path}`;
const get = async <T = Record<string, unknown>[]>(path: string) => json<T>(await t.call('GET', api(path), { token }));
const post = (path: string, body: unknown) => t.call('POST', api(path), { token, body });
const put = (path: string, body: unknown) => t.call('PUT', api(path), { token, body });
type Rec = Record<string, unknown> & { id: number; title?: string };

describe('dependent lists', () => {
  it('a specimen type category lists only its specimen types; a unit type only its units', async () => {
    const categories = await get<Rec[]>('specimenTypeCategories?PageSize=100');
    const fluid = categories.find((c) => c.title === 'Fluid')!;
    const types = await get<Rec[]>(`specimenTypeCategories/${fluid.id}/specimenTypes?PageSize=100`);
    expect(types.map((x) => x.title)).toEqual(expect.arrayContaining(['Whole Blood', 'Serum', 'Plasma']));
    expect(types.every((x) => x.specimenTypeCategoryId === fluid.id)).toBe(true);
    expect(types[0].specimenTypeCategory).toEqual({ id: fluid.id, title: 'Fluid' });
    const unitTypes = await get<Rec[]>('unitOfMeasurementTypes?SearchTerm=mass');
    const units = await get<Rec[]>(`unitOfMeasurementTypes/${unitTypes[0].id}/unitOfMeasurements`);
    expect(units.map((u) => u.unitSymbol).sort()).toEqual(['g', 'mg', 'µg']);
    expect((await t.call('GET', api('unitOfMeasurementTypes/999999/unitOfMeasurements'), { token })).statusCode).toBe(
      404,
    );
  });

  it("a unit's conversion factor is optional and greater than 0; the seeded units carry theirs", async () => {
    const [volume] = await get<Rec[]>('unitOfMeasurementTypes?SearchTerm=volume');
    const units = await get<Rec[]>(`unitOfMeasurementTypes/${volume.id}/unitOfMeasurements`);
    expect(Object.fromEntries(units.map((u) => [u.unitSymbol, u.conversionFactor]))).toMatchObject({
      mL: 1,
      µL: 0.001,
      L: 1000,
    });
    const body = { unitOfMeasurementTypeId: volume.id, unitName: 'Drop', unitSymbol: 'gtt', description: 'One drop' };
    for (const bad of [0, -1, '-0.5']) {
      expect(json(await post('unitOfMeasurements', { ...body, conversionFactor: bad })).errors).toEqual({
        conversionFactor: ['Conversion Factor must be greater than 0'],
      });
    }
    expect(json(await post('unitOfMeasurements', { ...body, conversionFactor: 'x' })).errors).toEqual({
      conversionFactor: ['Conversion Factor must be a number'],
    });
    const none = await post('unitOfMeasurements', { ...body, conversionFactor: '' });
    expect(none.statusCode, none.body).toBe(201);
    expect(json(none).conversionFactor).toBeNull();
    const set = await put(`unitOfMeasurements/${json(none).id}`, {
      ...body,
      conversionFactor: '0.05',
      concurrencyStamp: json(none).concurrencyStamp,
    });
    expect(json(set)).toMatchObject({ conversionFactor: 0.05 });
  });

  it('a nested create takes its parent from the path', async () => {
    const [volume] = await get<Rec[]>('unitOfMeasurementTypes?SearchTerm=volume');
    const res = await post(`UnitOfMeasurementTypes/${volume.id}/unitOfMeasurements`, {
      UnitName: 'Nanolitre',
      UnitSymbol: 'nL',
      Code: 'nl',
      Description: 'One billionth of a litre',
    });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({
      unitOfMeasurementTypeId: volume.id,
      unitOfMeasurementType: { id: volume.id, title: 'Volume' },
    });
  });

  it("a panel's specimen type must belong to the chosen category", async () => {
    const categories = await get<Rec[]>('specimenTypeCategories?PageSize=100');
    const tissue = categories.find((c) => c.title === 'Tissue')!;
    const [serum] = await get<Rec[]>('specimenTypes?SearchTerm=serum');
    const department = await createSample(t, institution.id, token, L.departments);
    const res = await post('panels', {
      title: 'Lipid Profile',
      abbreviation: 'LIP',
      description: 'Cholesterol panel',
      specimenTypeCategoryId: tissue.id,
      specimenTypeId: serum.id,
      departmentId: department.id,
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('configuration.parent_mismatch');
    expect(json(res).errors).toEqual({ specimenTypeId: ['Not in the chosen Specimen Type Category'] });
  });
});

describe('rules', () => {
  it('unit codes are at most 2 characters', async () => {
    const [volume] = await get<Rec[]>('unitOfMeasurementTypes?SearchTerm=volume');
    const res = await post('unitOfMeasurements', {
      unitOfMeasurementTypeId: volume.id,
      unitName: 'Decilitre',
      unitSymbol: 'dL',
      code: 'dlx',
      description: 'x',
    });
    expect(json(res).errors).toEqual({ code: ['Code must be 2 characters or less'] });
  });

  it('a test with a unit needs the unit type and unit (*Required), and the unit must be of that type', async () => {
    const base = { title: 'Glucose', abbreviation: 'GLU', description: 'Fasting glucose', hasUnitOfMeasurement: true };
    const missing = await post('tests', base);
    expect(json(missing).errors).toEqual({
      unitOfMeasurementTypeId: ['*Required'],
      unitOfMeasurementId: ['*Required'],
    });
    const [mass] = await get<Rec[]>('unitOfMeasurementTypes?SearchTerm=mass');
    const [ml] = await get<Rec[]>('unitOfMeasurements?SearchTerm=millilitre');
    const wrong = await post('tests', { ...base, unitOfMeasurementTypeId: mass.id, unitOfMeasurementId: ml.id });
    expect(wrong.statusCode).toBe(400);
    const [conc] = await get<Rec[]>('unitOfMeasurementTypes?SearchTerm=concentration');
    const [mgdl] = await get<Rec[]>('unitOfMeasurements?SearchTerm=milligram per');
    const ok = await post('tests', {
      ...base,
      unitOfMeasurementTypeId: conc.id,
      unitOfMeasurementId: mgdl.id,
      hasRange: true,
    });
    expect(ok.statusCode).toBe(201);
    expect(json(ok)).toMatchObject({
      unitOfMeasurement: { id: mgdl.id, title: 'Milligram per decilitre' },
      hasRange: true,
    });
    const noUnit = await put(`tests/${json(ok).id}`, {
      ...base,
      hasUnitOfMeasurement: false,
      unitOfMeasurementTypeId: conc.id,
      unitOfMeasurementId: mgdl.id,
      concurrencyStamp: json(ok).concurrencyStamp,
    });
    expect(noUnit.statusCode).toBe(200);
    expect(json(noUnit)).toMatchObject({ unitOfMeasurementId: null, unitOfMeasurementTypeId: null });
  });

  it('a result range needs minimum <= maximum', async () => {
    const test = await createSample(t, institution.id, token, L.tests);
    const bad = await post(`tests/${test.id}/testResultRanges`, { minimumValue: 10, maximumValue: 2 });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toEqual({ maximumValue: ['Maximum Value must not be less than Minimum Value'] });
    const notNumber = await post(`tests/${test.id}/testResultRanges`, { minimumValue: 'abc', maximumValue: '' });
    expect(json(notNumber).errors).toEqual({
      minimumValue: ['Minimum Value must be a number'],
      maximumValue: ['*required'],
    });
    const ok = await post(`tests/${test.id}/testResultRanges`, { minimumValue: '3.5', maximumValue: 7 });
    expect(json(ok)).toMatchObject({ testId: test.id, minimumValue: 3.5, maximumValue: 7 });
    expect((await get<Rec[]>(`tests/${test.id}/testResultRanges`)).map((r) => r.id)).toEqual([json(ok).id]);
  });

  it('an order comment type with validation needs an expression that compiles, and its message', async () => {
    const base = { title: 'Fasting hours', abbreviation: 'FH', description: 'Hours fasted', hasValidation: true };
    expect(json(await post('LIMSOrderCommentTypes', base)).errors).toEqual({
      regularExpression: ['*required'],
      regularExpressionMessage: ['*required'],
    });
    expect(
      json(
        await post('limsordercommenttypes', { ...base, regularExpression: '([0-9', regularExpressionMessage: 'Hours' }),
      ).errors,
    ).toEqual({ regularExpression: ['This regular expression is not valid'] });
    expect(
      (
        await post('limsOrderCommentTypes', {
          ...base,
          regularExpression: '^[0-9]{1,2}$',
          regularExpressionMessage: 'Enter hours',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('one default per list: setting a new default vital status clears Alive', async () => {
    const res = await post('vitalStatuses', {
      title: 'Lost to follow-up',
      abbreviation: 'LTF',
      description: 'No contact',
      isDefault: true,
    });
    expect(json(res).isDefault).toBe(true);
    const defaults = (await get<Rec[]>('vitalStatuses?PageSize=100')).filter((v) => v.isDefault);
    expect(defaults.map((v) => v.title)).toEqual(['Lost to follow-up']);
  });

  it('a department cannot become its own ancestor; a sub-department needs its parent', async () => {
    const a = json<Rec>(
      await post('departments', { title: 'Pathology', abbreviation: 'PATH', description: 'Pathology' }),
    );
    const b = json<Rec>(
      await post('departments', {
        title: 'Histopathology',
        abbreviation: 'HIST',
        description: 'Tissue',
        isSubDepartment: true,
        parentDepartmentId: a.id,
      }),
    );
    expect(b.parentDepartment).toEqual({ id: a.id, title: 'Pathology' });
    const c = json<Rec>(
      await post('departments', {
        title: 'Immunohistochemistry',
        abbreviation: 'IHC',
        description: 'Stains',
        isSubDepartment: true,
        parentDepartmentId: b.id,
      }),
    );
    const cycle = await put(`departments/${a.id}`, {
      title: 'Pathology',
      abbreviation: 'PATH',
      description: 'Pathology',
      isSubDepartment: true,
      parentDepartmentId: c.id,
      concurrencyStamp: a.concurrencyStamp,
    });
    expect(cycle.statusCode).toBe(400);
    expect(json(cycle)).toMatchObject({
      code: 'configuration.cycle',
      title: 'Parent Department cannot be the department itself or one of its sub-departments',
    });
    expect(json(cycle).errors).toEqual({ parentDepartmentId: ['This would make a cycle'] });
    expect(
      json(await post('departments', { title: 'Orphan', abbreviation: 'O', description: 'x', isSubDepartment: true }))
        .errors,
    ).toEqual({ parentDepartmentId: ['*Required'] });
  });

  it('a disabled record cannot be newly chosen but stays where it is already used', async () => {
    const department = await createSample(t, institution.id, token, L.departments);
    const panel = await createSample(t, institution.id, token, L.panels, { departmentId: department.id });
    await post(`departments/${department.id}/disable`, {});
    const again = await createSample(t, institution.id, token, L.panels).catch((e: Error) => e);
    expect(again).not.toBeInstanceOf(Error);
    const chosen = await post('panels', { ...panel, title: 'Another panel', departmentId: department.id });
    expect(chosen.statusCode).toBe(400);
    expect(json(chosen).title).toBe('Department: choose an enabled department');
    const kept = await put(`panels/${panel.id}`, { ...panel, description: 'Still in the disabled department' });
    expect(kept.statusCode).toBe(200);
    expect(json(kept).department).toEqual({ id: department.id, title: department.title });
  });
});

describe('registry', () => {
  it('every registry entry has its exported table (and so a migration)', async () => {
    const { LOOKUPS } = await import('../../../contract/lookups.registry');
    const { lookupTables } = await import('../../platform/lookups/lookup.tables');
    expect(Object.keys(lookupTables).sort()).toEqual(LOOKUPS.map((e) => e.key).sort());
  });
});

describe('typed lookup writes', () => {
  it('an insert naming a field the list does not have is refused, not silently dropped', async () => {
    const { lookupTables } = await import('../../platform/lookups/lookup.tables');
    const { insertLookups } = await import('../../platform/lookups/lookup-writes');
    const record = { institutionId: institution.id, creatorId: null, enablerId: null };
    await expect(
      insertLookups(t.db, lookupTables.genders, record, [{ titel: 'Typo', abbreviation: 'T', description: 'x' }]),
    ).rejects.toThrow('genders has no column titel');
    const [row] = await insertLookups(t.db, lookupTables.genders, record, [
      { title: 'Typed', abbreviation: 'TY', description: 'x' },
    ]);
    expect(row).toMatchObject({ title: 'Typed', institutionId: institution.id, isEnabled: true });
  });
});
