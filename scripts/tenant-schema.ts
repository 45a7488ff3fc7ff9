/**
 * `npm run tenant:schema [-- --check]`: writes docs/tenant.schema.json, the JSON Schema of tenant.json
 * made from the same valibot schema the build validates with (src/lib/schemas/tenant.ts), so an
 * editor completes and checks a tenant's fields as it is written. A tenant.json points at it with
 * `"$schema": "../../docs/tenant.schema.json"` (or its raw URL in the repository). What JSON Schema
 * cannot say (trimming, cross-field checks, transforms) is left to the build, which reports it with
 * the field's path. --check exits 1 when the file is not what the schema makes (the unit test runs it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toJsonSchema } from '@valibot/to-json-schema';
import { TenantConfigSchema } from '../src/lib/schemas/tenant.ts';
import { isMain, parseCli } from './lib/cli.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const TENANT_SCHEMA_FILE = join(root, 'docs/tenant.schema.json');

/** The schema's text, as the file holds it. */
type Json = { [key: string]: unknown };

/**
 * The build drops an absent value (null, "", "N/A": src/lib/schemas/absent.ts) before validating, so
 * an optional field may be null: every property not required also accepts null.
 */
function allowNullWhereOptional(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(allowNullWhereOptional);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) out[k] = allowNullWhereOptional(v);
  const props = out['properties'];
  if (props && typeof props === 'object') {
    const required = new Set(Array.isArray(out['required']) ? (out['required'] as string[]) : []);
    for (const [name, schema] of Object.entries(props as Json)) {
      if (!required.has(name) && name !== '$schema') (props as Json)[name] = { anyOf: [schema, { type: 'null' }] };
    }
  }
  return out;
}

export function tenantJsonSchema(): string {
  const { $schema: draft, ...schema } = allowNullWhereOptional(toJsonSchema(TenantConfigSchema, { errorMode: 'ignore' })) as Json;
  const out = {
    $schema: draft ?? 'http://json-schema.org/draft-07/schema#',
    title: 'Dealer site tenant.json',
    description:
      "A dealer's site configuration (docs/tenant-config.md). Made by `npm run tenant:schema` from src/lib/schemas/tenant.ts; the build validates more than this says (trimmed text, cross-field rules) and names the field of any problem.",
    ...schema,
  };
  return `${JSON.stringify(out, null, 2)}\n`;
}

const USAGE = `
Usage: npm run tenant:schema [-- --check]

Writes docs/tenant.schema.json from the tenant config schema. --check: exit 1 if it is out of date.
`;

export function main(argv = process.argv.slice(2)): void {
  const flags = parseCli(USAGE, { check: { type: 'boolean' } }, argv);
  const text = tenantJsonSchema();
  if (flags.check) {
    let current = '';
    try {
      current = readFileSync(TENANT_SCHEMA_FILE, 'utf8');
    } catch {
      // missing: out of date
    }
    if (current !== text) {
      console.error('docs/tenant.schema.json is out of date with src/lib/schemas/tenant.ts: run npm run tenant:schema');
      process.exit(1);
    }
    console.log('docs/tenant.schema.json is up to date');
    return;
  }
  writeFileSync(TENANT_SCHEMA_FILE, text);
  console.log(`wrote ${TENANT_SCHEMA_FILE}`);
}

if (isMain(import.meta.url)) main();
