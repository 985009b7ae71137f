import { localPhoneProblem, PatientRegister } from '../../../contract/participants.contract';
import type { RowError } from '../../../contract/imports.contract';
import type { InstCtx } from '../../platform/context';
import type { Db } from '../../db/client';
import { titlesOf, unknownTitle, type Titles } from '../../platform/lookups/lookup-titles';
import { usesLocalPhoneRule } from '../institutions';
import { patientDateProblems, today } from './participant-rules';
import { patientValues } from './participants.service';
import {
  insertEthnicityRows,
  insertMrnRows,
  insertPatientRows,
  insertPhoneRows,
  insertRaceRows,
  registeredMainMrns,
} from './participants-import.repository';

/** One CSV data row after the column mapping: field -> trimmed cell (undefined when empty). */
export interface MappedRow {
  line: number;
  values: Record<string, string | undefined>;
}

/** Rows per INSERT statement: 1,000 participants x 19 columns stays far below PostgreSQL's 65,535 parameters. */
const BATCH = 1000;

const LOOKUP_FIELDS = [
  { column: 'gender', key: 'genders', idField: 'genderId' },
  { column: 'patientType', key: 'patientTypes', idField: 'patientTypeId' },
  { column: 'maritalStatus', key: 'maritalStatuses', idField: 'maritalStatusId' },
  { column: 'vitalStatus', key: 'vitalStatuses', idField: 'vitalStatusId' },
] as const;

/** The contract's field path -> the CSV field it came from. */
function csvFieldOf(path: PropertyKey[]): string {
  const [head, , leaf] = path.map(String);
  if (head === 'patientMRN') return 'mrn';
  if (head === 'phoneNumbers') return leaf === 'phoneNumberTypeId' ? 'phoneType' : 'phoneNumber';
  const lookup = LOOKUP_FIELDS.find((l) => l.idField === head);
  return lookup ? lookup.column : head;
}

export interface CheckedParticipant {
  line: number;
  input: PatientRegister;
  vitalTitle: string;
}

/**
 * Every rule of the single registration, per row and all reported: the contract (PatientRegister: required
 * fields, lengths, formats, death after birth), titles of this institution's lists, the date rules
 * (patientDateProblems), the local phone rule when the institution uses it, and MRNs unique in the file
 * and in the database. Nothing is written. Rows come in batches (`check`, in file order; the file is streamed):
 * the lists are read once, MRNs seen in earlier batches are remembered, and each batch's MRNs are looked up
 * in the database in one query. `yieldNow` is awaited between rows (the caller gives the event loop a turn).
 */
export async function participantChecker(
  db: Db,
  ctx: InstCtx,
  columnOf: (field: string) => string | null,
  yieldNow: () => Promise<void> = async () => {},
) {
  const inst = ctx.institutionId;
  const lists = Object.fromEntries(
    await Promise.all(
      ['genders', 'patientTypes', 'maritalStatuses', 'vitalStatuses', 'races', 'ethnicities', 'phoneNumberTypes'].map(
        async (k) => [k, await titlesOf(db, inst, k)] as const,
      ),
    ),
  ) as Record<string, Titles>;
  const localPhones = await usesLocalPhoneRule(db, inst);
  const todayIso = today(ctx);
  const mrnLines = new Map<string, number>();

  /** Checks one batch; its row errors go to `errors` (by line within the batch); answers the rows without errors. */
  async function check(rows: MappedRow[], errors: RowError[]): Promise<CheckedParticipant[]> {
    const push = (line: number, field: string, message: string) =>
      errors.push({ line, field, column: columnOf(field), message });
    const out: CheckedParticipant[] = [];
    const newMrns: string[] = [];
    for (const { line, values: v } of rows) {
      await yieldNow();
      const bad = new Set<string>();
      const one = (column: string, key: string, title: string | undefined): number | undefined => {
        if (!title) return undefined;
        const hit = lists[key].get(title.trim().toLowerCase());
        if (!hit) {
          push(line, column, unknownTitle(key, title));
          bad.add(column);
        }
        return hit?.id;
      };
      const many = (column: string, key: string) =>
        (v[column] ?? '')
          .split(';')
          .map((x) => x.trim())
          .filter(Boolean)
          .map((x) => one(column, key, x))
          .filter((x): x is number => x !== undefined);
      const ids = Object.fromEntries(LOOKUP_FIELDS.map((l) => [l.idField, one(l.column, l.key, v[l.column])]));
      const phoneTypeId = one('phoneType', 'phoneNumberTypes', v.phoneType);
      const candidate = {
        patientMRN: v.mrn,
        firstName: v.firstName,
        fatherName: v.fatherName,
        grandFatherName: v.grandFatherName,
        birthDate: v.birthDate,
        birthTime: v.birthTime,
        deathDate: v.deathDate,
        socialSecurityNumber: v.socialSecurityNumber,
        externalSubjectId: v.externalSubjectId,
        ...ids,
        races: [...new Set(many('races', 'races'))],
        ethnicities: [...new Set(many('ethnicities', 'ethnicities'))],
        phoneNumbers:
          v.phoneNumber || v.phoneType ? [{ phoneNumberTypeId: phoneTypeId, phoneNumber: v.phoneNumber ?? '' }] : [],
      };
      const parsed = PatientRegister.safeParse(candidate);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = csvFieldOf(issue.path);
          if (bad.has(field)) continue;
          bad.add(field);
          push(line, field, issue.message);
        }
        continue;
      }
      const p = parsed.data;
      const vitalTitle = [...lists.vitalStatuses.values()].find((x) => x.id === p.vitalStatusId)?.title ?? '';
      for (const d of patientDateProblems(p, vitalTitle, todayIso)) push(line, d.field, d.message);
      if (localPhones)
        for (const ph of p.phoneNumbers) {
          const problem = localPhoneProblem(ph.phoneNumber);
          if (problem) push(line, 'phoneNumber', problem);
        }
      if (p.patientMRN) {
        const key = p.patientMRN.toLowerCase();
        const first = mrnLines.get(key);
        if (first !== undefined) push(line, 'mrn', `MRN ${p.patientMRN} is also on line ${first} of this file`);
        else {
          mrnLines.set(key, line);
          newMrns.push(key);
        }
      }
      out.push({ line, input: p, vitalTitle });
    }
    // MRNs already registered in this institution (main MRNs: unique per institution): one query per batch.
    if (newMrns.length) {
      for (const mrn of await registeredMainMrns(db, inst, newMrns))
        push(mrnLines.get(mrn)!, 'mrn', `MRN ${mrn} is already registered to another participant`);
    }
    return out;
  }
  return { check };
}

