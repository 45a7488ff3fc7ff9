import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModels, Registry, registryWarnings } from './registry.ts';
import { fixtureModels, makeTenant } from './test/fixtures.ts';

describe('Registry', () => {
  const registry = new Registry(fixtureModels(), { extraOrigins: { alpha: ['http://127.0.0.1:4321'] } });

  it('finds a tenant by exact origin, its alternate URLs and extra origins', () => {
    expect(registry.forOrigin('https://alpha.example.com.au')?.slug).toBe('alpha');
    expect(registry.forOrigin('https://alpha.example.com.au/')?.slug).toBe('alpha');
    expect(registry.forOrigin('http://127.0.0.1:4321')?.slug).toBe('alpha');
    expect(registry.forOrigin('http://alpha.example.com.au')).toBeUndefined();
    expect(registry.forOrigin('https://alpha.example.com.au.evil.net')).toBeUndefined();
    expect(registry.forOrigin('null')).toBeUndefined();
    expect(registry.forOrigin('not a url')).toBeUndefined();
  });

  it('finds a tenant by Host (any scheme, port included, case-insensitive)', () => {
    expect(registry.forHost('ALPHA.example.com.au')?.slug).toBe('alpha');
    expect(registry.forHost('127.0.0.1:4321')?.slug).toBe('alpha');
    expect(registry.forHost('127.0.0.1:4322')).toBeUndefined();
    expect(registry.forHost('beta.example.com.au')?.slug).toBe('beta');
  });

  it('uses alternate_urls', () => {
    const r = new Registry([{ tenant: makeTenant('eps', { alternate_urls: ['https://staging.eps.example.com'] }), vehicles: [], built_at: '' }]);
    expect(r.forOrigin('https://staging.eps.example.com')?.slug).toBe('eps');
  });

  it('gives an origin claimed by two tenants to neither, and reports it', () => {
    const a = makeTenant('one');
    const b = { ...makeTenant('two'), url: a.url };
    const r = new Registry([
      { tenant: a, vehicles: [], built_at: '' },
      { tenant: b, vehicles: [], built_at: '' },
      { tenant: a, vehicles: [], built_at: '' },
    ]);
    expect(r.forOrigin(a.url)).toBeUndefined();
    expect(r.list().map((s) => s.slug)).toEqual(['one', 'two']);
    expect(registryWarnings(r).join('\n')).toMatch(/"one" and "two" all claim https:\/\/one\.example\.com\.au/);
    expect(r.problems.join('\n')).toMatch(/loaded twice/);
  });

  it('finds cars by id and slug, only within the tenant', () => {
    const alpha = registry.get('alpha');
    expect(alpha?.carById('a-hilux')?.model).toBe('HiLux');
    expect(alpha?.carBySlug('a-hilux')?.id).toBe('a-hilux');
    expect(alpha?.carById('b-ranger')).toBeUndefined();
  });

  it('uses a gauge precomputed by the build when the vehicle carries one', () => {
    const models = fixtureModels();
    const pre = { fill: 1, listing_price: 1, market_range_min: 1, market_range_max: 1, confidence: 1, description: 'built' };
    Object.assign(models[0]!.vehicles[0]!, { price_gauge: pre });
    const r = new Registry(models);
    const site = r.get('alpha')!;
    expect(site.gauge(site.vehicles[0]!)).toEqual(pre);
    expect(site.gauge(site.vehicles[1]!)?.description).toMatch(/similar cars/);
  });

  it('warns about tenants whose leads go nowhere but the database', () => {
    const r = new Registry([{ tenant: makeTenant('quiet', { leads: {} }), vehicles: [], built_at: '' }]);
    expect(registryWarnings(r).join('\n')).toMatch(/Tenant "quiet" has no leads.email/);
  });
});

describe('loadModels', () => {
  it('loads every model file and reports (and skips) a bad one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'models-'));
    const [alpha] = fixtureModels();
    mkdirSync(join(dir, 'alpha'));
    writeFileSync(join(dir, 'alpha', 'model.json'), JSON.stringify(alpha));
    mkdirSync(join(dir, 'broken'));
    writeFileSync(join(dir, 'broken', 'model.json'), '{"tenant": {}');
    mkdirSync(join(dir, 'novehicles'));
    writeFileSync(join(dir, 'novehicles', 'model.json'), JSON.stringify({ tenant: alpha!.tenant }));
    mkdirSync(join(dir, 'not-a-tenant'));
    const { models, problems } = loadModels(dir);
    expect(models.map((m) => m.tenant.slug)).toEqual(['alpha']);
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).toMatch(/broken.model\.json cannot be used/);
    expect(problems.join('\n')).toMatch(/novehicles.model\.json cannot be used: vehicles: required, but it is missing/);
  });

  it('names the field that is wrong (the schema the pages check the same file with)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'models-'));
    const [alpha] = fixtureModels();
    const write = (slug: string, model: unknown) => {
      mkdirSync(join(dir, slug));
      writeFileSync(join(dir, slug, 'model.json'), JSON.stringify(model));
    };
    const [first, ...rest] = alpha!.vehicles;
    write('noslug', { ...alpha, vehicles: [...rest, { ...first, slug: 7 }] });
    write('noview', { ...alpha, now: 1, views: {} });
    // Models published before the build wrote `now` and `views` still serve (their views derived here).
    write('older', { tenant: makeTenant('older'), vehicles: alpha!.vehicles, built_at: '2026-11-22T00:00:00.000Z' });
    const { models, problems } = loadModels(dir);
    expect(models.map((m) => m.tenant.slug)).toEqual(['older']);
    expect(problems.join('\n')).toMatch(new RegExp(`noslug.model\\.json cannot be used: vehicles\\.${rest.length}\\.slug: expected string, received 7`));
    expect(problems.join('\n')).toMatch(
      /noview.model\.json cannot be used: views\.a-corolla-1: expected the car's view \(the build derives one for every car\), it is missing/,
    );
  });

  it('loads only the listed tenants', () => {
    expect(loadModels('/nonexistent', ['x']).problems[0]).toMatch(/cannot be used/);
    expect(loadModels('/nonexistent').models).toEqual([]);
  });
});
