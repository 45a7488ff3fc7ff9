import { slugify } from '../../utils/slugify.ts';
import { LIST_FACETS } from '../attributes.ts';
import { makeModel, type PhotoTemplate, type SearchDoc } from '../documents.ts';

/**
 * The embedded index file: the search documents column by column, every repeated value
 * dictionary-coded, so a tenant's whole stock fits the 40 KB brotli per 1,000 vehicles budget.
 * Plain JSON (not a binary blob) so any static host compresses it on the way out. Documents are in
 * the default order, so a document's rank is its position and needs no column.
 */
export const INDEX_VERSION = 1;

type Scalar = string | number | boolean;

export interface PackedIndex {
  v: typeof INDEX_VERSION;
  n: number;
  photo?: PhotoTemplate | undefined;
  /** Dictionary columns: [values, codes], code 0 = absent, k = values[k - 1]. */
  d: Record<string, [Scalar[], number[]]>;
  /** Integer columns: [base, values - base], null = absent. */
  i: Record<string, [number, (number | null)[]]>;
  /** Free text columns, null = absent. */
  s: Record<string, (string | null)[]>;
  /**
   * Slugs: 0 = slugify(year make model badge stocknum), 1 = the same with the id instead of the
   * stock number (the ingest's own derivation), otherwise the slug itself.
   */
  slug: (0 | 1 | string)[];
}

/** Every facet except make_model (derived), plus the card's other repeated fields. */
const DICT_FIELDS = [
  ...LIST_FACETS.filter((f) => f !== 'make_model'),
  'model',
  'badge',
  'series',
  'status',
  'sold',
  'reserved',
  'preorder',
  'price_type',
  'body_text',
  'fuel_text',
] as const;
const INT_FIELDS = ['price', 'km', 'created_at'] as const;
const TEXT_FIELDS = ['stocknum'] as const;

type Row = Record<string, unknown>;

function slugBase(d: { year?: number | undefined; make: string; model?: string | undefined; badge?: string | undefined }): string {
  return [d.year, d.make, d.model, d.badge].filter((x) => x !== undefined && x !== '').join(' ');
}

function encodeSlug(d: SearchDoc): 0 | 1 | string {
  const base = slugBase(d);
  if (d.stocknum !== undefined && slugify(`${base} ${d.stocknum}`) === d.slug) return 0;
  if (slugify(`${base} ${d.id}`) === d.slug) return 1;
  return d.slug;
}

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);

/** Packs documents (already in the default order) into the index file's JSON value. */
export function packIndex(docs: readonly SearchDoc[], photo: PhotoTemplate | undefined): PackedIndex {
  const rows = docs as unknown as readonly Row[];
  const packed: PackedIndex = { v: INDEX_VERSION, n: docs.length, photo, d: {}, i: {}, s: {}, slug: docs.map(encodeSlug) };
  const dict = (field: string, value: (r: Row) => unknown) => {
    const values: Scalar[] = [];
    const index = new Map<Scalar, number>();
    let any = false;
    const codes = rows.map((r) => {
      const v = value(r);
      if (v === undefined || v === null) return 0;
      any = true;
      let c = index.get(v as Scalar);
      if (c === undefined) {
        values.push(v as Scalar);
        c = values.length;
        index.set(v as Scalar, c);
      }
      return c;
    });
    if (any) packed.d[field] = [values, codes];
  };
  for (const f of DICT_FIELDS) dict(f, (r) => r[f]);
  // The photo key and its colour travel together: one code per document.
  dict('photo', (r) => (r['photo'] ? `${String(r['photo'])}|${String(r['photo_colour'] ?? '')}` : undefined));

  const ids = rows.map((r) => r['id']);
  if (ids.every((x) => typeof x === 'string' && /^(0|[1-9]\d{0,14})$/.test(x))) {
    const nums = ids.map(Number);
    const base = Math.min(...nums);
    packed.i['id'] = [base, nums.map((x) => x - base)];
  } else packed.s['id'] = ids.map(String);

  for (const f of INT_FIELDS) {
    const vals = rows.map((r) => r[f]);
    if (vals.every((x) => x === undefined)) continue;
    if (vals.every((x) => x === undefined || isInt(x))) {
      const present = vals.filter(isInt);
      const base = present.length ? Math.min(...present) : 0;
      packed.i[f] = [base, vals.map((x) => (isInt(x) ? x - base : null))];
    } else dict(f, (r) => r[f]);
  }
  for (const f of TEXT_FIELDS) {
    const vals = rows.map((r) => r[f]);
    if (vals.some((x) => x !== undefined)) packed.s[f] = vals.map((x) => (typeof x === 'string' ? x : null));
  }
  return packed;
}

/** Rebuilds the documents from the index file. */
export function unpackIndex(packed: PackedIndex): SearchDoc[] {
  if (packed.v !== INDEX_VERSION) throw new Error(`search index version ${String(packed.v)} is not ${INDEX_VERSION}; rebuild the site`);
  const rows: Row[] = Array.from({ length: packed.n }, (_, rank) => ({ rank }));
  for (const [field, [values, codes]] of Object.entries(packed.d)) {
    codes.forEach((c, k) => {
      if (c > 0) (rows[k] as Row)[field] = values[c - 1];
    });
  }
  for (const [field, [base, values]] of Object.entries(packed.i)) {
    values.forEach((x, k) => {
      if (x !== null) (rows[k] as Row)[field] = field === 'id' ? String(x + base) : x + base;
    });
  }
  for (const [field, values] of Object.entries(packed.s)) {
    values.forEach((x, k) => {
      if (x !== null) (rows[k] as Row)[field] = x;
    });
  }
  return rows.map((r, k) => {
    const photo = r['photo'];
    if (typeof photo === 'string') {
      const bar = photo.indexOf('|');
      r['photo'] = photo.slice(0, bar);
      if (bar < photo.length - 1) r['photo_colour'] = photo.slice(bar + 1);
    }
    const doc = r as unknown as SearchDoc;
    if (doc.model !== undefined) doc.make_model = makeModel(doc.make, doc.model);
    const s = packed.slug[k];
    doc.slug = s === 0 ? slugify(`${slugBase(doc)} ${doc.stocknum ?? ''}`) : s === 1 ? slugify(`${slugBase(doc)} ${doc.id}`) : String(s);
    return doc;
  });
}
