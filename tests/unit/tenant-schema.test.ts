/**
 * docs/tenant.schema.json, the JSON Schema a tenant.json's `$schema` names for editor completion, is
 * what the build's own schema makes (never hand-edited, never stale), and an editor checking a tenant
 * against it agrees with the build: the demo tenants' configs pass, a wrong type fails where it is.
 */
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { configExportShape, generateDemoTenants } from '../../scripts/demo/generate.ts';
import { TENANT_SCHEMA_FILE, tenantJsonSchema } from '../../scripts/tenant-schema.ts';

describe('docs/tenant.schema.json', () => {
  const committed = readFileSync(TENANT_SCHEMA_FILE, 'utf8');
  const validate = () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats.default(ajv);
    return ajv.compile(JSON.parse(committed) as object);
  };

  it('is what src/lib/schemas/tenant.ts makes (npm run tenant:schema)', () => {
    expect(committed).toBe(tenantJsonSchema());
  });

  it('accepts the demo tenants as written, and names the field of a wrong value', { timeout: 60_000 }, async () => {
    const check = validate();
    const tenants = await generateDemoTenants({ now: '2026-11-27', photos: false });
    expect(tenants.length).toBeGreaterThanOrEqual(3);
    for (const t of tenants) {
      const config = { $schema: '../../docs/tenant.schema.json', ...configExportShape(t.config) };
      expect(check(config), `${t.slug}: ${JSON.stringify(check.errors?.slice(0, 3))}`).toBe(true);
    }
    const wrong = { ...configExportShape(tenants[0]!.config), url: 5, slug: 'Not A Slug' };
    expect(check(wrong)).toBe(false);
    expect(check.errors?.map((e) => e.instancePath).sort()).toEqual(['/slug', '/url']);
  });
});
