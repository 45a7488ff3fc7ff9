/**
 * Lighthouse (mobile preset: simulated slow 4G and 4x CPU) against built pages; prints performance,
 * accessibility, best practices and SEO per page and exits 1 when any page is below the budget.
 *
 *   npm run lighthouse -- --url http://127.0.0.1:4321/
 *   npm run lighthouse -- --dist dist --tenant demo-coastal-toyota --paths /,/locations/west-gosford
 *   options: --budget performance=95,accessibility=100,best-practices=100,seo=100  --runs 3  --json out.json
 *
 * With --runs N each page is audited N times and the run with the median performance score is
 * reported (Lighthouse's own advice: a single run varies with the machine's load).
 *
 * With --dist the script serves <dist>/<tenant>/ itself on 127.0.0.1 (with gzip/brotli, as a real
 * host would), so no other server is needed. Chromium: CHROMIUM_PATH or /usr/lib/chromium/chromium.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { intFlag, isMain, parseCli, runCli } from './lib/cli.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.ts';
import { locateStatic } from '../functions/static.ts';
import { contentType } from '../src/lib/site/content-types.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const DEFAULT_BUDGET: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

/**
 * The file a request path (query allowed) maps to in a directory-format Astro build, or undefined: the
 * local site server's own rule (functions/static.ts), so Lighthouse and the route tests see the pages
 * `npm run serve` serves and nothing it refuses.
 */
export function resolveStatic(root: string, urlPath: string): string | undefined {
  return locateStatic(root, urlPath.split('?')[0] ?? '/');
}

