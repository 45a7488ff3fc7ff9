import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTenant, parseTenantConfig, resolveTenant } from '../../src/lib/tenant/load-tenant.ts';

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
      /Tenant "acme-motors": tenants\/acme-motors\/tenant.json is invalid:[\s\S]*url: expected an absolute URL[\s\S]*theme\.primary: expected a hex colour[\s\S]*locations\.0\.address\.postcode: expected a 4-digit postcode, received "200"[\s\S]*featurs: unknown field/,
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

describe('tenant config typos', () => {
  it('rejects unknown keys inside nested objects too', () => {
    expect(() => parseTenantConfig({ ...minimal, features: { favourite: true } }, 'a', 'tenant.json')).toThrow(/features\.favourite: unknown field/);
  });
});
