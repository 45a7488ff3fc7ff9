/**
 * Budgets in CI (issue 17), on every built demo tenant in $E2E_DIST (default dist/), per page type
 * (home, search, vehicle, location), served as `npm run serve` serves them behind a brotli proxy:
 *   - vehicle page HTML <= 25 KB brotli (the five largest vehicle pages of the tenant);
 *   - JavaScript that runs before any interaction <= 15 KB brotli (phone viewport);
 *   - Lighthouse mobile >= 95 / 100 / 100 / 100 (one run; the median of five when the first is under);
 *   - the journey home -> search -> five vehicle pages, all its bytes without photos, whatever a page fetched after load or on idle included (scripts/lib/budgets.ts).
 * The first test feeds the same measurement a synthetic over-budget page, so the check is shown to fail.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeServer } from '../../functions/node.ts';
import { journey, WITHOUT_DICTIONARIES } from '../../scripts/bench-shopper.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.ts';
import { BLANK_PAGE_PATH, brotliSize, compressingProxy, jsBeforeInteraction, proxyCertificateArgs, warmCompressingProxy } from '../../scripts/budget-vdp.ts';
import { launchChromeForLighthouse, lighthouseScores, serveStatic } from '../../scripts/lighthouse.ts';
import {
  bytesOverBudget,
  JOURNEY_BUDGET_WITHOUT_DICTIONARIES,
  journeyOverBudget,
  scoresUnderBudget,
  scoresWithRetry,
  type PageMeasure,
  type PageType,
} from '../../scripts/lib/budgets.ts';
import type { SiteModel } from '../../src/lib/site/site-model.ts';

const dist = process.env['E2E_DIST'] ?? 'dist';
const DEMOS = ['demo-coastal-toyota', 'demo-southern-motor-group', 'demo-redline-used-cars'].filter(
  (t) => existsSync(join(dist, t, 'index.html')) && existsSync(join(dist, '_build', t, 'model.json')),
);
const SEARCH_PATH = '/search/new-used-and-demo-cars';
/**
 * Every budget fails the run: the byte budgets (exact), the journey (measured over HTTP/2, as a CDN
 * serves it) and the Lighthouse scores (one run per page type; five and their median when the first
 * is under, as Lighthouse advises for a noisy machine). npm test runs this file alone, after the other
 * build tests, so nothing else loads the machine while Lighthouse measures. On a developer machine
 * busy with other work, BUDGETS_STRICT=0 prints the journey and Lighthouse problems as warnings
 * instead (the byte budgets still fail).
 */
const STRICT = process.env['BUDGETS_STRICT'] !== '0';
const PHONE = { width: 390, height: 844, mobile: true };

let browser: Browser;
/** The journey of a browser without compression dictionary transport (Safari, for one). */
let plainBrowser: Browser | undefined;
/** Lighthouse gets a Chromium of its own, launched as `npm run lighthouse` launches it. */
let chrome: Awaited<ReturnType<typeof launchChromeForLighthouse>> | undefined;
/** The machine's busy share of CPU time over `ms` (Linux /proc/stat), or undefined elsewhere. */
async function busyShare(ms: number): Promise<number | undefined> {
  const read = () => {
    try {
      const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
      return { idle: f[3]! + (f[4] ?? 0), total: f.reduce((a, b) => a + b, 0) };
    } catch {
      return undefined;
    }
  };
  const a = read();
  await new Promise((ok) => setTimeout(ok, ms));
  const b = read();
  return a && b && b.total > a.total ? 1 - (b.idle - a.idle) / (b.total - a.total) : undefined;
}

/**
 * Waits (at most 2 minutes) until the machine has been quiet for 3 s in a row: the build tests
 * before this file leave background work behind (the publish's removal of replaced sites, the
 * kernel writing gigabytes of built files), and Lighthouse run beside it measured that, not the
 * pages (the same search page scored 89-93 right after them and 95-99 on the quiet machine).
 */
async function untilQuiet(): Promise<void> {
  spawnSync('sync');
  const until = Date.now() + 120_000;
  let quiet = 0;
  while (quiet < 3 && Date.now() < until) {
    const busy = await busyShare(1000);
    if (busy === undefined) return;
    quiet = busy < 0.15 ? quiet + 1 : 0;
  }
}

