import { createHash } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { CsvError, parse, type Info, type Options } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { MAX_IMPORT_COLUMNS, MAX_IMPORT_RECORD_CHARS } from '../../../contract/imports.contract';

// The import reader: csv-parse (RFC 4180) configured strictly. Quoted cells may hold commas, doubled quotes and
// line breaks; records end with CRLF or LF (mixed too); a UTF-8 BOM is dropped; blank lines are skipped but
// counted. Each record keeps the line (1-based, in the file) it starts on, so errors name the line a
// spreadsheet shows. `readCsv` streams (bounded work per chunk); `parseCsv` reads a whole text the same way.

export interface CsvRecord {
  line: number;
  cells: string[];
}
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`Line ${line}: ${message}`);
  }
}
/** More bytes than allowed arrived (counted while streaming). */
export class CsvTooLarge extends Error {}

const OPTIONS: Options = {
  bom: true,
  relax_column_count: true,
  skip_empty_lines: true,
  record_delimiter: ['\r\n', '\n'],
  max_record_size: MAX_IMPORT_RECORD_CHARS,
};
/** Bytes handed to the parser at once: bounds the synchronous work of one step whatever the chunk size. */
const SLICE_BYTES = 64 * 1024;

const MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted cell is not closed',
  CSV_INVALID_CLOSING_QUOTE: 'text after a closing quote (double a quote inside a quoted cell)',
  INVALID_OPENING_QUOTE: 'a quote inside an unquoted cell (quote the whole cell)',
  CSV_MAX_RECORD_SIZE: `a record is longer than ${MAX_IMPORT_RECORD_CHARS.toLocaleString('en')} characters`,
};

/**
 * Counts the starting line of each record csv-parse emits. csv-parse's own line count is that of the record's
 * end and counts a CRLF inside a quoted cell twice, so lines are counted here: a record spans one line plus the
 * line feeds inside its cells, and skipped blank lines come from `info.empty_lines`. The starting lines of the
 * records kept wait in `starts`, in order, until `take` pairs each with its cells as the parser hands them on.
 */
class Lines {
  private next = 1;
  private empty = 0;
  private readonly starts: number[] = [];

  record(cells: string[], info: Pick<Info, 'empty_lines'>): string[] | null {
    const line = this.startOf(info.empty_lines);
    let span = 1;
    for (const c of cells) {
      for (let i = c.indexOf('\n'); i >= 0; i = c.indexOf('\n', i + 1)) span++;
      if (c.includes('\u0000')) throw new CsvSyntaxError(line, 'a cell holds a NUL character');
    }
    this.next = line + span;
    if (cells.length > MAX_IMPORT_COLUMNS)
      throw new CsvSyntaxError(line, `a record has more than ${MAX_IMPORT_COLUMNS} cells`);
    // A line holding only "" is blank too (one empty cell), as spreadsheets write it.
    if (cells.length === 1 && cells[0] === '') return null;
    this.starts.push(line);
    return cells;
  }

  /** The next record the parser hands on, with its starting line (records arrive in the order counted). */
  take(cells: string[]): CsvRecord {
    const line = this.starts.shift();
    if (line === undefined) throw new Error('csv-parse handed on a record its on_record did not keep');
    return { line, cells };
  }

  error(err: unknown): unknown {
    if (!(err instanceof CsvError)) return err;
    const empty = err.empty_lines;
    return new CsvSyntaxError(
      this.startOf(typeof empty === 'number' ? empty : this.empty),
      MESSAGES[err.code] ?? err.message.replace(/\.$/, ''),
    );
  }

  private startOf(emptyLines: number) {
    const line = this.next + (emptyLines - this.empty);
    this.empty = emptyLines;
    return line;
  }
}

/**
 * The parser's options with the line keeping: `on_record` runs inside the parser, record by record, so the
 * count is current when the parser fails (its buffered records may never be read), and a skipped record
 * (a blank "" line) is left out there (null).
 */
function withLines(lines: Lines): Options {
  return { ...OPTIONS, on_record: (record, context) => lines.record(record, context) };
}

/** A whole text, read as an upload is (tests and small callers). */
export function parseCsv(text: string): CsvRecord[] {
  const lines = new Lines();
  try {
    return parseSync(text, withLines(lines)).map((cells) => lines.take(cells));
  } catch (e) {
    throw lines.error(e);
  }
}

/** Counts and hashes the bytes as they pass, refuses more than `maxBytes`, and hands them on in slices. */
class Meter extends Transform {
  bytes = 0;
  private readonly hash = createHash('sha256');
  constructor(private readonly maxBytes: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return done(new CsvTooLarge());
    this.hash.update(chunk);
    for (let i = 0; i < chunk.length; i += SLICE_BYTES) this.push(chunk.subarray(i, i + SLICE_BYTES));
    done();
  }
  digest() {
    return this.hash.digest('hex');
  }
}

/** The client went away before the whole file arrived. */
export class UploadAborted extends Error {}

/**
 * Reads an upload as it arrives: records with their starting line, in file order, never more than a few chunks
 * in memory (the parser's back-pressure pauses the request). Throws CsvSyntaxError (with the line), CsvTooLarge
 * or UploadAborted. `fileSha256()` is the SHA-256 of the bytes once the stream has ended. When reading stops
 * early (a refused file), the rest of the request is discarded unread, so the answer can still be sent.
 */
export function readCsv(body: Readable, maxBytes: number) {
  const meter = new Meter(maxBytes);
  const lines = new Lines();
  const parser = parse(withLines(lines));
  let ended = false;
  const stop = (err?: Error) => {
    body.unpipe(meter);
    body.resume();
    if (!parser.destroyed) parser.destroy(err);
  };
  body.on('end', () => {
    ended = true;
  });
  body.on('error', () => stop(new UploadAborted()));
  body.on('close', () => {
    if (!ended) stop(new UploadAborted());
  });
  meter.on('error', (e) => stop(e));
  body.pipe(meter).pipe(parser);
  async function* records(): AsyncGenerator<CsvRecord> {
    try {
      for await (const cells of parser as AsyncIterable<string[]>) yield lines.take(cells);
    } catch (e) {
      throw lines.error(e);
    } finally {
      if (!parser.readableEnded) stop();
    }
  }
  return { records: records(), fileSha256: () => meter.digest(), bytes: () => meter.bytes };
}
