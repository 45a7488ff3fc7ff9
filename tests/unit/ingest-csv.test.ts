/** The CSV reader (csv-parse, strict) and the export decoder on the messy shapes real exports have. */
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/lib/ingest/csv.ts';
import { decodeExport } from '../../src/lib/ingest/decode.ts';

const cells = (r: ReturnType<typeof parseCsv>) => r.rows.map((x) => [x.line, x.cells['id']]);

describe('parseCsv', () => {
  it('reads quoted commas, doubled quotes, quoted newlines, CRLF, blank lines and a BOM', () => {
    const r = parseCsv('\ufeffid,comments\r\n1,"Big, ""clean"" car\r\nwith history"\r\n\r\n2,plain\r\n');
    expect(r.rows).toEqual([
      { line: 2, cells: { id: '1', comments: 'Big, "clean" car\r\nwith history' } },
      { line: 5, cells: { id: '2', comments: 'plain' } },
    ]);
    expect(r.problems).toEqual([]);
  });

  it('skips a row with a stray quote inside a cell, naming its line, and keeps every other row', () => {
    const r = parseCsv('id,make,comments\r\n1,Kia,ok\r\n2,Hyundai,i30 "N-Line" as new\r\n3,Ford,fine\r\n');
    expect(cells(r)).toEqual([
      [2, '1'],
      [4, '3'],
    ]);
    expect(r.problems).toEqual([{ line: 3, reason: expect.stringMatching(/a quote inside a cell that is not quoted/) }]);
  });

  it('a stray opening quote no longer swallows the rows after it: they are read again on their own', () => {
    const r = parseCsv('id,make,comments\r\n1,Kia,ok\r\n2,Hyundai,"i30 N-Line\r\n3,Ford,fine\r\n4,Mazda,"quoted, comment"\r\n5,Holden,x\r\n');
    expect(cells(r)).toEqual([
      [2, '1'],
      [4, '3'],
      [5, '4'],
      [6, '5'],
    ]);
    expect(r.problems).toEqual([{ line: 3, reason: expect.stringMatching(/stray quote/) }]);
  });

  it('a stray quote that is never closed loses only its own row, to the end of the file', () => {
    const r = parseCsv('id,make,comments\n1,Kia,ok\n2,Hyundai,"i30\n3,Ford,fine\n4,Mazda,x\n');
    expect(cells(r)).toEqual([
      [2, '1'],
      [4, '3'],
      [5, '4'],
    ]);
    expect(r.problems.map((p) => p.line)).toEqual([3]);
  });

  it('names a row with extra cells (an unquoted comma) instead of dropping the cells without a word', () => {
    const r = parseCsv('id,make,comments\r\n1,Kia,great car, one owner\r\n2,Ford,fine\r\n');
    expect(cells(r)).toEqual([[3, '2']]);
    expect(r.problems).toEqual([{ line: 2, reason: '4 cells where the header has 3 (extra cells are not read: quote cells that contain commas)' }]);
  });

  it('names a row with too few cells', () => {
    const r = parseCsv('id,make,comments\n1,Kia\n2,Ford,fine\n');
    expect(r.problems).toEqual([{ line: 2, reason: '2 cells where the header has 3' }]);
  });

  it('reads TSV, where a quote inside a cell is just text', () => {
    const r = parseCsv('id\tmake\tcomments\n1\tKia\t17" alloys\n', { delimiter: '\t' });
    expect(r.rows).toEqual([{ line: 2, cells: { id: '1', make: 'Kia', comments: '17" alloys' } }]);
  });
});

describe('decodeExport', () => {
  const phrase = 'Hyundai i30 N-Line \u2013 \u2018as new\u2019, caf\u00e9';
  it('reads Windows-1252 (the default of many dealer systems) without garbling it', () => {
    // – is 0x96, ‘ 0x91, ’ 0x92, é 0xE9 in Windows-1252: invalid as UTF-8.
    const bytes = new Uint8Array([
      ...Buffer.from('Hyundai i30 N-Line ', 'latin1'),
      0x96,
      0x20,
      0x91,
      ...Buffer.from('as new', 'latin1'),
      0x92,
      ...Buffer.from(', caf', 'latin1'),
      0xe9,
    ]);
    expect(decodeExport(bytes)).toEqual({ text: phrase, encoding: 'windows-1252' });
  });
  it('reads UTF-8 with and without a BOM', () => {
    expect(decodeExport(new Uint8Array(Buffer.from(phrase, 'utf8')))).toEqual({ text: phrase, encoding: 'utf-8' });
    expect(decodeExport(new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from(phrase, 'utf8')]))).toEqual({ text: phrase, encoding: 'utf-8 (BOM)' });
  });
  it('reads UTF-16 with a BOM (Excel\'s "Unicode text") and without one', () => {
    expect(decodeExport(new Uint8Array([0xff, 0xfe, ...Buffer.from(phrase, 'utf16le')]))).toEqual({ text: phrase, encoding: 'utf-16le' });
    expect(decodeExport(new Uint8Array(Buffer.from('id,make\r\n1,Kia\r\n', 'utf16le')))).toEqual({ text: 'id,make\r\n1,Kia\r\n', encoding: 'utf-16le' });
  });
});

describe('csv', () => {
  it('reads quoted commas, doubled quotes, newlines and a BOM', () => {
    const { rows, problems } = parseCsv('\ufeffid,comments\r\n1,"Big, ""clean"" car\r\nwith history"\r\n2,plain\r\n\r\n');
    expect(rows).toEqual([
      { line: 2, cells: { id: '1', comments: 'Big, "clean" car\r\nwith history' } },
      { line: 4, cells: { id: '2', comments: 'plain' } },
    ]);
    expect(problems).toEqual([]);
  });
});