/** The longest a single INSERT of an import should run: on PGlite a statement runs on the event loop's thread. */
const STATEMENT_TARGET_MS = 40;

/**
 * Inserts checked participants and their children inside the caller's transaction; returns the new ids in file
 * order. Progress is told after each 1,000-row batch. Each batch goes in parts whose size adapts so that no
 * statement runs much longer than STATEMENT_TARGET_MS (PGlite executes a statement synchronously: a 1,000-row
 * insert into the trigram-indexed MRN and phone tables held the loop for seconds), and `turn` is awaited after
 * every statement so other requests are served between them (issue 26).
 */
export async function insertParticipants(
  tx: Db,
  ctx: InstCtx,
  rows: CheckedParticipant[],
  progress: (done: number) => void | Promise<void>,
  turn: () => Promise<void> = async () => {},
) {
  const inst = ctx.institutionId;
  const who = { institutionId: inst, creatorId: ctx.account.id, enablerId: ctx.account.id };
  const ids: number[] = [];
  let size = 100;
  /** Runs one statement, measures it (for the next part's size) and gives the loop a turn. */
  let slowest = 0;
  const timed = async <T>(statement: () => Promise<T>) => {
    const started = performance.now();
    const out = await statement();
    slowest = Math.max(slowest, performance.now() - started);
    await turn();
    return out;
  };
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    for (let j = 0; j < batch.length;) {
      const part = batch.slice(j, j + size);
      slowest = 0;
      const partIds = await timed(() =>
        insertPatientRows(
          tx,
          part.map((r) => ({ ...patientValues(r.input), ...who })),
        ),
      );
      const base = (k: number) => ({ ...who, patientId: partIds[k] });
      const mrns = part.flatMap((r, k) =>
        r.input.patientMRN ? [{ ...base(k), mrn: r.input.patientMRN, institutionSiteId: null }] : [],
      );
      const races = part.flatMap((r, k) => r.input.races.map((raceId) => ({ ...base(k), raceId })));
      const ethnicities = part.flatMap((r, k) =>
        r.input.ethnicities.map((ethnicityId) => ({ ...base(k), ethnicityId })),
      );
      const phones = part.flatMap((r, k) =>
        r.input.phoneNumbers.map((ph) => ({
          ...base(k),
          phoneNumber: ph.phoneNumber,
          phoneNumberTypeId: ph.phoneNumberTypeId,
          institutionSiteId: null,
        })),
      );
      if (mrns.length) await timed(() => insertMrnRows(tx, mrns));
      if (races.length) await timed(() => insertRaceRows(tx, races));
      if (ethnicities.length) await timed(() => insertEthnicityRows(tx, ethnicities));
      if (phones.length) await timed(() => insertPhoneRows(tx, phones));
      ids.push(...partIds);
      j += part.length;
      size = Math.max(10, Math.min(BATCH, Math.round((part.length * STATEMENT_TARGET_MS) / Math.max(slowest, 1))));
    }
    await progress(ids.length);
  }
  return ids;
}
