/**
 * Load test of the request-time functions on loopback: a real server process (scripts/serve.ts) per
 * store, autocannon against POST /api/leads and POST /api/youx/quote, then a check that every lead
 * answered 201 is stored and delivered (webhook receiver in this process) — "zero lost leads".
 *
 *   node scripts/bench-functions.ts [--duration 20] [--connections 10] [--stores pglite,postgres]
 *
 * PostgreSQL runs when DATABASE_URL or TEST_DATABASE_URL is set (eval "$(scripts/ci/start-postgres.sh)").
 * Rate limits stay on but are raised (--rate-limit-scale 100000): one client IP sends everything.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb } from '../functions/db/index.ts';
import { makeTenant, makeVehicle } from '../functions/test/fixtures.ts';
import { intFlag, listFlag, orUsageExit, parseCli } from './lib/cli.ts';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  duration: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = `
Usage: node scripts/bench-functions.ts [options]      (npm run bench:functions -- [options])

Load-tests the request-time functions on 127.0.0.1 (a real server per store, autocannon against
POST /api/leads and POST /api/youx/quote), then checks every lead answered 201 was stored and delivered.

  --duration <s>      seconds per run (default 20)
  --connections <n>   concurrent connections (default 10)
  --stores <a,b>      pglite, postgres (default both; postgres needs DATABASE_URL or TEST_DATABASE_URL)
  -h, --help          show this help
`;
const flags = parseCli(USAGE, { duration: { type: 'string' }, connections: { type: 'string' }, stores: { type: 'string' } });
const duration = orUsageExit(() => intFlag('duration', flags.duration, 20, 1, 600));
const connections = orUsageExit(() => intFlag('connections', flags.connections, 10, 1, 1000));
const pgUrl = process.env['DATABASE_URL'] || process.env['TEST_DATABASE_URL'] || undefined;
const wanted = flags.stores === undefined ? ['pglite', 'postgres'] : listFlag(flags.stores);
const stores = wanted.filter((s) => s === 'pglite' || (s === 'postgres' && pgUrl));
if (wanted.includes('postgres') && !pgUrl) console.log('PostgreSQL skipped: set DATABASE_URL or TEST_DATABASE_URL.');

// A webhook receiver: the dealer's CRM.
const delivered = new Set<string>();
let deliveries = 0;
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    deliveries++;
    delivered.add((JSON.parse(body) as { lead_id: string }).lead_id);
    res.writeHead(204).end();
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

function startServer(dist: string, slug: string, data: string, databaseUrl: string | undefined): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((ok, fail) => {
    const child = spawn(
      process.execPath,
      ['scripts/serve.ts', '--tenant', slug, '--dist', dist, '--data', data, '--port', '0', '--rate-limit-scale', '100000'],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: databaseUrl ?? '', DEV_ALLOW_LOOPBACK: '1', FUNCTIONS_SECRET: 'bench-secret-bench-secret-bench-secret' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /at http:\/\/localhost:(\d+)/.exec(out);
      if (m) ok({ child, port: Number(m[1]) });
    });
    child.once('exit', (code) => fail(new Error(`server exited ${code}: ${out}`)));
  });
}

const stopped = (child: ChildProcess) => new Promise<void>((r) => (child.exitCode !== null ? r() : child.once('exit', () => r())));

interface Row {
  store: string;
  route: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

const rows: Row[] = [];
const checks: string[] = [];

for (const store of stores) {
  const slug = `bench-${Date.now().toString(36)}`;
  const dist = mkdtempSync(join(tmpdir(), 'bench-dist-'));
  const data = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const tenant = makeTenant(slug, { leads: { email: `leads@${slug}.example.com.au`, webhook_url: hook } });
  const vehicles = Array.from({ length: 200 }, (_, i) =>
    makeVehicle({
      id: `v${i}`,
      slug: `car-${i}`,
      make: i % 2 ? 'Toyota' : 'Mazda',
      model: i % 2 ? 'Corolla' : 'CX-5',
      year: 2018 + (i % 6),
      price: 20000 + i * 100,
    }),
  );
  mkdirSync(join(dist, '_build', slug), { recursive: true });
  writeFileSync(join(dist, '_build', slug, 'model.json'), JSON.stringify({ tenant, vehicles, built_at: new Date().toISOString() }));
  const databaseUrl = store === 'postgres' ? pgUrl : undefined;
  const { child, port } = await startServer(dist, slug, data, databaseUrl);
  const origin = `http://127.0.0.1:${port}`;
  const headers = { origin, 'content-type': 'application/json' };
  const lead = JSON.stringify({
    category: 'Vehicle Enquiry',
    name: 'Load',
    last_name: 'Test',
    email: 'load@example.com',
    phone: '0412 345 678',
    postcode: '2250',
    message: 'Is this car still available?',
    car_id: 'v7',
    url: `${origin}/cars/car-7`,
    event_id: 15,
    lead_attributes: { visited_pages: ['/', '/cars/car-7'], linked_query_params: {} },
  });
  const quote = JSON.stringify({ selfAssessedCreditScore: 'GREAT', purchasePrice: 31990, loanTerm: 5, year: 2021, vin: '', nvic: '', whoIsHelping: '' });

  // Every lead_id answered 201, read from the responses themselves.
  const answered = new Set<string>();
  const collect = (status: number, body: string) => {
    if (status === 201) answered.add((JSON.parse(body) as { lead_id: string }).lead_id);
  };
  for (const [route, body] of [
    ['/api/leads', lead],
    ['/api/youx/quote', quote],
  ] as const) {
    const requests = [{ method: 'POST', path: route, headers, body, ...(route === '/api/leads' ? { onResponse: collect } : {}) }];
    await autocannon({ url: origin, requests, connections: 2, amount: 50 }); // warm-up
    const r = await autocannon({ url: origin, requests, connections, duration });
    rows.push({
      store,
      route,
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      requests: r.requests.total,
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
    });
  }

  // Wait until the outbox has delivered every answered lead to the webhook receiver (or 2 minutes).
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && [...answered].some((id) => !delivered.has(id))) await new Promise((r) => setTimeout(r, 250));
  // Then until deliveries stop (the requests in flight when autocannon stopped were stored too).
  for (let last = -1; last !== deliveries && Date.now() < deadline;) {
    last = deliveries;
    await new Promise((r) => setTimeout(r, 1500));
  }
  child.kill('SIGTERM');
  await stopped(child);

  const db = databaseUrl ? await openDb({ databaseUrl, migrate: false, poolSize: 1 }) : await openDb({ dataDir: data });
  const storedIds = new Set((await db.query<{ id: string }>('SELECT id FROM leads WHERE tenant = $1', [slug])).rows.map((r) => r.id));
  const undelivered =
    (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM outbox WHERE tenant = $1 AND status <> 'delivered'", [slug])).rows[0]?.n ?? -1;
  if (databaseUrl) {
    for (const t of ['local_mail', 'outbox', 'leads']) await db.query(`DELETE FROM ${t} WHERE tenant = $1`, [slug]);
    await db.query('DELETE FROM rate_limits WHERE bucket LIKE $1', [`%${slug}%`]);
  }
  await db.close();
  const lost = [...answered].filter((id) => !storedIds.has(id)).length;
  const notDelivered = [...answered].filter((id) => !delivered.has(id)).length;
  checks.push(
    `${store}: ${answered.size} leads answered 201 (+${storedIds.size - answered.size} stored whose answer autocannon did not wait for), ${storedIds.size} stored, ${delivered.size} delivered to the webhook (${deliveries} calls), ${undelivered} outbox rows undelivered; not delivered: ${notDelivered}; lost leads: ${lost}`,
  );
  delivered.clear();
  deliveries = 0;
  rmSync(dist, { recursive: true, force: true });
  rmSync(data, { recursive: true, force: true });
}
receiver.close();

console.log(
  `\nLoad test: ${duration} s per route, ${connections} connections, loopback, Node ${process.version}, ${(await import('node:os')).cpus().length} CPUs\n`,
);
console.log('| store | route | req/s | p50 ms | p99 ms | requests | non-2xx | errors |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.store} | POST ${r.route} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.requests} | ${r.non2xx} | ${r.errors} |`);
console.log('');
for (const c of checks) console.log(c);
const failed = rows.some((r) => r.non2xx > 0 || r.errors > 0) || checks.some((c) => !c.endsWith('not delivered: 0; lost leads: 0'));
process.exitCode = failed ? 1 : 0;
