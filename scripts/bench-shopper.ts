/**
 * `npm run bench:shopper [-- --dist dist --tenant demo-coastal-toyota --runs 5 --query hilux]`
 * What a shopper on a slow phone lives through, on a built demo tenant, in Debian's Chromium with
 * a phone viewport (390x844, touch), Slow 4G (150 ms RTT, 1.6 Mbps down, 750 Kbps up, via CDP
 * Network.emulateNetworkConditions) and the CPU slowed 4x (Emulation.setCPUThrottlingRate):
 *   - first answer: the search page loads and goes idle, the shopper taps the search box and types
 *     the query (one key every 100 ms); the time from the last key to the first results for it
 *     on screen, debounce included (median of --runs, each a first visit with an empty cache; a run
 *     where the page was too busy to take the keys in time and searched a prefix is run again, at
 *     most --runs extra times); and the bytes that first search fetched (the island's code and the
 *     index, fetched only once the shopper touches a search control);
 *   - journey: home, the search page and the first five cars it lists (their own pages, not a card's
 *     Reserve link), one after the other in one
 *     visit (shared HTTP cache), each page left once it has loaded and the network has gone quiet;
 *     bytes on the wire (headers included) by kind: HTML, CSS, JS, index, photos, other: all of
 *     them, whatever a page fetched after load or on idle (the journey does not search).
 * The site and its functions are served as `npm run serve` serves them (hashed /_astro/ files
 * cacheable for a year, HTML revalidated) behind a proxy that compresses text with brotli like a CDN. Builds the tenant only when <dist> lacks it.
 * Figures only: the budgets (scripts/lib/budgets.ts) are enforced by tests/build/budgets.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { startNodeServer } from '../functions/node.ts';
import { compressingProxy, proxyCertificateArgs } from './budget-vdp.ts';
import { JOURNEY_ALL_IN_GOAL, JOURNEY_BUDGET, JOURNEY_BUDGET_WITHOUT_DICTIONARIES, JOURNEY_GOAL } from './lib/budgets.ts';
import { DICTIONARY_PATH } from '../src/lib/site/dictionary.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.ts';
import { intFlag, isMain, parseCli, runCli } from './lib/cli.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The slow phone: Lighthouse's mobile profile applied to a real browser. */
export const SLOW_PHONE = {
  viewport: { width: 390, height: 844 },
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  cpuSlowdown: 4,
} as const;

export type ByteKind = 'html' | 'css' | 'js' | 'index' | 'photos' | 'other';
export const KINDS: readonly ByteKind[] = ['html', 'css', 'js', 'index', 'photos', 'other'];

/** What kind of bytes a response is, by its URL and Chromium's resource type. */
export function byteKind(url: string, resourceType: string): ByteKind {
  const path = new URL(url).pathname;
  if (resourceType === 'Document' || /\.html?$/.test(path)) return 'html';
  if (path.startsWith('/search-index/')) return 'index';
  if (resourceType === 'Stylesheet' || path.endsWith('.css')) return 'css';
  if (resourceType === 'Script' || /\.m?js$/.test(path)) return 'js';
  if (resourceType === 'Image' || /\.(webp|avif|jpe?g|png|gif)$/.test(path)) return path.endsWith('.svg') ? 'other' : 'photos';
  return 'other';
}

