/**
 * Issue 27: the local static server serves only the site's own files. A symlink inside the site
 * that leads out of its folder is not followed, and the host configuration file `_headers` is not
 * served under any spelling of its path.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { staticSite } from './static.ts';

const work = mkdtempSync(join(tmpdir(), 'static-confinement-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const site = join(work, 'site');
const outside = join(work, 'outside');
mkdirSync(join(site, 'brand'), { recursive: true });
mkdirSync(outside, { recursive: true });
writeFileSync(join(site, 'index.html'), '<!doctype html><title>home</title>');
writeFileSync(join(site, '404.html'), '<!doctype html><title>not found</title>');
writeFileSync(join(site, '_headers'), '/*\n  X-Secret-Rule: yes\n');
writeFileSync(join(site, 'brand', 'logo.png'), 'png');
writeFileSync(join(outside, 'secret.html'), '<script>window.__pwned = 1</script>');
mkdirSync(join(outside, 'dir'));
writeFileSync(join(outside, 'dir', 'index.html'), 'outside index');
symlinkSync(join(outside, 'secret.html'), join(site, 'brand', 'evil.html'));
symlinkSync(join(outside, 'dir'), join(site, 'linked'));
// A symlink that stays inside the site is an ordinary file of the site.
symlinkSync(join(site, 'brand', 'logo.png'), join(site, 'brand', 'alias.png'));

const get = (path: string) => staticSite(site).handle(new Request(`http://localhost${path}`));

describe('the local static server stays in the site folder', () => {
  it('does not follow a symlink to a file outside the site', async () => {
    const res = await get('/brand/evil.html');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('__pwned');
  });

  it('does not follow a symlinked folder outside the site', async () => {
    for (const path of ['/linked/', '/linked', '/linked/index.html']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('outside index');
    }
  });

  it('serves a symlink that stays inside the site', async () => {
    const res = await get('/brand/alias.png');
    expect(res.status).toBe(200);
  });

  it('never serves _headers, however the path is spelled', async () => {
    for (const path of [
      '/_headers',
      '/%5Fheaders',
      '/%5fheaders',
      '//_headers',
      '/brand/../_headers',
      '/brand/%2e%2e/_headers',
      '/./_headers',
      '/_heade%72s',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('X-Secret-Rule');
    }
  });
});

describe('the scripts/ static server (Lighthouse, route checks) stays in the site folder too', () => {
  it('resolves neither an outside symlink nor _headers', async () => {
    const { resolveStatic } = await import('../scripts/lighthouse.ts');
    expect(resolveStatic(site, '/brand/evil.html')).toBeUndefined();
    expect(resolveStatic(site, '/linked/')).toBeUndefined();
    expect(resolveStatic(site, '/_headers')).toBeUndefined();
    expect(resolveStatic(site, '/%5Fheaders')).toBeUndefined();
    expect(resolveStatic(site, '/%E0%A4%A')).toBeUndefined();
    expect(resolveStatic(site, '/brand/logo.png')).toBeDefined();
    expect(resolveStatic(site, '/')).toBeDefined();
  });
});