/** A static server for one built site, compressing text like a production host (once per file, as a CDN would). */
export function serveStatic(root: string): Promise<{ server: Server; origin: string }> {
  const compressed = new Map<string, Buffer>();
  const once = (key: string, make: () => Buffer) => compressed.get(key) ?? compressed.set(key, make()).get(key)!;
  const server = createServer((req, res) => {
    const file = resolveStatic(root, req.url ?? '/');
    const status = file ? 200 : 404;
    const path = file ?? join(root, '404.html');
    const body = existsSync(path) ? readFileSync(path) : Buffer.from('Not found');
    const type = contentType(path);
    const headers: Record<string, string> = {
      'Content-Type': type,
      'Cache-Control': /\/(_astro|img)\//.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    const accept = String(req.headers['accept-encoding'] ?? '');
    let out: Buffer = body;
    if (/^(text|application\/(json|xml)|image\/svg)/.test(type)) {
      if (accept.includes('br')) {
        out = once(`br:${path}`, () => brotliCompressSync(body));
        headers['Content-Encoding'] = 'br';
      } else if (accept.includes('gzip')) {
        out = once(`gz:${path}`, () => gzipSync(body));
        headers['Content-Encoding'] = 'gzip';
      }
      headers['Vary'] = 'Accept-Encoding';
    }
    res.writeHead(status, headers);
    res.end(out);
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      ok({ server, origin: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}` });
    }),
  );
}

function parseBudget(text: string | undefined): Record<Category, number> {
  const budget = { ...DEFAULT_BUDGET };
  for (const part of (text ?? '').split(',').filter(Boolean)) {
    const [k, v] = part.split('=');
    if (!CATEGORIES.includes(k as Category) || !Number.isFinite(Number(v)))
      throw new Error(`--budget: expected category=number with a category of ${CATEGORIES.join(', ')}, got "${part}"`);
    budget[k as Category] = Number(v);
  }
  return budget;
}

/** A Chromium for Lighthouse, launched as this script launches it (its own browser, nothing else in it). */
export function launchChromeForLighthouse(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
}

/** One Lighthouse run (mobile preset) of a page in the Chromium listening on `port`: its four scores, 0-100. */
/**
 * Lighthouse's scores for one URL. `blankPage` is the neutral page Lighthouse opens before it
 * navigates (about:blank by default). A site that sends Cross-Origin-Opener-Policy: same-origin is
 * loaded from about:blank into a new browsing context group, a fresh renderer whose start-up lands
 * in the page's total blocking time (the demos' search page: 79-91 from about:blank, 96-99 from one
 * of the site's own files, on the same machine and build). Measuring from a neutral page of the same
 * origin with the same headers (the budget proxy's BLANK_PAGE_PATH) measures the page as a shopper
 * moving within the site loads it.
 */
export async function lighthouseScores(url: string, port: number, opts: { blankPage?: string } = {}): Promise<Record<Category, number>> {
  const run = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    ...(opts.blankPage ? { blankPage: opts.blankPage } : {}),
  });
  if (!run || run.lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${run?.lhr.runtimeError?.message ?? 'no result'}`);
  return Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((run.lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>;
}

interface PageResult {
  url: string;
  scores: Record<Category, number>;
  metrics: { lcp_ms: number; tbt_ms: number; cls: number; fcp_ms: number };
  failing: string[];
}

const USAGE = `
Usage: node scripts/lighthouse.ts --url <url>[,<url>]  |  --dist <dir> --tenant <slug> [--paths /,/locations/x]
                                  [--budget performance=95,accessibility=100,best-practices=100,seo=100] [--runs 3] [--json out.json]

Lighthouse (mobile preset) against built pages; exits 1 when a page is below the budget.
  -h, --help   show this help
`;

async function main(): Promise<number> {
  const flags = parseCli(USAGE, {
    url: { type: 'string' },
    dist: { type: 'string' },
    tenant: { type: 'string' },
    paths: { type: 'string' },
    budget: { type: 'string' },
    runs: { type: 'string' },
    json: { type: 'string' },
  });
  const budget = parseBudget(flags.budget);
  const runs = intFlag('runs', flags.runs, 1, 1, 20);
  const urls: string[] = [];
  let server: Server | undefined;
  const single = flags.url;
  if (single) urls.push(...single.split(','));
  else {
    const dist = flags.dist;
    const tenant = flags.tenant;
    if (!dist || !tenant) {
      console.error(USAGE.trim());
      return 2;
    }
    const root = resolve(dist, tenant);
    if (!existsSync(join(root, 'index.html'))) {
      console.error(`${root} has no index.html: build the tenant first (node scripts/build.ts --out ${dist} --only ${tenant}).`);
      return 2;
    }
    const started = await serveStatic(root);
    server = started.server;
    const paths = (flags.paths ?? '/')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    urls.push(...paths.map((p) => new URL(p, started.origin).href));
  }

  const chrome = await launchChromeForLighthouse();
  const results: PageResult[] = [];
  try {
    for (const url of urls) {
      const lhrs = [];
      for (let i = 0; i < runs; i++) {
        const run = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
        if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
        if (run.lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${run.lhr.runtimeError.message}`);
        lhrs.push(run.lhr);
      }
      lhrs.sort((a, b) => (a.categories['performance']?.score ?? 0) - (b.categories['performance']?.score ?? 0));
      const lhr = lhrs[Math.floor(lhrs.length / 2)]!;
      const perfRuns = lhrs.map((l) => Math.round((l.categories['performance']?.score ?? 0) * 100));
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>;
      const metric = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
      const failing = CATEGORIES.filter((c) => scores[c] < budget[c]).flatMap((c) =>
        (lhr.categories[c]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${c}: ${ref.id} (${lhr.audits[ref.id]?.displayValue ?? lhr.audits[ref.id]?.title ?? ''})`),
      );
      results.push({
        url,
        scores,
        metrics: {
          fcp_ms: Math.round(metric('first-contentful-paint')),
          lcp_ms: Math.round(metric('largest-contentful-paint')),
          tbt_ms: Math.round(metric('total-blocking-time')),
          cls: Number(metric('cumulative-layout-shift').toFixed(3)),
        },
        failing,
      });
      const r = results.at(-1)!;
      console.log(
        `${new URL(url).pathname.padEnd(40)} perf ${r.scores.performance}${runs > 1 ? ` (runs ${perfRuns.join('/')})` : ''}  a11y ${r.scores.accessibility}  bp ${r.scores['best-practices']}  seo ${r.scores.seo}` +
          `   (FCP ${r.metrics.fcp_ms} ms, LCP ${r.metrics.lcp_ms} ms, TBT ${r.metrics.tbt_ms} ms, CLS ${r.metrics.cls})`,
      );
      for (const f of r.failing) console.log(`    below budget: ${f}`);
    }
  } finally {
    chrome.kill();
    server?.close();
  }
  const json = flags.json;
  if (json) writeFileSync(json, `${JSON.stringify({ budget, results }, null, 2)}\n`);
  const below = results.filter((r) => CATEGORIES.some((c) => r.scores[c] < budget[c]));
  console.log(
    below.length
      ? `${below.length} of ${results.length} page(s) below budget (${CATEGORIES.map((c) => `${c} ${budget[c]}`).join(', ')})`
      : `All ${results.length} page(s) within budget.`,
  );
  return below.length ? 1 : 0;
}

if (isMain(import.meta.url)) await runCli(main);
