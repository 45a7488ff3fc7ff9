/**
 * Issue 27, end to end: a hostile tenant (script-looking text in every text field, a logo that is an
 * HTML file, a content image that is a symlink out of the tenant folder, javascript: URLs in the
 * export's links) builds, and its site's CSP allows exactly the scripts its plain twin's does; none
 * of its files is code from the tenant.
 */
import { spawn } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hostileTenant, plainTenant, writeTenant } from './hostile-tenant.ts';
import type { TestTenant } from './spec-tenant.ts';

function build(t: TestTenant): Promise<{ status: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['scripts/build.ts', '--tenants', t.tenants, '--out', t.dist, '--only', t.slug, '--force', '--accept', t.slug], {
      env: { ...process.env, BUILD_NOW: '2026-11-22' },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (status) => done({ status, output }));
  });
}

function* files(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else yield p;
  }
}

/** The script-src hashes of a site's CSP (its _headers file). */
function scriptHashes(site: string): string[] {
  const csp = /Content-Security-Policy: (.*)/.exec(readFileSync(join(site, '_headers'), 'utf8'))?.[1] ?? '';
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  return [...scriptSrc.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1] ?? '').sort();
}

const hostile = hostileTenant();
const plain = plainTenant();
let builds: { status: number | null; output: string }[];

beforeAll(async () => {
  writeTenant(hostile, true);
  writeTenant(plain, false);
  builds = await Promise.all([build(hostile), build(plain)]);
}, 240_000);

describe('a hostile tenant', () => {
  it('builds, and so does its plain twin', () => {
    for (const b of builds) expect(b.status, b.output).toBe(0);
  });

  it("has the plain twin's CSP script hashes, exactly", () => {
    const plainHashes = scriptHashes(plain.site);
    expect(plainHashes.length).toBeGreaterThan(5);
    expect(scriptHashes(hostile.site)).toEqual(plainHashes);
  });

  it('publishes no logo that is not an image, naming the file it refused', () => {
    expect(builds[0]?.output).toMatch(/content\/logo\.png: refused/);
    const brand = [...files(hostile.site)].filter((f) => f.includes(`${hostile.slug}/brand/`));
    expect(brand).toEqual([]);
  });

  it('publishes nothing read through a symlink out of the tenant folder, and no symlink', () => {
    expect(builds[0]?.output).toMatch(/content\/images\/outside\.png: refused: it is a symlink to a file outside the tenant folder/);
    for (const f of files(hostile.site)) {
      expect(lstatSync(f).isSymbolicLink(), f).toBe(false);
      if (/\.(html|svg|js|json|txt|xml)$/.test(f)) expect(readFileSync(f, 'utf8'), f).not.toContain('__pwned=8');
    }
  });

  it('writes no javascript: link from the export (external_video_url, file)', () => {
    for (const f of files(hostile.site)) {
      if (!f.endsWith('.html')) continue;
      const html = readFileSync(f, 'utf8');
      expect(html, f).not.toMatch(/href="\s*javascript:/i);
    }
  });
});