beforeAll(async () => {
  await untilQuiet();
  // The journey's HTTP/2 proxy certificate is trusted (scripts/budget-vdp.ts proxyCertificateArgs), so the HTTP cache works as on a phone.
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...proxyCertificateArgs()] });
}, 180_000);
/** Launched when first needed (the journey's browser without dictionaries is launched per journey and closed after it, so it never runs beside Lighthouse). */
async function lighthouseChrome(): Promise<Awaited<ReturnType<typeof launchChromeForLighthouse>>> {
  chrome ??= await launchChromeForLighthouse();
  return chrome;
}
afterAll(async () => {
  await browser?.close();
  await plainBrowser?.close();
  chrome?.kill();
});

/** One page of each type for a built tenant. */
function pageTypes(root: string, model: SiteModel): { type: PageType; path: string }[] {
  const car = model.vehicles.find((v) => v.listed && existsSync(join(root, 'cars', v.slug, 'index.html')));
  const location = existsSync(join(root, 'locations'))
    ? readdirSync(join(root, 'locations')).find((d) => existsSync(join(root, 'locations', d, 'index.html')))
    : undefined;
  return [
    { type: 'home', path: '/' },
    { type: 'search', path: SEARCH_PATH },
    ...(car ? [{ type: 'vehicle' as const, path: `/cars/${car.slug}` }] : []),
    ...(location ? [{ type: 'location' as const, path: `/locations/${location}` }] : []),
  ];
}

/** The brotli size of the tenant's largest vehicle pages (by raw size). */
function largestVehiclePages(root: string, n: number): { path: string; brotli: number }[] {
  const dir = join(root, 'cars');
  return readdirSync(dir)
    .map((slug) => join(dir, slug, 'index.html'))
    .filter((f) => existsSync(f))
    .map((f) => ({ f, size: statSync(f).size }))
    .sort((a, b) => b.size - a.size)
    .slice(0, n)
    .map(({ f }) => ({ path: `/${f.slice(root.length + 1).replace(/\/index\.html$/, '')}`, brotli: brotliSize(readFileSync(f)) }));
}

