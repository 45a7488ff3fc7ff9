import { parse, type CsvError, type Info, type Options } from 'csv-parse/sync';

/** One data row keyed by the header, with the file line it starts on (1-based, header is line 1). */
export interface CsvRow {
  line: number;
  cells: Record<string, string>;
}

/** A row the parser could not read: where it is and what is wrong with it, in words. */
export interface CsvProblem {
  line: number;
  reason: string;
}

export interface CsvResult {
  header: string[];
  rows: CsvRow[];
  problems: CsvProblem[];
}

/** At most this many re-reads after a quote that ran over line ends; then the rest is reported whole. */
const MAX_RECOVERIES = 500;

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10) starts.push(i + 1);
    else if (ch === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

/** Byte offsets where each line of a UTF-8 buffer starts. */
function byteLineStarts(bytes: Uint8Array): number[] {
  const starts = [0];
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 10) starts.push(i + 1);
    else if (bytes[i] === 13) {
      if (bytes[i + 1] === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

/** The 1-based line a byte offset falls on: how many line starts are at or before it. */
function upperBound(starts: number[], byte: number): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! <= byte) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** csv-parse's messages name its own codes and a line relative to where it started; ours say what to fix. */
function describe(err: CsvError, columns: number): string {
  switch (err.code) {
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
    case 'CSV_RECORD_INCONSISTENT_COLUMNS': {
      const got = /got (\d+)/.exec(err.message)?.[1];
      return `${got ?? 'a different number of'} cell${got === '1' ? '' : 's'} where the header has ${columns}${got && Number(got) > columns ? ' (extra cells are not read: quote cells that contain commas)' : ''}`;
    }
    case 'INVALID_OPENING_QUOTE':
      return 'a quote inside a cell that is not quoted (write the cell in quotes and double the inner quote: "say ""hi""")';
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted cell that is not closed properly (a stray quote); this row was skipped and the rows after it were read again on their own';
    default:
      return err.message.replace(/ at line \d+/, '');
  }
}

/**
 * RFC 4180 CSV read with csv-parse (a maintained parser), strictly: every row must have as many cells
 * as the header. A malformed row is reported with its line and skipped; nothing else is lost. When a
 * stray quote swallows line ends (the parser then reads several lines as one row), the row is
 * reported and reading starts again on the next line, so the rows after it survive.
 */
export function parseCsv(text: string, opts: { delimiter?: ',' | '\t' | ';' } = {}): CsvResult {
  const delimiter = opts.delimiter ?? ',';
  // TSV exports seldom quote: a quote inside a cell (17" wheels) is text there, not a parse error.
  const relax_quotes = delimiter === '\t';
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const starts = lineStarts(src);
  const problems: CsvProblem[] = [];
  const rows: CsvRow[] = [];
  let header: string[] = [];

  // The header is the first non-empty line, read on its own (a header never spans lines).
  let headerLine = 0;
  while (headerLine < starts.length && src.slice(starts[headerLine], starts[headerLine + 1] ?? src.length).trim() === '') headerLine++;
  if (headerLine >= starts.length) return { header, rows, problems };
  try {
    const first = parse(src.slice(starts[headerLine], starts[headerLine + 1] ?? src.length), {
      relax_column_count: true,
      delimiter,
      relax_quotes,
    }) as string[][];
    header = (first[0] ?? []).map((h) => h.trim());
  } catch (err) {
    problems.push({ line: headerLine + 1, reason: `the header row cannot be read: ${describe(err as CsvError, 0)}` });
    return { header, rows, problems };
  }

  // One line ending for the file, as its first line ends (csv-parse's own guess can take \r\n inside quotes for \r).
  const firstBreak = /\r\n|\n|\r/.exec(src);
  const lineEnding = firstBreak?.[0] ?? '\n';
  let from = headerLine + 1; // 0-based index into starts of the next line to read
  for (let attempt = 0; from < starts.length && attempt <= MAX_RECOVERIES; attempt++) {
    const offset = from; // lines before the chunk
    const chunk = src.slice(starts[from]);
    // csv-parse counts bytes (UTF-8) reliably; its line counter is not, across quoted line ends.
    const bytes = Buffer.from(chunk, 'utf8');
    const byteLines = byteLineStarts(bytes);
    const lineAt = (byte: number) => offset + upperBound(byteLines, byte);
    const skipBlank = (byte: number) => {
      let b = byte;
      while (b < bytes.length && (bytes[b] === 10 || bytes[b] === 13 || bytes[b] === 32 || bytes[b] === 9)) b++;
      return b;
    };
    let prevEnd = 0;
    let lastSkip = -1;
    let restartAt: number | undefined;
    const accepted: CsvRow[] = [];
    const options: Options = {
      delimiter,
      relax_quotes,
      record_delimiter: lineEnding,
      columns: header.map((h, i) => h || `column ${i + 1}`),
      skip_empty_lines: true,
      skip_records_with_error: true,
      info: true,
      on_record: (read: unknown) => {
        const record = read as { record: Record<string, string>; info: Info };
        if (restartAt !== undefined) return null;
        accepted.push({ line: lineAt(skipBlank(prevEnd)), cells: record.record });
        prevEnd = record.info.bytes;
        return null;
      },
      on_skip: (err: CsvError | undefined) => {
        if (!err || restartAt !== undefined) return;
        const at = (err as CsvError & { bytes?: number }).bytes ?? prevEnd;
        if (at === lastSkip) return; // csv-parse reports some errors twice for one row
        lastSkip = at;
        const startIndex = upperBound(byteLines, skipBlank(prevEnd)) - 1; // 0-based line in the chunk
        problems.push({ line: offset + startIndex + 1, reason: describe(err, header.length) });
        // A wrong number of cells is found at the row's end, with its quotes balanced: read on from there.
        if (err.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' || err.code === 'CSV_RECORD_INCONSISTENT_COLUMNS') {
          prevEnd = at;
          return;
        }
        // After a quote error the parser's idea of where quotes open is wrong (a stray quote may have run
        // over line ends into the next rows): read again, fresh, from the line after the bad row's first.
        restartAt = offset + startIndex + 1;
      },
    };
    parse(chunk, options);
    rows.push(...accepted);
    if (restartAt === undefined) break;
    from = restartAt; // restartAt is 1-based; as a 0-based index it is the line after the bad one
    if (attempt === MAX_RECOVERIES) problems.push({ line: restartAt + 1, reason: 'too many malformed rows; the rest of the file was not read' });
  }
  return { header, rows, problems };
}
