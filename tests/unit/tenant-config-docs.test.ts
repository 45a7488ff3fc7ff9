/**
 * Keeps docs/tenant-config.md in step with the tenant.json schema. The test walks the valibot
 * TenantConfigSchema, lists every field by its dotted path (array items as `[]`, record entries as
 * `<field>`) and checks that the reference documents each one, names no field the schema lacks, and
 * gives the schema's own default. A field added to the schema without documentation fails here.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TenantConfigSchema } from '../../src/lib/schemas/tenant.ts';

/** The few valibot schema properties the walk reads; everything else is ignored. */
interface SchemaNode {
  type: string;
  wrapped?: SchemaNode;
  default?: unknown;
  pipe?: readonly [SchemaNode, ...unknown[]];
  entries?: Record<string, SchemaNode>;
  item?: SchemaNode;
  options?: readonly SchemaNode[];
  value?: SchemaNode;
}

interface SchemaField {
  path: string;
  /** No optional wrapper: must be given whenever its parent is. */
  required: boolean;
  /** The schema default, when it has one. */
  hasDefault: boolean;
  default?: unknown;
  /** A record entry (`<field>`): a key the user chooses, not a fixed field name. */
  recordEntry: boolean;
}

const WRAPPERS = new Set(['optional', 'nullable', 'nullish', 'exact_optional', 'undefinedable', 'non_optional', 'non_nullable', 'non_nullish']);
const OBJECTS = new Set(['object', 'strict_object', 'loose_object', 'object_with_rest']);

/** Strips optional/nullable wrappers and pipes, noting whether the field was optional and its default. */
function unwrap(schema: SchemaNode): { node: SchemaNode; required: boolean; hasDefault: boolean; default?: unknown } {
  let node = schema;
  let required = true;
  let hasDefault = false;
  let def: unknown;
  for (;;) {
    if (WRAPPERS.has(node.type) && node.wrapped) {
      if (node.type === 'optional' || node.type === 'exact_optional' || node.type === 'nullish' || node.type === 'undefinedable') {
        required = false;
        if (!hasDefault && node.default !== undefined) {
          hasDefault = true;
          def = typeof node.default === 'function' ? (node.default as () => unknown)() : node.default;
        }
      }
      node = node.wrapped;
    } else if (node.pipe && node.pipe[0] !== node && (node.pipe[0] as SchemaNode | undefined)?.type) {
      node = node.pipe[0];
    } else return { node, required, hasDefault, default: def };
  }
}

/** True when a schema (after unwrapping) has named fields somewhere below it. */
function hasFields(schema: SchemaNode): boolean {
  const { node } = unwrap(schema);
  if (OBJECTS.has(node.type)) return Object.keys(node.entries ?? {}).length > 0;
  if (node.type === 'array' && node.item) return hasFields(node.item);
  if (node.type === 'union' || node.type === 'variant') return (node.options ?? []).some(hasFields);
  if (node.type === 'record' && node.value) return hasFields(node.value);
  return false;
}

/** Adds the fields under an (unwrapped) schema node, whose own path is `path`. */
function collectChildren(node: SchemaNode, path: string, out: Map<string, SchemaField>): void {
  if (OBJECTS.has(node.type)) {
    for (const [key, child] of Object.entries(node.entries ?? {})) collectField(child, path ? `${path}.${key}` : key, out, false);
  } else if (node.type === 'array' && node.item) {
    collectChildren(unwrap(node.item).node, `${path}[]`, out);
  } else if (node.type === 'union' || node.type === 'variant') {
    for (const option of node.options ?? []) collectChildren(unwrap(option).node, path, out);
  } else if (node.type === 'record' && node.value && hasFields(node.value)) {
    collectField(node.value, `${path}.<field>`, out, true);
  }
}

function collectField(schema: SchemaNode, path: string, out: Map<string, SchemaField>, recordEntry: boolean): void {
  const { node, required, hasDefault, default: def } = unwrap(schema);
  if (!out.has(path)) out.set(path, { path, required: recordEntry ? false : required, hasDefault, default: def, recordEntry });
  collectChildren(node, path, out);
}

/** Every field of tenant.json by dotted path, in schema order. */
function schemaFields(): SchemaField[] {
  const out = new Map<string, SchemaField>();
  collectChildren(unwrap(TenantConfigSchema as unknown as SchemaNode).node, '', out);
  return [...out.values()];
}

const docFile = fileURLToPath(new URL('../../docs/tenant-config.md', import.meta.url));
const doc = readFileSync(docFile, 'utf8');

/** Splits a Markdown table row on unescaped pipes and unescapes `\|` in the cells. */
function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, '|'));
}

/** Rows of the field reference tables (everything before "## Stock export"), keyed by field path. */
function referenceRows(): Map<string, { type: string; default: string; meaning: string }> {
  const end = doc.indexOf('\n## Stock export');
  const reference = end < 0 ? doc : doc.slice(0, end);
  const rows = new Map<string, { type: string; default: string; meaning: string }>();
  for (const line of reference.split('\n')) {
    if (!line.startsWith('|')) continue;
    const [first, type = '', def = '', meaning = ''] = cells(line);
    const m = /^`([^`]+)`$/.exec(first ?? '');
    if (m?.[1]) rows.set(m[1], { type, default: def, meaning });
  }
  return rows;
}

describe('docs/tenant-config.md', () => {
  const fields = schemaFields();

  it('the schema walk finds fields at every depth', () => {
    const paths = fields.map((f) => f.path);
    for (const p of [
      'slug',
      'search.index_name',
      'locations[].contact_detail.opening_hours[].weekday',
      'locations[].special_hours[].hours.begin',
      'listing.recent_sold_days',
      'features.hide_reviews',
      'stock.mapping.<field>.transform',
      'delivery_zones[].postcodes',
    ]) {
      expect(paths).toContain(p);
    }
    expect(fields.length).toBeGreaterThan(150);
  });

  it('names every tenant.json field in backticks', () => {
    const missing = fields.map((f) => f.path).filter((p) => !doc.includes(`\`${p}\``));
    expect(missing, `fields missing from docs/tenant-config.md: ${missing.join(', ')}`).toEqual([]);
  });

  it('has a reference table row for every field, and none for fields the schema lacks', () => {
    const rows = referenceRows();
    const paths = new Set(fields.map((f) => f.path));
    const undocumented = [...paths].filter((p) => !rows.has(p));
    const stale = [...rows.keys()].filter((p) => !paths.has(p));
    expect(undocumented, `fields without a table row: ${undocumented.join(', ')}`).toEqual([]);
    expect(stale, `table rows for fields not in the schema: ${stale.join(', ')}`).toEqual([]);
  });

  it('states each default exactly as the schema does, and marks required fields', () => {
    const rows = referenceRows();
    const wrong: string[] = [];
    for (const f of fields) {
      const row = rows.get(f.path);
      if (!row || f.recordEntry) continue;
      if (f.hasDefault) {
        const expected = `\`${JSON.stringify(f.default)}\``;
        if (row.default !== expected) wrong.push(`${f.path}: documented ${row.default}, schema default ${expected}`);
      } else if (f.required && row.default !== 'required') {
        wrong.push(`${f.path}: documented ${row.default}, but the field is required`);
      } else if (!f.required && row.default === 'required') {
        wrong.push(`${f.path}: documented as required, but the schema makes it optional`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('documents every feature flag and plugin as off by default', () => {
    const flags = fields.filter((f) => /^(features|plugins)\.[a-z_]+$/.test(f.path));
    expect(flags.length).toBeGreaterThan(20);
    for (const f of flags) expect(f.default, f.path).toBe(false);
  });
});
