/**
 * The vehicle page's budgets, measured on a built tenant:
 *   - HTML <= 25 KB brotli (quality 11, as a CDN precompresses);
 *   - JS before interaction <= 15 KB brotli: every script Chromium requests while the page loads and
 *     settles with no input (phone 390x844 and desktop 1280x900), summed as brotli bytes;
 *   - Lighthouse mobile (simulated slow 4G, 4x CPU): performance >= 95; accessibility, best practices
 *     and SEO 100.
 * The site and its functions are served as `npm run serve` does, behind a proxy that compresses text
 * with brotli like a production host. Exits 1 when any page is over a budget.
 *
 *   npm run budget -- [--dist dist] [--tenant demo-southern-motor-group] [--cars slug,slug] [--runs 3] [--no-lighthouse] [--json out.json]
 *
 * Without --cars: the demo's full-media car, a car with the lender finance block, a sold car, a price-0
 * car and the first listed car.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash, createPublicKey } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium, type Browser } from 'playwright-core';
import { startNodeServer } from '../functions/node.ts';
import type { SiteModel } from '../src/lib/site/site-model.ts';
import type { VdpVehicle } from '../src/lib/vdp/vehicle.ts';
import { JS_BEFORE_INTERACTION_BUDGET, LIGHTHOUSE_BUDGET, VEHICLE_HTML_BUDGET } from './lib/budgets.ts';
import { intFlag, isMain, listFlag, parseCli, runCli } from './lib/cli.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.ts';

export const HTML_BUDGET = VEHICLE_HTML_BUDGET;
export const JS_BUDGET = JS_BEFORE_INTERACTION_BUDGET;
const SCORES = LIGHTHOUSE_BUDGET;
type Category = keyof typeof SCORES;
const CATEGORIES = Object.keys(SCORES) as Category[];

export function brotliSize(bytes: Uint8Array): number {
  return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/**
 * A self-signed certificate for 127.0.0.1 (openssl), for the HTTP/2 proxy: made once per process, so
 * a browser launched with proxyCertificateArgs() trusts every proxy of the run.
 */
