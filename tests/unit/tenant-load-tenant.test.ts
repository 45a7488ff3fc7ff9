import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTenantConfig, readTenantConfig, resolveTenant } from '../../src/lib/tenant/load-tenant.ts';
import { loadTenant, loadTenantWithWarnings } from '../../src/io/tenant-folder.ts';

const minimal = { slug: 'acme-motors', name: 'Acme Motors', url: 'https://acme.com.au', locations: [{ name: 'Acme Motors Sales' }] };

describe('tenant config', () => {
  it('builds a full config from slug, name, url and one location, every feature off', () => {
    const t = resolveTenant(parseTenantConfig(minimal, 'acme-motors', 'tenant.json'), '/t');
    expect(t.search.index_name).toBe('Car_production');
    expect(t.search.hits_per_page).toBe(21);
    expect(t.listing).toEqual({ recent_sold_days: 3, just_arrived_days: 8 });
    expect(t.images).toEqual({ width: 640, quality: 75 });
    expect(t.texts.no_price).toBe('Enquire for price.');
    expect(Object.values(t.features).every((f) => f === false)).toBe(true);
    expect(t.locations[0]).toMatchObject({ id: '1', slug: 'acme-motors-sales', primary: true, dealership_slug: 'acme-motors' });
    expect(t.dealerships).toEqual([{ id: '1', slug: 'acme-motors', name: 'Acme Motors' }]);
  });

  it('names the tenant, the file, every bad field path and what is expected', () => {
    const bad = { ...minimal, url: 'acme.com.au', locations: [{ name: 'X', address: { postcode: '200' } }], theme: { primary: 'blue' }, featurs: {} };
    expect(() => parseTenantConfig(bad, 'acme-motors', 'tenants/acme-motors/tenant.json')).toThrow(
      /Tenant "acme-motors": tenants\/acme-motors\/tenant.json is invalid:[\s\S]*url: expected an absolute URL[\s\S]*theme\.primary: expected a hex colour[\s\S]*locations\.0\.address\.postcode: expected a 4-digit postcode, received "200"[\s\S]*unknown field `featurs` — did you mean `features`\?/,
    );
  });

  it('requires at least one location', () => {
    expect(() => parseTenantConfig({ ...minimal, locations: [] }, 'a', 'tenant.json')).toThrow(/locations: expected at least one location/);
  });

  it('reports unreadable JSON and a missing file as such', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tenant-'));
    expect(() => loadTenant(dir)).toThrow(/tenant.json does not exist/);
    writeFileSync(join(dir, 'tenant.json'), '{ "slug": "a", }');
    expect(() => loadTenant(dir)).toThrow(/is not valid JSON/);
  });

  it('gives duplicate location names distinct slugs', () => {
    const t = resolveTenant(parseTenantConfig({ ...minimal, locations: [{ name: 'Main' }, { name: 'Main' }] }, 'a', 'f'), '/t');
    expect(t.locations.map((l) => l.slug)).toEqual(['main', 'main-2']);
  });
});

describe('tenant config: unknown fields are warnings with a did-you-mean, the tenant still builds', () => {
  it('names a misspelt key at any depth with the field it probably meant, and ignores it', () => {
    const { config, warnings } = readTenantConfig(
      { ...minimal, locaitons: [], features: { favourite: true }, locations: [{ name: 'Main', adress: {}, contact_detail: { phnoe: '02 9555 1234' } }] },
      'a',
      'tenant.json',
    );
    expect(warnings).toEqual([
      'tenant.json: unknown field `features.favourite` — did you mean `favourites`? (ignored; the tenant still builds)',
      'tenant.json: unknown field `locaitons` — did you mean `locations`? (ignored; the tenant still builds)',
      'tenant.json: unknown field `locations.0.adress` — did you mean `address`? (ignored; the tenant still builds)',
      'tenant.json: unknown field `locations.0.contact_detail.phnoe` — did you mean `phone`? (ignored; the tenant still builds)',
    ]);
    expect(config.locations[0]!.name).toBe('Main');
    expect(config.features.favourites).toBe(false);
  });

  it('gives no suggestion when nothing is close, and still fails a known field with a bad value', () => {
    expect(readTenantConfig({ ...minimal, zzqx_custom: 1 }, 'a', 'tenant.json').warnings).toEqual([
      'tenant.json: unknown field `zzqx_custom` (ignored; the tenant still builds)',
    ]);
    expect(() => parseTenantConfig({ ...minimal, locaitons: 1, theme: { primary: 'blue' } }, 'a', 'tenant.json')).toThrow(
      /theme\.primary: expected a hex colour[\s\S]*unknown field `locaitons`/,
    );
  });

  it('loadTenantWithWarnings returns the warnings beside a usable tenant', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tenant-'));
    writeFileSync(join(dir, 'tenant.json'), JSON.stringify({ ...minimal, tagline_text: 'x' }));
    const { tenant, warnings } = loadTenantWithWarnings(dir);
    expect(tenant.slug).toBe('acme-motors');
    expect(warnings[0]).toMatch(/unknown field `tagline_text` — did you mean `tagline`\?/);
  });
});
