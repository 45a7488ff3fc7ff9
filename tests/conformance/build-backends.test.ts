/**
 * The build's backend choice, end to end (scripts/build.ts on a small generated tenant):
 *   - Meilisearch unreachable: the build says so clearly, still succeeds, and ships the embedded index;
 *   - Meilisearch configured: documents are pushed with the admin key from the environment, the site
 *     gets a search-only key scoped to the tenant's index, and the admin key appears nowhere in dist.
 * The second needs MEILI_HOST and MEILI_MASTER_KEY/MEILI_ADMIN_KEY (skipped locally without them; the
 * conformance suite fails in CI when they are missing).
 */
import { INDEX_POINTER_PATH, indexUrlOf } from '../../src/lib/search/index-pointer.ts';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Meilisearch } from 'meilisearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoTenants } from '../../scripts/demo/generate.ts';
import type { SiteModel } from '../../src/lib/site/site-model.ts';
import { adminKeyFromEnv } from '../../src/io/meili-push.ts';
import { FIXTURE_NOW } from './fixture.ts';

const host = process.env['MEILI_HOST'];
const adminKey = adminKeyFromEnv();
const work = resolve('.cache/conformance/build');
const tenants = join(work, 'tenants');
const dist = join(work, 'dist');
const indexName = `Car_build_${process.pid}`;

function makeTenant(slug: string, search: Record<string, unknown>): void {
  const dir = join(tenants, slug);
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(work, 'source', 'demo-coastal-toyota'), dir, { recursive: true });
  const config = JSON.parse(readFileSync(join(dir, 'tenant.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(dir, 'tenant.json'), JSON.stringify({ ...config, slug, search: { ...(config['search'] as object), ...search } }));
}

function build(slug: string, env: Record<string, string | undefined>): { status: number | null; output: string; model: SiteModel } {
  const r = spawnSync(process.execPath, ['scripts/build.ts', '--tenants', tenants, '--out', dist, '--only', slug], {
    encoding: 'utf8',
    env: { ...process.env, BUILD_NOW: FIXTURE_NOW, MEILI_ADMIN_KEY: undefined, MEILI_MASTER_KEY: undefined, ...env },
  });
  const model = JSON.parse(readFileSync(join(dist, '_build', slug, 'model.json'), 'utf8')) as SiteModel;
  return { status: r.status, output: `${r.stdout}${r.stderr}`, model };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

beforeAll(async () => {
  mkdirSync(tenants, { recursive: true });
  if (!existsSync(join(work, 'source', 'demo-coastal-toyota', 'tenant.json')))
    await generateDemoTenants({ out: join(work, 'source'), only: ['demo-coastal-toyota'], photos: false, now: FIXTURE_NOW });
}, 120_000);

describe('search backend chosen by the build', () => {
  it('falls back to the embedded index, saying so, when Meilisearch is unreachable', () => {
    makeTenant('search-offline', { host: 'http://127.0.0.1:9', index_name: 'Car_offline' });
    const { status, output, model } = build('search-offline', { MEILI_ADMIN_KEY: 'not-used-because-unreachable' });
    expect(status, output).toBe(0);
    expect(output).toMatch(/Meilisearch at http:\/\/127\.0\.0\.1:9\/? is unreachable/);
    expect(output).toContain('this build ships the embedded search index instead, so search still works');
    expect(model.search?.backend).toBe('embedded');
    const html = readFileSync(join(dist, 'search-offline', 'search', 'new-used-and-demo-cars', 'index.html'), 'utf8');
    const indexUrl = model.search?.indexUrl ?? '';
    // The page reads the embedded index through its pointer (src/lib/search/index-pointer.ts), which names the file shipped.
    expect(html).toContain(INDEX_POINTER_PATH);
    expect(indexUrlOf(JSON.parse(readFileSync(join(dist, 'search-offline', INDEX_POINTER_PATH), 'utf8')))).toBe(indexUrl);
    expect(existsSync(join(dist, 'search-offline', indexUrl))).toBe(true);
  }, 180_000);

  describe.skipIf(!(host && adminKey))('with Meilisearch', () => {
    afterAll(async () => {
      const admin = new Meilisearch({ host: host as string, apiKey: adminKey as string });
      await admin.deleteIndexIfExists(indexName);
      await admin.deleteIndexIfExists(`${indexName}_offers`);
    });

    it('pushes the documents and ships only a search-only key scoped to the index; the admin key is nowhere in dist', async () => {
      makeTenant('search-meili', { host, index_name: indexName });
      const { status, output, model } = build('search-meili', { MEILI_ADMIN_KEY: adminKey });
      expect(status, output).toBe(0);
      expect(output).toMatch(new RegExp(`pushed \\d+ documents and settings to .* index ${indexName}`));
      const config = model.search;
      expect(config?.backend).toBe('meili');
      if (config?.backend !== 'meili') return;
      expect(config.searchKey).not.toBe(adminKey);
      const key = await new Meilisearch({ host: host as string, apiKey: adminKey as string }).getKey(config.searchKey);
      expect(key.actions).toEqual(['search']);
      // The stock index and the offers index beside it (the offers search), nothing else.
      expect(key.indexes).toEqual([indexName, `${indexName}_offers`]);
      expect(config.offersIndexName).toBe(`${indexName}_offers`);
      expect(output).toMatch(new RegExp(`pushed \\d+ offers and settings to .* index ${indexName}_offers`));
      const offersHtml = readFileSync(join(dist, 'search-meili', 'special-offers', 'index.html'), 'utf8');
      expect(offersHtml).toContain(`${indexName}_offers`);
      const html = readFileSync(join(dist, 'search-meili', 'search', 'new-used-and-demo-cars', 'index.html'), 'utf8');
      expect(html).toContain(config.searchKey);
      const leaking = filesUnder(dist).filter((f) => readFileSync(f).includes(adminKey as string));
      expect(leaking, 'files in the built dist that contain the Meilisearch admin key').toEqual([]);
      // The scoped key answers searches and nothing else.
      const res = await fetch(new URL(`/indexes/${indexName}/search`, host), {
        method: 'POST',
        headers: { Authorization: `Bearer ${config.searchKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ q: 'corolla', limit: 1 }),
      });
      expect(res.status).toBe(200);
      const denied = await fetch(new URL(`/indexes/${indexName}/documents`, host), { headers: { Authorization: `Bearer ${config.searchKey}` } });
      expect(denied.status).toBe(403);
    }, 240_000);
  });
});