let certificate: { key: Buffer; cert: Buffer } | undefined;
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  if (certificate) return certificate;
  const dir = mkdtempSync(join(tmpdir(), 'proxy-cert-'));
  try {
    const r = spawnSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      { stdio: 'ignore' },
    );
    if (r.status !== 0) throw new Error('openssl could not make a certificate for the HTTP/2 proxy (apt-get install openssl)');
    certificate = { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
    return certificate;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Chromium flags that make it trust the HTTP/2 proxy's certificate (by its public key) as a phone
 * trusts a CDN's. Merely ignoring certificate errors (ignoreHTTPSErrors) is not the same: Chromium
 * keeps nothing from a connection with a certificate error in its HTTP cache, so the favicon (and
 * any file not held in the page's memory cache) was downloaded again on every page of a journey.
 */
export function proxyCertificateArgs(): string[] {
  const spki = createPublicKey(selfSignedCertificate().cert).export({ type: 'spki', format: 'der' });
  return [`--ignore-certificate-errors-spki-list=${createHash('sha256').update(spki).digest('base64')}`];
}

/** The proxy's neutral page of the site's origin (see compressingProxy). */
export const BLANK_PAGE_PATH = '/__blank';

/**
 * A proxy that brotli-compresses text answers of `upstream`, as a production host would (once per file
 * version, as a CDN does). With `http2`, it speaks HTTP/2 over TLS (a self-signed certificate: the
 * browser needs ignoreHTTPSErrors) like a CDN does to a phone: the headers every response repeats (the
 * CSP, ~1.8 KB) are sent once per connection and then referenced (HPACK), so byte counts match what a
 * shopper's phone receives. HTTP/1.1 sends them with every response.
 */
export function compressingProxy(
  upstream: string,
  opts: { http2?: boolean } = {},
): Promise<{ server: Server | ReturnType<typeof createSecureServer>; origin: string }> {
  const compressed = new Map<string, Buffer>();
  const handler = (req: IncomingMessage | Http2ServerRequest, response: ServerResponse | Http2ServerResponse) => {
    // The two response types share the calls used here; TypeScript cannot call a union of overloads.
    const res = response as ServerResponse;
    if (req.url === BLANK_PAGE_PATH) {
      // A neutral page of this origin with the site's own headers (copied from its robots.txt), for
      // Lighthouse to start from (scripts/lighthouse.ts lighthouseScores). It names the site's icon,
      // so the browser does not ask for /favicon.ico (a 404 in the next page's console).
      fetch(new URL('/robots.txt', upstream))
        .then(async (up) => {
          await up.arrayBuffer();
          const out: Record<string, string> = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
          up.headers.forEach((v, k) => {
            if (
              ![
                'content-type',
                'content-length',
                'content-encoding',
                'transfer-encoding',
                'connection',
                'keep-alive',
                'etag',
                'last-modified',
                'cache-control',
              ].includes(k)
            )
              out[k] = v;
          });
          res.writeHead(200, out);
          res.end('<!doctype html><html lang="en"><title>.</title><link rel="icon" href="/favicon.svg"></html>');
        })
        .catch((err: unknown) => {
          res.writeHead(502);
          res.end(String(err));
        });
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // The functions accept their own origin only: the browser's origin is rewritten to the upstream's.
      const headers = new Headers();
      // Accept-Encoding and Available-Dictionary reach the origin: it answers a car page as a delta
      // against the site's compression dictionary when the browser holds it (functions/static.ts), and
      // that answer passes through as it is (a CDN's "passthrough" of dcz, e.g. Cloudflare's).
      for (const k of ['accept', 'content-type', 'cookie', 'user-agent', 'accept-encoding', 'available-dictionary']) {
        const v = req.headers[k];
        if (typeof v === 'string') headers.set(k, v);
      }
      if (req.headers.origin) headers.set('origin', new URL(upstream).origin);
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      fetch(new URL(req.url ?? '/', upstream), { method: req.method ?? 'GET', headers, ...(body ? { body } : {}), redirect: 'manual' })
        .then(async (up) => {
          const out: Record<string, string> = {};
          up.headers.forEach((v, k) => {
            if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'].includes(k)) out[k] = v;
          });
          let data: Buffer = Buffer.from(await up.arrayBuffer());
          if (up.headers.get('content-encoding') === 'dcz') out['content-encoding'] = 'dcz';
          else if (
            /^(text\/|application\/(json|javascript|xml)|image\/svg)/.test(up.headers.get('content-type') ?? '') &&
            /\bbr\b/.test(String(req.headers['accept-encoding']))
          ) {
            const etag = up.headers.get('etag');
            const key = etag ? `${req.url ?? ''} ${etag}` : undefined;
            const raw = data;
            const make = () => brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
            data = key ? (compressed.get(key) ?? compressed.set(key, make()).get(key)!) : make();
            out['content-encoding'] = 'br';
          }
          res.writeHead(up.status, out);
          res.end(data);
        })
        .catch((err: unknown) => {
          res.writeHead(502);
          res.end(String(err));
        });
    });
  };
  const server = opts.http2 ? createSecureServer({ ...selfSignedCertificate(), allowHTTP1: true }, handler) : createServer(handler);
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      ok({ server, origin: `${opts.http2 ? 'https' : 'http'}://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}` });
    }),
  );
}

/** The site's shared text files a page may fetch: its scripts and styles, the search index and its pointer, the compression dictionary, the brand's pictures. */
const SHARED_TEXT_FILES = /^(_astro|search-index|_dict|brand)\/|^search\/index\.json$|^favicon\.svg$/;

/**
 * Asks `origin` (a compressingProxy) once for each of the site's shared text files and the given
 * pages, so that the proxy holds them compressed before anything is timed. A CDN compresses a file
 * version once; a proxy that first compresses a 200 KB script at brotli 11 while Lighthouse measures
 * takes a core from the browser being measured (on a 2-core machine, a measurement of the proxy).
 */
export async function warmCompressingProxy(origin: string, siteRoot: string, pages: string[]): Promise<number> {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, e.name);
      const rel = relative(siteRoot, full).split('\\').join('/');
      if (e.isDirectory()) {
        if (/^(_astro|search-index|_dict|brand|search)$/.test(rel) || /^(_astro|brand)\//.test(rel)) walk(full);
      } else if (SHARED_TEXT_FILES.test(rel) && /\.(js|mjs|css|json|svg|dict)$/.test(rel)) files.push(`/${rel}`);
    }
  };
  walk(siteRoot);
  for (const path of [...pages, ...files]) {
    const r = await fetch(new URL(path, origin), { headers: { 'accept-encoding': 'br' } });
    await r.arrayBuffer();
  }
  return pages.length + files.length;
}

/**
 * Scripts that run while the page loads and settles, with no input; their brotli bytes. Modules a
 * page only fetched for later (the search page's idle <link rel="modulepreload">, while no island
 * has hydrated) did not run: they are reported apart as `prefetched`.
 */
