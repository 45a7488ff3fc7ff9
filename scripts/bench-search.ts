/**
 * `npm run bench:search [-- --count 5000 --dist .cache/bench-search/dist --rounds 5]`
 * Prints the embedded search's figures on a generated N-vehicle tenant, measured in Chromium:
 *   - index bytes (raw, brotli) and brotli bytes per 1,000 vehicles;
 *   - index load (fetch + parse + first search) in the browser;
 *   - keystroke latency: each prefix of typed queries, with and without refinements, answered by
 *     the same search client the site uses (the full InstantSearch multi-query), median and p95;
 *   - JS bytes (brotli) the search page loads before any interaction and after it (hydration, a search).
 * Generates and builds the tenant first if the dist folder does not have it. Figures only: no asserts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { availableParallelism, loadavg } from 'node:os';
import { brotliCompressSync, constants } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.ts';
import { intFlag, orUsageExit, parseCli } from './lib/cli.ts';
import { LIST_FACETS, RANGE_FACETS } from '../src/lib/search/attributes.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = `
Usage: node scripts/bench-search.ts [options]      (npm run bench:search -- [options])

Prints the embedded search's figures (index bytes, load time, keystroke latency, JS bytes) on a
generated N-vehicle tenant in Chromium; generates and builds it first when --dist lacks it.

  --count <n>     vehicles (default 5000)
  --work <dir>    working folder (default .cache/bench-search)
  --dist <dir>    built sites (default <work>/dist)
  --rounds <n>    rounds of typed queries (default 5)
  -h, --help      show this help
`;
const flags = parseCli(USAGE, { count: { type: 'string' }, work: { type: 'string' }, dist: { type: 'string' }, rounds: { type: 'string' } });
const count = orUsageExit(() => intFlag('count', flags.count, 5000, 10, 100_000));
const slug = `bench-${count}`;
const work = resolve(flags.work ?? join(root, '.cache/bench-search'));
const dist = resolve(flags.dist ?? join(work, 'dist'));
const rounds = orUsageExit(() => intFlag('rounds', flags.rounds, 5, 1, 100));

const br = (b: Buffer | string) => brotliCompressSync(typeof b === 'string' ? Buffer.from(b) : b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function run(cmd: string, args: string[]): void {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, BUILD_NOW: process.env['BUILD_NOW'] ?? '2026-11-22' } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
}

const site = join(dist, slug);
if (!existsSync(join(site, 'search-index'))) {
  const tenants = join(work, 'tenants');
  if (!existsSync(join(tenants, slug, 'tenant.json')))
    run(process.execPath, ['scripts/demo/generate-bench.ts', '--out', join(tenants, slug), '--count', String(count), '--now', '2026-11-22']);
  run(process.execPath, ['scripts/build.ts', '--tenants', tenants, '--out', dist, '--only', slug]);
}

const indexFile = readdirSync(join(site, 'search-index')).find((f) => f.endsWith('.json'));
if (!indexFile) throw new Error(`no search index in ${site}/search-index`);
const indexJson = readFileSync(join(site, 'search-index', indexFile));
const listed = (JSON.parse(indexJson.toString()) as { n: number }).n;
const indexBr = br(indexJson);

// The browser harness: the site's own client code, bundled (esbuild comes with Astro's toolchain).
const { build } = await import('esbuild');
const harness = await build({
  stdin: {
    contents: `
      import { unpackIndex } from './src/lib/search/engine/codec.ts';
      import { SearchEngine } from './src/lib/search/engine/engine.ts';
      import { embeddedClient, normalisingClient } from './src/lib/search/client.ts';
      window.benchSearch = async (url, keystrokes) => {
        const t0 = performance.now();
        const packed = await (await fetch(url)).json();
        const engine = new SearchEngine(unpackIndex(packed));
        const client = normalisingClient(embeddedClient(async () => engine));
        const t1 = performance.now();
        await client.search([{ indexName: 'Car_production', params: { query: 'a', facets: ['make'], hitsPerPage: 21 } }]);
        const load = { fetchAndParse: t1 - t0, firstTextSearch: performance.now() - t1 };
        const times = [];
        for (const requests of keystrokes) {
          const s = performance.now();
          await client.search(requests);
          times.push(performance.now() - s);
        }
        return { load, times };
      };`,
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  format: 'iife',
  write: false,
  minify: true,
  target: 'es2022',
});
const harnessJs = harness.outputFiles[0]?.text ?? '';

// The facets the search page asks for on every keystroke.
const FACETS = [...LIST_FACETS, ...RANGE_FACETS];
const TYPED = [
  'toyota hilux sr5',
  'ranger wildtrak',
  'kia sportage',
  'white suv diesel',
  'hyundai i30 n line',
  'corola hybrid',
  'landcruiser 300',
  '2024 mazda cx-5',
  'isuzu d-max',
  'yamaha mt',
];
const REFINED: Record<string, string[]>[] = [{}, { car_type: ['used'] }, { make: ['Toyota', 'Ford'], body: ['ute'] }];

/** The multi-query InstantSearch sends for one keystroke: the main query and one per refined facet. */
function keystrokeRequests(query: string, refined: Record<string, string[]>) {
  const groups = (except?: string) =>
    Object.entries(refined)
      .filter(([a]) => a !== except)
      .map(([a, vs]) => vs.map((v) => `${a}:${v}`));
  const numericFilters = refined['car_type'] ? ['price>=10000', 'price<=60000'] : [];
  return [
    {
      indexName: 'Car_production',
      params: { query, facets: FACETS, facetFilters: groups(), numericFilters, hitsPerPage: 24, page: 0, maxValuesPerFacet: 1000 },
    },
    ...Object.keys(refined).map((a) => ({
      indexName: 'Car_production',
      params: { query, facets: [a], facetFilters: groups(a), numericFilters, hitsPerPage: 0, page: 0 },
    })),
  ];
}
const keystrokes = REFINED.flatMap((refined) => TYPED.flatMap((q) => [...q].map((_, i) => keystrokeRequests(q.slice(0, i + 1), refined))));

