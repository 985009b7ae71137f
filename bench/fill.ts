// Set-based fills shared by the benches (bench/participants-search.ts, bench/generate.ts): one INSERT ...
// SELECT over generate_series per table and batch, so PostgreSQL builds the rows itself (no round trip per row).

type Run = (q: string) => Promise<unknown>;

const COMMON = `array['Abebe','Almaz','Tesfaye','Selam','Girma','Hana','Bekele','Meron','Dawit','Tigist','Yonas','Liya','Samuel','Ruth','Daniel','Sara']`;

/**
 * Participants number `from`..`to` of institution 1: half the first names and a third of the father names
 * common Ethiopian names (Abebe about 8%), the rest pseudo-random words; birth dates over 80 years; external
 * subject id EXT-g. With each new participant (same statement) its main MRN (MRN<id>) and mobile phone (09 + id in 8 digits).
 */
export async function fillParticipants(
  run: Run,
  refs: { type: number; gender: number; marital: number; vital: number; phoneType: number },
  from: number,
  to: number,
) {
  const { type, gender, marital, vital, phoneType } = refs;
  await run(`
  with p as (insert into patients (institution_id, first_name, father_name, grand_father_name, birth_date, birth_time, patient_type_id, gender_id, marital_status_id, vital_status_id, external_subject_id, concurrency_stamp)
  select 1,
    case when g % 2 = 0 then (${COMMON})[1 + g % 16] else initcap(substr(md5(g::text), 1, 7)) end,
    case when g % 3 = 0 then (${COMMON})[1 + (g / 7) % 16] else initcap(substr(md5((g * 7)::text), 1, 7)) end,
    initcap(substr(md5((g * 13)::text), 1, 8)),
    date '1940-01-01' + (g % 29000), '08:00', ${type}, ${gender}, ${marital}, ${vital}, 'EXT-' || g, md5(g::text)
  from generate_series(${from}, ${to}) g returning id),
  m as (insert into patient_mrns (institution_id, patient_id, mrn, concurrency_stamp) select 1, id, 'MRN' || id, md5(id::text) from p)
  insert into patient_phone_numbers (institution_id, patient_id, phone_number_type_id, phone_number, concurrency_stamp) select 1, id, ${phoneType}, '09' || lpad(id::text, 8, '0'), md5(id::text) from p`);
}

/**
 * Boxes `from`..`to` (titled `${title} g`, coded `${code}g`) of size x size under `drawer`, Two Dimensional,
 * Letters x Numbers like `schema` (a box's labeling ids), with their positions; returns the new box ids in order.
 */
export async function fillBoxes(
  run: Run,
  o: { drawer: number; size: number; title: string; code: string; schema: Record<string, unknown> },
  from: number,
  to: number,
) {
  const { drawer, size, title, code, schema } = o;
  const res = await run(`
  with b as (insert into storage_nodes (institution_id, level, parent_id, parent_level, title, code, rows, columns, position_labeling_option_id, position_labeling, row_labeling_schema_id, row_labeling, column_labeling_schema_id, column_labeling, concurrency_stamp)
    select 1, 'box', ${drawer}, 'drawer', '${title} ' || g, '${code}' || g, ${size}, ${size}, ${schema.o}, 'two_dimensional', ${schema.r}, 'Letters Upper Case', ${schema.c}, 'Numbers', 'x' from generate_series(${from}, ${to}) g returning id),
  p as (insert into storage_box_positions (institution_id, box_id, row_index, column_index, ordinal, code)
    select 1, b.id, r, c, r * ${size} + c + 1, chr(65 + r) || (c + 1) from b, generate_series(0, ${size - 1}) r, generate_series(0, ${size - 1}) c)
  select id from b order by id`);
  return (res as { rows: { id: unknown }[] }).rows.map((r) => Number(r.id));
}
