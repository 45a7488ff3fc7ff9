/**
 * `npm run dev -- --tenant <slug>` (scripts/dev.ts): Astro's dev server on the model of the tenant's
 * last build, as a developer starts it. Pages render from the source on each request (the dev
 * server's own client script is on them, which is what reloads the browser on an edit), the files the
 * build wrote beside the pages are served (a car photo, the search index), and /api/* reaches the
 * tenant's functions through the dev server's proxy, so a form can be sent from a page in development.
 *
 * It runs from a copy of the source (node_modules linked), so that the live-reload test can edit a
 * component without the other build tests, which may be bundling the same source at that moment,
 * picking up the edit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { freePort } from '../../functions/test/net.ts';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.ts';

const root = resolve(import.meta.dirname, '../..');
const SLUG = 'demo-coastal-toyota';
const built = existsSync(join(root, 'dist/_build', SLUG, 'model.json'));
if (!built) console.log(`missing: the built demo ${SLUG} (npm run build): tests/build/dev.test.ts skipped`);

describe.skipIf(!built)('npm run dev', () => {
  let child: ChildProcess | undefined;
  let base = '';
  let data = '';
  let source = '';
  const lines: string[] = [];

  beforeAll(async () => {
    data = mkdtempSync(join(tmpdir(), 'dev-data-'));
    // What the dev server reads of the checkout: the source, the scripts and functions, the configs.
    source = mkdtempSync(join(tmpdir(), 'dev-source-'));
    for (const dir of ['src', 'scripts', 'functions', 'public']) cpSync(join(root, dir), join(source, dir), { recursive: true });
    for (const file of ['astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json', '.node-version'])
      cpSync(join(root, file), join(source, file));
    symlinkSync(join(root, 'node_modules'), join(source, 'node_modules'), 'dir');
    const port = await freePort();
    const dev = ['scripts/dev.ts', '--tenant', SLUG, '--port', String(port), '--data', data, '--tenants', join(root, 'tenants'), '--out', join(root, 'dist')];
    child = spawn(process.execPath, ['scripts/run.mjs', ...dev], {
      cwd: source,
      // As a developer's shell has it: not vitest's NODE_ENV=test and VITEST variables, which Vite reads.
      env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_ENV' && !k.startsWith('VITEST'))), DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const c = child;
    base = await new Promise<string>((ready, reject) => {
      const timer = setTimeout(() => reject(new Error(`dev did not start in 120 s:\n${lines.join('')}`)), 120_000);
      const read = (chunk: Buffer) => {
        lines.push(chunk.toString());
        const m = /dev: \S+ at (http:\/\/\S+?)\/? \(/.exec(lines.join(''));
        if (m) {
          clearTimeout(timer);
          ready(m[1] as string);
        }
      };
      c.stdout?.on('data', read);
      c.stderr?.on('data', read);
      c.once('exit', (code) => reject(new Error(`dev exited (${code}):\n${lines.join('')}`)));
    });
  }, 150_000);

  afterAll(() => {
    child?.kill('SIGTERM');
    rmSync(data, { recursive: true, force: true });
    if (source) rmSync(source, { recursive: true, force: true });
  });

  it('renders the home page and a car page from the source, with the reloading client', { timeout: 120_000 }, async () => {
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain('Coastal Toyota');
    expect(html).toContain('/@vite/client');
    const car = /href="(\/cars\/[a-z0-9-]+)"/.exec(html)?.[1];
    expect(car).toBeDefined();
    const page = await fetch(`${base}${car as string}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/Enquire/);
  });

  it('serves what the build wrote beside the pages: a car photo and the search index', async () => {
    const html = await (await fetch(`${base}/`)).text();
    const photo = /src="(\/img\/[^"]+\.webp)"/.exec(html)?.[1];
    expect(photo).toBeDefined();
    const img = await fetch(`${base}${photo as string}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/webp');
    // The search island reads the index's name from /search/index.json, then the index itself.
    const pointer = await fetch(`${base}/search/index.json`);
    expect(pointer.status).toBe(200);
    const name = readdirSync(join(root, 'dist', SLUG, 'search-index')).find((f) => f.endsWith('.json'));
    expect((await fetch(`${base}/search-index/${name as string}`)).status).toBe(200);
  });

  it("sends a lead through /api to the tenant's functions", async () => {
    const res = await fetch(`${base}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ category: 'General', name: 'Dev Tester', email: 'dev@example.com' }),
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { success: boolean }).success).toBe(true);
  });

  it('reloads an open page in the browser when a component changes, with the change on it', { timeout: 120_000 }, async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const footer = join(source, 'src/components/SiteFooter.astro');
    const before = readFileSync(footer, 'utf8');
    try {
      const page = await browser.newPage();
      await page.goto(`${base}/`, { waitUntil: 'load' });
      await expect.poll(() => page.locator('footer.site-footer').textContent()).toContain('Our brands');
      // Marks the page as the one loaded before the edit: a reload (by the dev client, not the test) clears it.
      await page.evaluate(() => ((window as unknown as { beforeEdit?: boolean }).beforeEdit = true));
      writeFileSync(footer, before.replace('>Our brands<', '>Our makes and brands<'));
      await page.waitForFunction(() => document.querySelector('footer.site-footer')?.textContent?.includes('Our makes and brands'), undefined, {
        timeout: 60_000,
      });
      expect(await page.evaluate(() => (window as unknown as { beforeEdit?: boolean }).beforeEdit)).toBeUndefined();
    } finally {
      writeFileSync(footer, before);
      await browser.close();
    }
  });
});