function serve(dir: string, extra: Record<string, string>): Promise<Server & { url: string }> {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.json': 'application/json',
    '.css': 'text/css',
    '.svg': 'image/svg+xml',
    '.webp': 'image/webp',
  };
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (extra[path] !== undefined) {
      res.writeHead(200, { 'content-type': path.endsWith('.js') ? 'text/javascript' : 'text/html' }).end(extra[path]);
      return;
    }
    let file = join(dir, path);
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => ok(Object.assign(server, { url: `http://127.0.0.1:${(server.address() as { port: number }).port}` }))),
  );
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
};

const server = await serve(site, { '/__bench.html': '<!doctype html><title>bench</title><script src="/__bench.js"></script>', '/__bench.js': harnessJs });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const all: number[] = [];
  const perKeystroke: number[][] = keystrokes.map(() => []);
  let load = { fetchAndParse: 0, firstTextSearch: 0 };
  for (let r = 0; r < rounds; r++) {
    const page = await browser.newPage();
    await page.goto(`${server.url}/__bench.html`);
    const out = (await page.evaluate(([url, ks]) => (window as unknown as { benchSearch: (u: string, k: unknown) => Promise<unknown> }).benchSearch(url, ks), [
      `/search-index/${indexFile}`,
      keystrokes,
    ] as const)) as { load: typeof load; times: number[] };
    if (r === 0) load = out.load;
    else {
      // Round 0 warms the JIT.
      all.push(...out.times);
      out.times.forEach((t, k) => perKeystroke[k]?.push(t));
    }
    await page.close();
  }

  const jsBytes = await pageJs(browser.newPage.bind(browser), server.url);
  console.log(`\nEmbedded search on ${listed} listed vehicles (${slug}), Chromium ${browser.version()}`);
  console.log(`  index: ${kb(indexJson.length)} raw, ${kb(indexBr)} brotli = ${kb((indexBr / listed) * 1000)} brotli per 1,000 vehicles (budget 40 KB)`);
  console.log(
    `  index load in the browser: fetch + parse ${load.fetchAndParse.toFixed(1)} ms, first text search (builds the word index) ${load.firstTextSearch.toFixed(1)} ms`,
  );
  const medians = perKeystroke.map((ts) => pct(ts, 50));
  console.log(`  keystroke (full InstantSearch multi-query; ${keystrokes.length} keystrokes x ${rounds - 1} rounds):`);
  console.log(
    `    every sample: median ${pct(all, 50).toFixed(2)} ms, p95 ${pct(all, 95).toFixed(2)} ms, max ${Math.max(...all).toFixed(2)} ms (budget 10 ms)`,
  );
  console.log(
    `    per keystroke (its median over the rounds): median ${pct(medians, 50).toFixed(2)} ms, p95 ${pct(medians, 95).toFixed(2)} ms, max ${Math.max(...medians).toFixed(2)} ms`,
  );
  console.log(
    `    machine load average while measuring: ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores`,
  );
  console.log(
    `  search page JS (brotli): before interaction ${kb(jsBytes.before)} (${jsBytes.beforeFiles} files + ${kb(jsBytes.inline)} inline), after interaction ${kb(jsBytes.after)} (${jsBytes.afterFiles} files)`,
  );
  for (const [file, size] of jsBytes.files) console.log(`    ${file}  ${kb(size)}`);
} finally {
  await browser.close();
  server.close();
}

/** JS the search page loads: before any interaction, then after hovering and typing a search. */
async function pageJs(newPage: () => Promise<Page>, base: string) {
  const page = await newPage();
  const seen = new Map<string, number>();
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.endsWith('.js') && !url.pathname.startsWith('/__')) {
      const file = join(site, url.pathname);
      if (existsSync(file)) seen.set(url.pathname, br(readFileSync(file)));
    }
  });
  await page.goto(`${base}/search/new-used-and-demo-cars`, { waitUntil: 'networkidle' });
  const html = readFileSync(join(site, 'search/new-used-and-demo-cars/index.html'), 'utf8');
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '').join('\n');
  const beforeFiles = seen.size;
  const before = [...seen.values()].reduce((a, b) => a + b, 0) + br(inline);
  await page.hover('.search-field input');
  await page.fill('.search-field input', 'hilux');
  await page.waitForResponse((r) => r.url().includes('/search-index/')).catch(() => undefined);
  await page.waitForLoadState('networkidle');
  const after = [...seen.values()].reduce((a, b) => a + b, 0) + br(inline);
  await page.close();
  return { before, after, inline: br(inline), beforeFiles, afterFiles: seen.size, files: [...seen] };
}