export async function jsBeforeInteraction(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number; mobile: boolean },
): Promise<{ bytes: number; files: string[]; prefetched: number }> {
  const context = await browser.newContext({ viewport, isMobile: viewport.mobile, hasTouch: viewport.mobile });
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    pending.push(
      res
        .body()
        .then((b) => void scripts.set(res.url(), brotliSize(b)))
        .catch(() => {}),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  // Inline scripts count too (bytes of their text).
  const inline = await page.$$eval('script:not([src]):not([type="application/ld+json"])', (els) => els.map((e) => e.textContent ?? ''));
  const notRun = await page.evaluate(() =>
    document.querySelector('astro-island:not([ssr])') ? [] : [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.href),
  );
  await Promise.all(pending);
  await context.close();
  const inlineBytes = inline.filter(Boolean).reduce((n, s) => n + brotliSize(Buffer.from(s)), 0);
  const ran = [...scripts].filter(([u]) => !notRun.includes(u));
  return {
    bytes: ran.reduce((a, [, b]) => a + b, 0) + inlineBytes,
    files: ran.map(([u]) => new URL(u).pathname),
    prefetched: [...scripts].filter(([u]) => notRun.includes(u)).reduce((a, [, b]) => a + b, 0),
  };
}

function pickCars(model: SiteModel, manifestFile: string): VdpVehicle[] {
  const cars = model.vehicles as VdpVehicle[];
  const byEdge = (name: string) => {
    if (!existsSync(manifestFile)) return undefined;
    const id = String((JSON.parse(readFileSync(manifestFile, 'utf8')) as { edge_cases: Record<string, { id: number }> }).edge_cases[name]?.id);
    return cars.find((c) => c.id === id);
  };
  const picked = [
    byEdge('full_media'),
    cars.find((c) => c.status === 'in_stock' && Object.keys(c.extras.finance_lenders).length > 0 && c.photos.length >= 4),
    byEdge('sold_in_window'),
    byEdge('price_zero'),
    cars[0],
  ].filter((c): c is VdpVehicle => c !== undefined);
  return [...new Map(picked.map((c) => [c.id, c])).values()];
}

interface Result {
  path: string;
  html: number;
  js: { phone: number; desktop: number; files: string[] };
  scores?: Record<Category, number> | undefined;
  metrics?: { fcp_ms: number; lcp_ms: number; tbt_ms: number; cls: number } | undefined;
  failing: string[];
}

const USAGE = `
Usage: node scripts/budget-vdp.ts [options]      (npm run budget -- [options])

The vehicle page's budgets on a built tenant (HTML and JS before interaction in brotli bytes,
Lighthouse mobile scores); exits 1 when a page is over a budget.

  --dist <dir>       built sites (default dist/)
  --tenant <slug>    tenant (default demo-southern-motor-group)
  --cars <a,b>       car slugs (default: a sample of kinds of car)
  --runs <n>         Lighthouse runs per page, median reported (default 1)
  --no-lighthouse    bytes only
  --json <file>      write the results as JSON
  -h, --help         show this help
`;

async function main(): Promise<number> {
  const flags = parseCli(USAGE, {
    dist: { type: 'string' },
    tenant: { type: 'string' },
    cars: { type: 'string' },
    runs: { type: 'string' },
    'no-lighthouse': { type: 'boolean' },
    json: { type: 'string' },
  });
  const dist = resolve(flags.dist ?? 'dist');
  const tenant = flags.tenant ?? 'demo-southern-motor-group';
  const runs = intFlag('runs', flags.runs, 1, 1, 20);
  const modelFile = join(dist, '_build', tenant, 'model.json');
  if (!existsSync(modelFile)) {
    console.error(`${modelFile} is missing: build the tenant first (node scripts/build.ts --out ${dist} --only ${tenant}).`);
    return 2;
  }
  const model = JSON.parse(readFileSync(modelFile, 'utf8')) as SiteModel;
  const wanted = flags.cars === undefined ? undefined : listFlag(flags.cars);
  const cars = wanted
    ? wanted.map(
        (slug) =>
          (model.vehicles as VdpVehicle[]).find((c) => c.slug === slug) ??
          (() => {
            throw new Error(`no listed car with slug ${slug}`);
          })(),
      )
    : pickCars(model, join(model.tenant.dir, 'demo-manifest.json'));

  const data = mkdtempSync(join(tmpdir(), 'budget-vdp-'));
  const site = await startNodeServer({ port: 0, dist, tenant, dataDir: data, outbox: { enabled: false }, rateLimitScale: 100, log: () => {} });
  const proxy = await compressingProxy(`http://127.0.0.1:${site.port}`);
  await warmCompressingProxy(
    proxy.origin,
    join(dist, tenant),
    cars.map((c) => c.path),
  );
  const debugPort = 9300 + Math.floor(Math.random() * 500);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debugPort}`] });
  const results: Result[] = [];
  try {
    for (const car of cars) {
      const url = `${proxy.origin}${car.path}`;
      const html = brotliSize(readFileSync(join(dist, tenant, 'cars', car.slug, 'index.html')));
      const phone = await jsBeforeInteraction(browser, url, { width: 390, height: 844, mobile: true });
      const desktop = await jsBeforeInteraction(browser, url, { width: 1280, height: 900, mobile: false });
      const r: Result = {
        path: car.path,
        html,
        js: { phone: phone.bytes, desktop: desktop.bytes, files: [...new Set([...phone.files, ...desktop.files])] },
        failing: [],
      };
      if (html > HTML_BUDGET) r.failing.push(`HTML ${html} B brotli > ${HTML_BUDGET}`);
      if (Math.max(phone.bytes, desktop.bytes) > JS_BUDGET)
        r.failing.push(`JS before interaction ${Math.max(phone.bytes, desktop.bytes)} B brotli > ${JS_BUDGET}`);
      if (!flags['no-lighthouse']) {
        const lhrs = [];
        for (let i = 0; i < runs; i++) {
          const run = await lighthouse(url, { port: debugPort, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
          if (!run || run.lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${run?.lhr.runtimeError?.message ?? 'no result'}`);
          lhrs.push(run.lhr);
        }
        // The median run by performance (one run varies with the machine's load).
        lhrs.sort((a, b) => (a.categories['performance']?.score ?? 0) - (b.categories['performance']?.score ?? 0));
        const lhr = lhrs[Math.floor(lhrs.length / 2)]!;
        r.scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>;
        const metric = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
        r.metrics = {
          fcp_ms: Math.round(metric('first-contentful-paint')),
          lcp_ms: Math.round(metric('largest-contentful-paint')),
          tbt_ms: Math.round(metric('total-blocking-time')),
          cls: Number(metric('cumulative-layout-shift').toFixed(3)),
        };
        for (const c of CATEGORIES) {
          if ((r.scores[c] ?? 0) >= SCORES[c]) continue;
          r.failing.push(`${c} ${r.scores[c]} < ${SCORES[c]}`);
          for (const ref of lhr.categories[c]?.auditRefs ?? []) {
            const a = lhr.audits[ref.id];
            if (!(ref.weight > 0 && a && (a.score ?? 1) < 1)) continue;
            r.failing.push(`  ${c}: ${ref.id} ${a.displayValue ?? a.title}`);
            // Which elements, so the report says what to fix.
            const items = ((a.details as { items?: { node?: { snippet?: string; selector?: string } }[] } | undefined)?.items ?? []).slice(0, 5);
            for (const item of items) if (item.node) r.failing.push(`    ${item.node.selector ?? ''} ${item.node.snippet?.slice(0, 140) ?? ''}`);
          }
        }
      }
      results.push(r);
      const s = r.scores;
      console.log(
        `${car.path}\n  HTML ${(html / 1024).toFixed(1)} KB br   JS before interaction: phone ${(phone.bytes / 1024).toFixed(1)} KB, desktop ${(desktop.bytes / 1024).toFixed(1)} KB br (${r.js.files.length} files)` +
          (s && r.metrics
            ? `\n  Lighthouse mobile: performance ${s.performance}  accessibility ${s.accessibility}  best practices ${s['best-practices']}  SEO ${s.seo}   (FCP ${r.metrics.fcp_ms} ms, LCP ${r.metrics.lcp_ms} ms, TBT ${r.metrics.tbt_ms} ms, CLS ${r.metrics.cls})`
            : ''),
      );
      for (const f of r.failing) console.log(`  OVER BUDGET: ${f}`);
    }
  } finally {
    await browser.close();
    proxy.server.close();
    await site.close();
    rmSync(data, { recursive: true, force: true });
  }
  const json = flags.json;
  if (json) writeFileSync(json, `${JSON.stringify({ budgets: { html: HTML_BUDGET, js: JS_BUDGET, scores: SCORES }, results }, null, 2)}\n`);
  const over = results.filter((r) => r.failing.length > 0);
  console.log(over.length ? `${over.length} of ${results.length} vehicle page(s) over budget.` : `All ${results.length} vehicle page(s) within budget.`);
  return over.length ? 1 : 0;
}

if (isMain(import.meta.url)) await runCli(main);
