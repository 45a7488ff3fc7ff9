// The publish step's pure parts: headers and phases per file, and the plan against a manifest.
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheControlFor, contentTypeFor, IMMUTABLE_CACHE, phaseOf, REVALIDATE_CACHE } from '../../scripts/lib/publish/content.ts';
import { scanSite } from '../../scripts/lib/publish/local.ts';
import { buildManifest, parseManifest, planFromManifest, unlistedCandidates } from '../../scripts/lib/publish/plan.ts';
import { diffSites, normalisePrefix } from '../../scripts/lib/publish/publish.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function site(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'publish-plan-'));
  dirs.push(root);
  for (const [rel, body] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), body);
  }
  return root;
}

const IMG = 'img/ab/ab0123456789abcdef0123456789abcd-w640-q75.webp';

describe('headers and phases', () => {
  it('marks content-addressed files immutable and everything else revalidated', () => {
    expect(cacheControlFor('_astro/x.abc123.js')).toBe(IMMUTABLE_CACHE);
    expect(cacheControlFor('search-index/fdcec6771c89.json')).toBe(IMMUTABLE_CACHE);
    expect(cacheControlFor(IMG)).toBe(IMMUTABLE_CACHE);
    for (const rel of [
      'index.html',
      'cars/a/index.html',
      'robots.txt',
      'sitemap.xml',
      'img/placeholder-car.svg',
      'brand/logo.svg',
      'cars/a/autogauge',
      'favicon.svg',
    ]) {
      expect(cacheControlFor(rel), rel).toBe(REVALIDATE_CACHE);
    }
    expect(phaseOf('_astro/x.abc123.js')).toBe('immutable');
    expect(phaseOf('robots.txt')).toBe('other');
    expect(phaseOf('cars/a/index.html')).toBe('html');
  });

  it('types files by extension, and an extensionless JSON answer as JSON', () => {
    expect(contentTypeFor('cars/a/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('_astro/x.abc123.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor(IMG)).toBe('image/webp');
    expect(contentTypeFor('cars/a/autogauge', Buffer.from('{"fill":50}'))).toBe('application/json; charset=utf-8');
    expect(contentTypeFor('LICENSE', Buffer.from('MIT'))).toBe('application/octet-stream');
  });

  it('normalises the bucket prefix and refuses odd ones', () => {
    expect(normalisePrefix(undefined)).toBe('');
    expect(normalisePrefix('sites')).toBe('sites/');
    expect(normalisePrefix('sites/')).toBe('sites/');
    expect(() => normalisePrefix('/sites/')).toThrow(/does not start with/);
    expect(() => normalisePrefix('a/../b/')).toThrow(/\.\./);
    expect(() => normalisePrefix('a//b/')).toThrow(/empty/);
  });
});

describe('plan against the last manifest', () => {
  it('uploads only what changed, assets before pages, and deletes what is gone', async () => {
    const before = await scanSite(site({ 'index.html': 'home', 'cars/a/index.html': 'a', 'cars/b/index.html': 'b', '_astro/x.abc123.js': 'x', [IMG]: 'img' }));
    const manifest = parseManifest(JSON.stringify(buildManifest('t', before, new Map())));
    expect(planFromManifest(before, manifest).upload).toEqual([]);

    const after = await scanSite(
      site({
        'index.html': 'home',
        'cars/a/index.html': 'a, cheaper',
        'cars/c/index.html': 'c',
        '_astro/x.abc123.js': 'x',
        '_astro/y.def456.js': 'y',
        [IMG]: 'img',
      }),
    );
    const plan = planFromManifest(after, manifest);
    expect(plan.upload.map((f) => f.rel)).toEqual(['_astro/y.def456.js', 'cars/a/index.html', 'cars/c/index.html']);
    expect(plan.unchanged.map((f) => f.rel).sort()).toEqual(['_astro/x.abc123.js', IMG, 'index.html']);
    expect(plan.delete).toEqual(['cars/b/index.html']);

    const first = planFromManifest(after, undefined);
    expect(first.upload).toHaveLength(after.length);
  });

  it('asks about a file the manifest has but the listing missed, instead of uploading it blindly', async () => {
    const files = await scanSite(site({ 'index.html': 'home', 'search-index/0123abcd.json': '{}', 'cars/new/index.html': 'new' }));
    const m = buildManifest(
      't',
      files.filter((f) => f.rel !== 'cars/new/index.html'),
      new Map(),
    );
    // The listing returned the home page but missed the search index (and the new page was never published).
    const home = files.find((f) => f.rel === 'index.html')!;
    const listed = new Map([['index.html', { size: home.size, etag: home.md5 }]]);
    expect(unlistedCandidates(files, m, listed)).toEqual(['search-index/0123abcd.json']);
  });

  it('compares two builds of a site without a bucket', async () => {
    const a = site({ 'index.html': 'home', 'cars/a/index.html': 'a', 'cars/b/index.html': 'b', [IMG]: 'img' });
    const b = site({ 'index.html': 'home', 'cars/a/index.html': 'a, sold', [IMG]: 'img', 'cars/c/index.html': 'c!' });
    expect(await diffSites(a, b)).toEqual({ files: 4, bytes: 4 + 7 + 3 + 2, upload: 2, upload_bytes: 7 + 2, unchanged: 2, deleted: 1 });
  });

  it('re-uploads a file whose headers changed even if its bytes did not', async () => {
    const files = await scanSite(site({ 'index.html': 'home' }));
    const m = buildManifest('t', files, new Map());
    m.files['index.html']!.cache_control = 'public, max-age=3600';
    expect(planFromManifest(files, m).upload.map((f) => f.rel)).toEqual(['index.html']);
  });

  it('refuses a malformed manifest, a symlink, and a site file named like the manifest', async () => {
    expect(() => parseManifest('{"version":2}')).toThrow(/version 1/);
    expect(() => parseManifest('{"version":1,"tenant":"t","files":{"a":{"sha256":1}}}')).toThrow(/malformed/);
    const withLink = site({ 'index.html': 'x' });
    symlinkSync(join(withLink, 'index.html'), join(withLink, 'link.html'));
    await expect(scanSite(withLink)).rejects.toThrow(/symlink/);
    await expect(scanSite(site({ 'index.html': 'x', '.publish-manifest.json': '{}' }))).rejects.toThrow(/reserved/);
  });
});
