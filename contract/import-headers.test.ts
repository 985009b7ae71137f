import { describe, expect, it } from 'vitest';
import { applyTemplate, autoMapping, normaliseHeader } from './import-headers';
import { IMPORT_COLUMNS, PARTICIPANT_COLUMNS, SAMPLE_COLUMNS, STORAGE_COLUMNS } from './imports.contract';

const one = (header: string, columns = PARTICIPANT_COLUMNS) => autoMapping([header], columns)[header];

describe('normaliseHeader', () => {
  it.each([
    ['First Name', 'firstname'],
    ['first_name', 'firstname'],
    ['FIRST-NAME', 'firstname'],
    ['firstName', 'firstname'],
    ['  first   name ', 'firstname'],
    ["Father's name", 'fathersname'],
    ['Date of birth (YYYY-MM-DD)', 'dateofbirthyyyymmdd'],
    ['D.O.B.', 'dob'],
    ['sampleID', 'sampleid'],
    ['Prénom', 'prénom'],
    ['***', ''],
  ])('%j -> %j', (header, expected) => expect(normaliseHeader(header)).toBe(expected));
});

describe('autoMapping: one header', () => {
  it.each([
    ['First Name', 'firstName'],
    ['first_name', 'firstName'],
    ['Given name', 'firstName'],
    ['firstname', 'firstName'],
    ['DOB', 'birthDate'],
    ['Date of birth', 'birthDate'],
    ['birth-date', 'birthDate'],
    ['Birth Date', 'birthDate'],
    ["Father's Name", 'fatherName'],
    ['GRANDFATHER NAME', 'grandFatherName'],
    ['Sex', 'gender'],
    ['Patient Type', 'patientType'],
    ['Phone', 'phoneNumber'],
    ['Phone Type', 'phoneType'],
    ['Race', 'races'],
    ['SSN', 'socialSecurityNumber'],
    ['MRN', 'mrn'],
    ['Nickname', ''],
    ['', ''],
    ['Birth', ''],
  ])('%j -> %j', (header, field) => expect(one(header)).toBe(field));

  it('matches each kind against its own fields', () => {
    expect(one('Sample ID', SAMPLE_COLUMNS)).toBe('sampleId');
    expect(one('Collection date', SAMPLE_COLUMNS)).toBe('collectedDate');
    expect(one('Parent Sample ID', SAMPLE_COLUMNS)).toBe('parentSampleId');
    expect(one('Row labelling', STORAGE_COLUMNS)).toBe('rowLabeling');
    expect(one('First name', STORAGE_COLUMNS)).toBe('');
  });

  it('gives every column a label, and no name to two columns of a kind', () => {
    for (const columns of Object.values(IMPORT_COLUMNS)) {
      expect(columns.filter((c) => !c.label.trim() || /[a-z][A-Z]/.test(c.label)).map((c) => c.field)).toEqual([]);
      const owner = new Map<string, string>();
      const shared: string[] = [];
      for (const c of columns) {
        for (const n of new Set([c.field, c.label, ...(c.synonyms ?? [])].map(normaliseHeader))) {
          if (owner.has(n)) shared.push(`${n}: ${owner.get(n)} and ${c.field}`);
          owner.set(n, c.field);
        }
      }
      expect(shared).toEqual([]);
    }
  });
});

describe('autoMapping: a whole file', () => {
  it('maps each field once; a stronger match wins whatever the order', () => {
    expect(autoMapping(['Given name', 'First Name', 'first_name'], PARTICIPANT_COLUMNS)).toEqual({
      'Given name': '',
      'First Name': 'firstName',
      first_name: '',
    });
  });

  it('keeps the choices of headers it had, and matches only the new ones to fields still free', () => {
    const kept = { Vorname: 'firstName', DOB: '' };
    expect(autoMapping(['Vorname', 'First Name', 'DOB', 'Sex'], PARTICIPANT_COLUMNS, kept)).toEqual({
      Vorname: 'firstName',
      'First Name': '',
      DOB: '',
      Sex: 'gender',
    });
  });
});

describe('applyTemplate', () => {
  it('maps the headers the template names (as normalised text), takes their fields from other headers, keeps the rest', () => {
    const current = { 'First Name': 'firstName', Nombre: '', Kategorie: '', Sex: 'gender' };
    const template = { nombre: 'firstName', KATEGORIE: 'patientType', Other: 'mrn' };
    expect(applyTemplate(['First Name', 'Nombre', 'Kategorie', 'Sex'], current, template)).toEqual({
      mapping: { 'First Name': '', Nombre: 'firstName', Kategorie: 'patientType', Sex: 'gender' },
      applied: 2,
    });
  });

  it('applies an ignored column as ignored', () => {
    expect(applyTemplate(['Sex'], { Sex: 'gender' }, { sex: '' })).toEqual({ mapping: { Sex: '' }, applied: 1 });
  });
});