/** A phone context with the slow network and CPU, and a byte meter over the wire (headers included). */
export async function slowPhone(browser: Browser, throttle = true): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession; meter: Meter }> {
  // ignoreHTTPSErrors: the HTTP/2 proxy's certificate is self-signed.
  const context = await browser.newContext({ viewport: SLOW_PHONE.viewport, isMobile: true, hasTouch: true, deviceScaleFactor: 2, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (!throttle) return { context, page, cdp, meter: new Meter(cdp) };
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_PHONE.latencyMs,
    downloadThroughput: SLOW_PHONE.downloadBytesPerSecond,
    uploadThroughput: SLOW_PHONE.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
  return { context, page, cdp, meter: new Meter(cdp) };
}

/** Bytes received per request (CDP's encodedDataLength: body as sent plus response headers). */
export class Meter {
  readonly bytes: Record<ByteKind, number> = { html: 0, css: 0, js: 0, index: 0, photos: 0, other: 0 };
  readonly files: { url: string; kind: ByteKind; bytes: number }[] = [];
  private readonly kinds = new Map<string, ByteKind>();
  private readonly urls = new Map<string, string>();
  private readonly inflight = new Set<string>();
  private lastActivity = Date.now();

  constructor(cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (e) => {
      this.inflight.add(e.requestId);
      this.urls.set(e.requestId, e.request.url);
      this.lastActivity = Date.now();
    });
    cdp.on('Network.responseReceived', (e) => this.kinds.set(e.requestId, byteKind(e.response.url, e.type)));
    cdp.on('Network.loadingFinished', (e) => {
      this.finish(e.requestId);
      const url = this.urls.get(e.requestId) ?? '';
      const kind = this.kinds.get(e.requestId) ?? (url ? byteKind(url, 'Other') : 'other');
      this.bytes[kind] += e.encodedDataLength;
      if (e.encodedDataLength > 0) this.files.push({ url, kind, bytes: e.encodedDataLength });
    });
    cdp.on('Network.loadingFailed', (e) => this.finish(e.requestId));
  }

  private finish(id: string): void {
    this.inflight.delete(id);
    this.lastActivity = Date.now();
  }

  /** Resolves once no request has been in flight for quietMs (at most maxMs in all). */
  async quiet(quietMs = 1000, maxMs = 20_000): Promise<void> {
    const until = Date.now() + maxMs;
    while (Date.now() < until) {
      if (this.inflight.size === 0 && Date.now() - this.lastActivity >= quietMs) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  total(exclude: readonly ByteKind[] = []): number {
    return KINDS.filter((k) => !exclude.includes(k)).reduce((n, k) => n + this.bytes[k], 0);
  }
}

/**
 * One first visit: load the search page, let it go idle, tap the search box and type; the time from
 * the last key to the first results for the query on screen (ms), and how long the page took to load.
 */
export async function firstAnswer(
  browser: Browser,
  url: string,
  query: string,
): Promise<{ answerMs: number; loadMs: number; typingMs: number; searchBytes: number }> {
  const { context, page, meter } = await slowPhone(browser);
  try {
    const started = Date.now();
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const loadMs = Date.now() - started;
    await meter.quiet(1000, 20_000);
    // Watch for the answer: the count changes and the first card is a match.
    await page.evaluate((q) => {
      const count = document.querySelector('[data-testid="result-count"]');
      const before = count?.textContent ?? '';
      const w = window as unknown as { benchAnswer?: number };
      const check = () => {
        const first = document.querySelector('#results article.card img, #results article.card h2, #results article.card h3');
        const label = `${first?.getAttribute('alt') ?? ''} ${first?.textContent ?? ''}`.toLowerCase();
        const now = document.querySelector('[data-testid="result-count"]')?.textContent ?? '';
        if (w.benchAnswer === undefined && now !== before && label.includes(q)) w.benchAnswer = performance.timeOrigin + performance.now();
      };
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    }, query.toLowerCase());
    const box = page.locator('.search-field input');
    const beforeTap = meter.total(['photos']);
    await box.tap();
    // Keys 100 ms apart, well inside the 300 ms debounce: one search, for the whole query.
    const firstKey = Date.now();
    for (const ch of query.slice(0, -1)) {
      await page.keyboard.type(ch);
      await page.waitForTimeout(100);
    }
    const lastKey = Date.now();
    await page.keyboard.type(query.slice(-1));
    // No answer in 20 s (a machine too loaded to finish the run): not a valid run, run again.
    const answered = await page
      .waitForFunction(() => (window as unknown as { benchAnswer?: number }).benchAnswer !== undefined, undefined, { timeout: 20_000, polling: 50 })
      .then(() => true)
      .catch(() => false);
    const typingMs = lastKey - firstKey;
    if (!answered) return { answerMs: Number.NaN, loadMs, typingMs, searchBytes: Number.NaN };
    const answer = await page.evaluate(() => (window as unknown as { benchAnswer: number }).benchAnswer);
    // What starting the search fetched: the island's code, the index pointer and the index.
    await meter.quiet(500, 20_000);
    const searchBytes = meter.total(['photos']) - beforeTap;
    // A page too busy to take the keys in time searched a prefix before the last key: not a valid run.
    if (answer < lastKey) return { answerMs: Number.NaN, loadMs, typingMs, searchBytes };
    return { answerMs: Math.round(answer - lastKey), loadMs, typingMs, searchBytes };
  } finally {
    await context.close();
  }
}

/**
 * Home, the search page and the first five cars it lists, in one visit; bytes by kind, all of them,
 * and how many of them were the search island's code and index (`searchCode`: 0 unless a page
 * fetched them without the shopper searching, which the budgets count like any other byte).
 * Without `throttle` the pages load at full speed (same bytes, quicker).
 */
export async function journey(
  browser: Browser,
  origin: string,
  searchPath: string,
  throttle = true,
  opts: { withoutDictionaries?: boolean } = {},
): Promise<{ pages: string[]; meter: Meter; perPage: number[]; searchCode: number }> {
  const { context, page, cdp, meter } = await slowPhone(browser, throttle);
  // A browser without compression dictionary transport never asks for the dictionary its pages link
  // (Chromium with the feature off still fetches it; `browser` must also be launched with
  // WITHOUT_DICTIONARIES). Blocked through CDP: Playwright's routing would turn the HTTP cache off.
  if (opts.withoutDictionaries) await cdp.send('Network.setBlockedURLs', { urls: [`*${DICTIONARY_PATH}`] });
  const pages: string[] = ['/', searchPath];
  const perPage: number[] = [];
  try {
    const visit = async (path: string) => {
      const before = meter.total(['photos']);
      await page.goto(new URL(path, origin).href, { waitUntil: 'load', timeout: 60_000 });
      await meter.quiet(1000, 20_000);
      perPage.push(meter.total(['photos']) - before);
    };
    await visit('/');
    await visit(searchPath);
    // The search code, the index pointer and the index it named (src/lib/search/index-pointer.ts), if the page fetched them.
    const forLater = await page.evaluate(async () => [
      ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.href),
      ...[...document.querySelectorAll('[data-search-index]')].map((e) => new URL(e.getAttribute('data-search-index') ?? '', location.href).href),
      ...[
        await Promise.resolve(window.dealerSearchIndex?.url)
          .then((u) => (u ? new URL(u, location.href).href : undefined))
          .catch(() => undefined),
      ].filter((u) => u !== undefined),
    ]);
    const cars = await page
      .locator('#results article.card a[href^="/cars/"]')
      .evaluateAll((els) => [...new Set(els.map((e) => new URL(e.getAttribute('href') ?? '', location.href).pathname))]);
    // The cars' own pages: a card's Reserve link (/cars/<slug>/buy-online, gated: it answers with the
    // sign-in page) is not a vehicle page.
    const carPages = cars.filter((p) => /^\/cars\/[^/]+\/?$/.test(p));
    for (const car of carPages.slice(0, 5)) {
      pages.push(car);
      await visit(car);
    }
    const searchCode = meter.files.filter((f) => forLater.includes(f.url)).reduce((n, f) => n + f.bytes, 0);
    return { pages, meter, perPage, searchCode };
  } finally {
    await context.close();
  }
}

/** Chromium without compression dictionary transport (RFC 9842), as browsers that do not support it fetch. */
export const WITHOUT_DICTIONARIES = '--disable-features=CompressionDictionaryTransport,CompressionDictionaryTransportBackend';

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const USAGE = `
Usage: node scripts/bench-shopper.ts [options]      (npm run bench:shopper -- [options])

A shopper on a slow phone (Slow 4G, CPU 4x slower) on a built demo tenant: the first search answer
(median of --runs) and the bytes of a seven-page journey by kind. Builds the tenant when --dist lacks it.

  --dist <dir>      built sites (default dist/)
  --tenant <slug>   tenant (default demo-coastal-toyota)
  --runs <n>        first-answer runs (default 5)
  --query <text>    what the shopper types (default hilux)
  --search <path>   the search page (default /search/new-used-and-demo-cars)
  --files           list every file of the journey
  -h, --help        show this help
`;

async function main(): Promise<number> {
  const flags = parseCli(USAGE, {
    dist: { type: 'string' },
    tenant: { type: 'string' },
    runs: { type: 'string' },
    query: { type: 'string' },
    search: { type: 'string' },
    files: { type: 'boolean' },
  });
  const dist = resolve(flags.dist ?? join(root, 'dist'));
  const tenant = flags.tenant ?? 'demo-coastal-toyota';
  const runs = intFlag('runs', flags.runs, 5, 1, 50);
  const query = flags.query ?? 'hilux';
  const searchPath = flags.search ?? '/search/new-used-and-demo-cars';
  if (!existsSync(join(dist, tenant, 'index.html'))) {
    const env = { ...process.env, BUILD_NOW: process.env['BUILD_NOW'] ?? new Date().toISOString().slice(0, 10) };
    const step = (args: string[]) => {
      const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env });
      if (r.status !== 0) throw new Error(`node ${args.join(' ')} failed`);
    };
    if (!existsSync(join(root, 'tenants', tenant))) step(['scripts/demo/generate.ts', '--out', 'tenants']);
    step(['scripts/build.ts', '--tenants', 'tenants', '--out', dist, '--only', tenant]);
  }
  // The site and its functions as `npm run serve` runs them, behind a brotli-compressing HTTP/2 proxy (a CDN).
  const data = mkdtempSync(join(tmpdir(), 'bench-shopper-'));
  const site = await startNodeServer({ port: 0, dist, tenant, dataDir: data, outbox: { enabled: false }, rateLimitScale: 100, log: () => {} });
  const { server, origin } = await compressingProxy(`http://127.0.0.1:${site.port}`, { http2: true });
  // Trusting the proxy's certificate (not ignoring its errors) lets Chromium cache as a phone does.
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...proxyCertificateArgs()] });
  try {
    console.log(
      `bench:shopper ${tenant}: Chromium ${browser.version()}, ${SLOW_PHONE.viewport.width}x${SLOW_PHONE.viewport.height} touch, ${SLOW_PHONE.latencyMs} ms RTT, 1.6 Mbps down, 750 Kbps up, CPU ${SLOW_PHONE.cpuSlowdown}x slower; ` +
        `${availableParallelism()} cores, load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
    const answers: number[] = [];
    const loads: number[] = [];
    const searchBytes: number[] = [];
    let retried = 0;
    for (let i = 0; i < runs * 2 && answers.length < runs; i++) {
      const r = await firstAnswer(browser, new URL(searchPath, origin).href, query);
      if (Number.isNaN(r.answerMs)) retried++;
      else answers.push(r.answerMs);
      loads.push(r.loadMs);
      if (!Number.isNaN(r.searchBytes)) searchBytes.push(r.searchBytes);
    }
    if (answers.length === 0) throw new Error('no valid first-answer run: the machine is too busy to type');
    console.log(
      `first answer: "${query}" on ${searchPath}: median ${Math.round(median(answers))} ms after the last key (runs ${answers.join(', ')} ms; debounce included${retried ? `; ${retried} run(s) where a prefix was searched before the last key, or no answer came within 20 s, were run again` : ''}); page load median ${Math.round(median(loads))} ms; ` +
        `starting the search fetched ${kb(median(searchBytes))} (the island's code, the index pointer and the index; a shopper who does not search fetches none of it)`,
    );
    const j = await journey(browser, origin, searchPath);
    const b = j.meter.bytes;
    console.log(`journey: ${j.pages.join(' -> ')}`);
    console.log(
      `journey bytes, all in: ${kb(j.meter.total(['photos']))} without photos (budget ${kb(JOURNEY_BUDGET)}, goal ${kb(JOURNEY_GOAL)}), everything the pages fetched after load and on idle included` +
        `${j.searchCode ? ` (of which ${kb(j.searchCode)} search code and index no one asked for)` : ''}; ` +
        `by kind: HTML ${kb(b.html)}, CSS ${kb(b.css)}, JS ${kb(b.js)}, index ${kb(b.index)}, other ${kb(b.other)} (the car pages' compression dictionary ${kb(j.meter.files.filter((f) => f.url.endsWith(DICTIONARY_PATH)).reduce((n, f) => n + f.bytes, 0))}), photos ${kb(b.photos)}; ` +
        `per page without photos: ${j.perPage.map(kb).join(', ')}`,
    );
    // The same journey in a browser without compression dictionary transport (Safari, for one): every
    // car page whole, no dictionary fetched.
    const plain = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...proxyCertificateArgs(), WITHOUT_DICTIONARIES] });
    try {
      const p = await journey(plain, origin, searchPath, true, { withoutDictionaries: true });
      const all = p.meter.total(['photos']);
      console.log(
        `journey bytes without compression dictionaries (Safari), all in: ${kb(all)} (budget ${kb(JOURNEY_BUDGET_WITHOUT_DICTIONARIES)}, issue 26's goal ${kb(JOURNEY_ALL_IN_GOAL)}; HTML ${kb(p.meter.bytes.html)}); ` +
          `with a first search: ${kb(all + median(searchBytes))}; per page without photos: ${p.perPage.map(kb).join(', ')}`,
      );
    } finally {
      await plain.close();
    }
    if (flags.files) for (const f of j.meter.files) console.log(`  ${f.kind.padEnd(6)} ${String(f.bytes).padStart(7)}  ${new URL(f.url).pathname}`);
  } finally {
    await browser.close();
    server.close();
    await site.close();
    rmSync(data, { recursive: true, force: true });
  }
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  return 0;
}

if (isMain(import.meta.url)) await runCli(main);
