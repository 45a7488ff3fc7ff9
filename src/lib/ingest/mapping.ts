import type { FieldMapping, StockSource, TransformName } from '../schemas/stock-source.ts';

type Raw = Record<string, unknown>;

/** Reads a money string: "$31,990" -> 31990; "POA", "Call", "" -> null (no price). */
export function parseMoney(value: unknown): number | null | typeof Number.NaN {
  if (typeof value === 'number') return value;
  if (value === null || value === undefined) return null;
  const s = String(value).trim();
  if (s === '' || /^(poa|call|tba|enquire.*|-)$/i.test(s)) return null;
  const n = Number(s.replace(/[$,\s]|aud/gi, ''));
  return Number.isFinite(n) ? n : Number.NaN;
}

function splitCityState(value: string): { city: string; state: string } {
  const i = value.lastIndexOf(',');
  if (i < 0) return { city: value.trim(), state: '' };
  return {
    city: value.slice(0, i).trim(),
    state: value
      .slice(i + 1)
      .trim()
      .toUpperCase(),
  };
}

function applyTransform(value: unknown, transform: TransformName, separator: string): unknown {
  if (value === undefined || value === null) return value;
  const s = typeof value === 'string' ? value.trim() : value;
  switch (transform) {
    case 'text':
      return String(s);
    case 'number':
    case 'integer': {
      if (typeof s === 'number') return s;
      const cleaned = String(s).replace(/[,\s]|kms?$/gi, '');
      if (cleaned === '') return null;
      // Keep the original text when it is not a number, so validation can name it.
      return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : String(s);
    }
    case 'money': {
      const n = parseMoney(s);
      return Number.isNaN(n) ? String(s) : n;
    }
    case 'boolean':
      return s;
    case 'lowercase':
      return String(s).toLowerCase();
    case 'timestamp':
    case 'date': {
      const ms = typeof s === 'number' ? (s > 1e12 ? s : s * 1000) : Date.parse(String(s));
      if (Number.isNaN(ms)) return String(s);
      return transform === 'timestamp' ? Math.round(ms / 1000) : new Date(ms).toISOString();
    }
    case 'list':
      return String(s)
        .split(separator)
        .map((x) => x.trim())
        .filter(Boolean);
    case 'images':
      return String(s)
        .split(separator)
        .map((x) => x.trim())
        .filter(Boolean)
        .map((url) => ({ image: { url } }));
    case 'city':
      return splitCityState(String(s)).city;
    case 'state':
      return splitCityState(String(s)).state;
  }
}

function lookupValue(values: Record<string, unknown>, value: unknown): { hit: boolean; value: unknown } {
  const key = String(value ?? '')
    .trim()
    .toLowerCase();
  for (const [k, v] of Object.entries(values)) if (k.trim().toLowerCase() === key) return { hit: true, value: v };
  return { hit: false, value };
}

function readField(row: Raw, spec: FieldMapping): unknown {
  if (typeof spec === 'string') return row[spec];
  let value = row[spec.from];
  if (typeof value === 'string' && value.trim() === '') value = undefined;
  if (spec.values && value !== undefined) value = lookupValue(spec.values, value).value;
  if (value !== undefined && value !== null && spec.transform) value = applyTransform(value, spec.transform, spec.separator);
  if ((value === undefined || value === '') && spec.default !== undefined) value = spec.default;
  return value;
}

/**
 * Turns one export row into a record with the spec's Car field names, by the tenant's mapping.
 * With keep_unmapped, columns not used as a mapping source pass through under their own name.
 */
export function mapRecord(row: Raw, source: StockSource): Raw {
  const mapping = source.mapping ?? {};
  if (Object.keys(mapping).length === 0) return row;
  const used = new Set(Object.values(mapping).map((m) => (typeof m === 'string' ? m : m.from)));
  const out: Raw = {};
  if (source.keep_unmapped) for (const [k, v] of Object.entries(row)) if (!used.has(k)) out[k] = v;
  for (const [target, spec] of Object.entries(mapping)) {
    const value = readField(row, spec);
    if (value !== undefined) out[target] = value;
  }
  return out;
}

/** CSV cells are all strings: treat empty cells as absent so optional fields stay optional. */
export function dropEmptyCells(row: Record<string, string>): Raw {
  const out: Raw = {};
  for (const [k, v] of Object.entries(row)) if (v.trim() !== '') out[k] = v;
  return out;
}
