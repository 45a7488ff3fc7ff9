/**
 * Issue 27: the site's `_headers` (host configuration for Netlify and Cloudflare Pages) is not
 * published into the bucket, where a bucket host would serve it as a file.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listSiteFiles, scanSite } from '../../scripts/lib/publish/local.ts';

const site = mkdtempSync(join(tmpdir(), 'publish-host-config-'));
afterAll(() => rmSync(site, { recursive: true, force: true }));

describe('what the publish uploads', () => {
  it('leaves out the root _headers file, and only it', async () => {
    mkdirSync(join(site, 'cars', 'a'), { recursive: true });
    writeFileSync(join(site, 'index.html'), 'home');
    writeFileSync(join(site, '_headers'), '/*\n  Content-Security-Policy: x\n');
    writeFileSync(join(site, 'cars', 'a', 'index.html'), 'a');
    // A page that happens to be named so below the root is content like any other.
    writeFileSync(join(site, 'cars', 'a', '_headers'), 'content');
    expect(await listSiteFiles(site)).toEqual(['cars/a/_headers', 'cars/a/index.html', 'index.html']);
    expect((await scanSite(site)).map((f) => f.rel)).not.toContain('_headers');
  });
});