describe('budget check', () => {
  it('fails on a synthetic over-budget vehicle page: 40 KB of HTML and 30 KB of script that do not compress', async () => {
    const site = mkdtempSync(join(tmpdir(), 'budget-synthetic-'));
    try {
      mkdirSync(join(site, 'cars', 'heavy'), { recursive: true });
      const noise = (n: number) => randomBytes(n).toString('base64');
      writeFileSync(
        join(site, 'cars', 'heavy', 'index.html'),
        `<!doctype html><html lang="en"><title>Heavy</title><p>${noise(30_000)}</p><script>window.x=${JSON.stringify(noise(22_000))}</script></html>`,
      );
      const { server, origin } = await serveStatic(site);
      try {
        const js = await jsBeforeInteraction(browser, `${origin}/cars/heavy`, PHONE);
        const m: PageMeasure = {
          tenant: 'synthetic',
          type: 'vehicle',
          path: '/cars/heavy',
          htmlBrotli: brotliSize(readFileSync(join(site, 'cars', 'heavy', 'index.html'))),
          jsBeforeInteractionBrotli: js.bytes,
        };
        const problems = bytesOverBudget(m);
        expect(problems).toHaveLength(2);
        expect(problems[0]).toMatch(/HTML .* brotli > 25\.0 KB/);
        expect(problems[1]).toMatch(/JS before interaction .* brotli > 15\.0 KB/);
      } finally {
        server.close();
      }
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.skipIf(DEMOS.length === 0)('budgets of every demo tenant', () => {
  for (const tenant of DEMOS) {
    it(`${tenant}: vehicle HTML, JS before interaction and Lighthouse per page type, and the journey, within budget`, async () => {
      const root = join(dist, tenant);
      const model = JSON.parse(readFileSync(join(dist, '_build', tenant, 'model.json'), 'utf8')) as SiteModel;
      const data = mkdtempSync(join(tmpdir(), 'budgets-'));
      const site = await startNodeServer({ port: 0, dist, tenant, dataDir: data, outbox: { enabled: false }, rateLimitScale: 100, log: () => {} });
      const proxy = await compressingProxy(`http://127.0.0.1:${site.port}`);
      const problems: string[] = [];
      const warnings: string[] = [];
      const soft = (found: string[]) => (STRICT ? problems : warnings).push(...found);
      const lines: string[] = [];
      try {
        for (const v of largestVehiclePages(root, 5)) problems.push(...bytesOverBudget({ tenant, type: 'vehicle', path: v.path, htmlBrotli: v.brotli }));
        const pages = pageTypes(root, model);
        // Compressed once before anything is timed, as a CDN holds them (scripts/budget-vdp.ts).
        await warmCompressingProxy(
          proxy.origin,
          root,
          pages.map((p) => p.path),
        );
        for (const { type, path } of pages) {
          const url = `${proxy.origin}${path}`;
          const js = await jsBeforeInteraction(browser, url, PHONE);
          let lighthouse: Awaited<ReturnType<typeof scoresWithRetry>> | undefined;
          for (let attempt = 1; attempt <= 2 && !lighthouse; attempt++) {
            try {
              const { port } = await lighthouseChrome();
              // From a neutral page of the site's origin with its headers (same browsing context group): scripts/lighthouse.ts lighthouseScores.
              lighthouse = await scoresWithRetry(() => lighthouseScores(url, port, { blankPage: `${proxy.origin}${BLANK_PAGE_PATH}` }));
            } catch (err) {
              if (attempt === 2) soft([`${tenant} ${type} ${path}: Lighthouse did not run: ${(err as Error).message}`]);
            }
          }
          const runs = lighthouse?.runs ?? [];
          const m: PageMeasure = { tenant, type, path, jsBeforeInteractionBrotli: js.bytes, ...(lighthouse ? { scores: lighthouse.scores } : {}) };
          if (type === 'vehicle') m.htmlBrotli = brotliSize(readFileSync(join(root, path, 'index.html')));
          problems.push(...bytesOverBudget(m));
          if (lighthouse) soft(scoresUnderBudget(m));
          lines.push(
            `${type.padEnd(8)} ${path.padEnd(48)} JS ${(js.bytes / 1024).toFixed(1)} KB br${js.prefetched ? ` (+${(js.prefetched / 1024).toFixed(1)} KB fetched on idle, not run)` : ''}` +
              `${m.htmlBrotli ? `, HTML ${(m.htmlBrotli / 1024).toFixed(1)} KB br` : ''}; Lighthouse ${runs.map((r) => `${r.performance}/${r.accessibility}/${r['best-practices']}/${r.seo}`).join(', ')}`,
          );
        }
        // The journey over HTTP/2, as a phone gets it from a CDN (scripts/budget-vdp.ts compressingProxy).
        // Once as Chromium gets it (car pages as deltas against the site's compression dictionary), once
        // as a browser without dictionaries gets it (every car page whole).
        const h2 = await compressingProxy(`http://127.0.0.1:${site.port}`, { http2: true });
        try {
          const j = await journey(browser, h2.origin, SEARCH_PATH, false);
          // All of it: whatever a page fetched after load or on idle counts (issue 26).
          const bytes = j.meter.total(['photos']);
          soft(journeyOverBudget(tenant, bytes));
          // Launched for this journey and closed after it, so that no second Chromium runs while Lighthouse measures.
          plainBrowser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...proxyCertificateArgs(), WITHOUT_DICTIONARIES] });
          const p = await journey(plainBrowser, h2.origin, SEARCH_PATH, false, { withoutDictionaries: true });
          await plainBrowser.close();
          plainBrowser = undefined;
          const plain = p.meter.total(['photos']);
          soft(journeyOverBudget(`${tenant} (without compression dictionaries)`, plain, JOURNEY_BUDGET_WITHOUT_DICTIONARIES));
          lines.push(
            `journey  ${(bytes / 1024).toFixed(1)} KB without photos, all in (search code and index: ${(j.searchCode / 1024).toFixed(1)} KB); without compression dictionaries ${(plain / 1024).toFixed(1)} KB`,
          );
        } finally {
          h2.server.close();
        }
      } finally {
        console.log(
          `budgets ${tenant}:\n  ${lines.join('\n  ')}${warnings.length ? `\n  WARNING (BUDGETS_STRICT=0: not failing): ${warnings.join('; ')}` : ''}`,
        );
        proxy.server.close();
        await site.close();
        rmSync(data, { recursive: true, force: true });
      }
      expect(problems).toEqual([]);
    }, 900_000);
  }
});
