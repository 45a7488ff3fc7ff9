/**
 * Meta's CSV and TSV feeds may hold a nested field as JSON in one cell (its automotive reference):
 * `image` as `[{"url": "https://...", "tag": ["Exterior"]}]`, `address` as
 * `{"addr1": "...", "city": "...", "region": "..."}`, `mileage` as `{"value": 71280, "unit": "KM"}`.
 * Such a cell becomes the flat columns the XML form gives and the preset reads (`image[0].url`,
 * `address.city`, `mileage.unit`), so the car keeps its photos and place. A cell that is not valid
 * JSON is left out and said, with its line and column: never read as text, never a crash.
 */
import { flattenRecord } from './xml.ts';

/** The columns Meta allows as a JSON value (compared ignoring case). */
const JSON_COLUMNS = new Set(['image', 'address', 'mileage']);

export interface JsonCellProblem {
  column: string;
  reason: string;
}

/** The row with its JSON cells expanded into flat columns; flat columns already in the row win. */
export function expandJsonCells(row: Record<string, unknown>): { row: Record<string, unknown>; problems: JsonCellProblem[] } {
  const problems: JsonCellProblem[] = [];
  let out: Record<string, unknown> | undefined;
  for (const [column, value] of Object.entries(row)) {
    if (!JSON_COLUMNS.has(column.toLowerCase()) || typeof value !== 'string') continue;
    const text = value.trim();
    if (!text.startsWith('{') && !text.startsWith('[')) continue;
    out ??= { ...row };
    delete out[column];
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      problems.push({ column, reason: `not valid JSON (${(err as Error).message})` });
      continue;
    }
    if (parsed === null || typeof parsed !== 'object') {
      problems.push({ column, reason: 'JSON that is neither an object nor a list' });
      continue;
    }
    for (const [key, v] of Object.entries(flattenRecord({ [column]: parsed }))) {
      if (out[key] === undefined || out[key] === '') out[key] = v;
    }
  }
  return { row: out ?? row, problems };
}
