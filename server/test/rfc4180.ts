// A strict RFC 4180 reader for tests, independent of the writer (platform/csv.ts): shared by every CSV export's test.

/** A strict RFC 4180 reader (quoted and bare cells, doubled quotes, CRLF or LF), independent of the writer. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (c === '"') {
        quoted = false;
        i++;
        continue;
      }
      cell += c;
      i++;
      continue;
    }
    if (c === '"') {
      if (cell) throw new Error(`quote inside a bare cell at ${i}`);
      quoted = true;
      i++;
      continue;
    }
    if (c === ',') {
      record.push(cell);
      cell = '';
      i++;
      continue;
    }
    if (c === '\r' && text[i + 1] === '\n') {
      i++;
      continue;
    }
    if (c === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
      continue;
    }
    cell += c;
    i++;
  }
  if (quoted) throw new Error('unterminated quote');
  if (cell || record.length) {
    record.push(cell);
    records.push(record);
  }
  return records;
}
