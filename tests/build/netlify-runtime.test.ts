/**
 * Netlify, as shipped (issue 29): the functions bundled by Netlify's own bundler
 * (@netlify/zip-it-and-ship-it, with netlify.toml's [functions] table) and run in Netlify's own local
 * runtime (@netlify/functions-dev, through scripts/netlify-functions-serve.ts: Netlify's bootstrap
 * ___netlify-entry-point.mjs under lambda-local, as Lambda runs it), over one built demo tenant whose
 * model is copied to .deploy-model/<slug>/model.json as docs/functions.md's deploy loop does.
 *
 * The runtime's process works in an empty temporary folder and the functions read the model and the
 * migrations from the bundle's own folder, and the bundle lies outside this repository, so a file
 * (or sharp) missing from the bundle fails here rather than being found in the working tree.
 *
 * Through HTTP: a lead, sign-in by SMS code, the watchlist, a finance quote, the price gauge, the
 * car PDF (its photo converted by sharp from inside the bundle), and the scheduled outbox function,
 * which delivers the lead's e-mail that the first, immediate attempt failed to send. E-mail (Postmark)
 * and SMS go to a stand-in on 127.0.0.1, which also serves the tenant's built site (the PDF's photo
 * is fetched from the tenant's own address, here the stand-in's). PostgreSQL: a throwaway schema of
 * TEST_DATABASE_URL. Without TEST_DATABASE_URL, the built demo or the Netlify packages it prints a
 * `missing:` line and skips; with CI=true each of those fails instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../functions/db/postgres.ts';
import type { Db } from '../../functions/db/index.ts';
import { sha256 } from '../../functions/lib/crypto.ts';
import { testDatabaseUrl } from '../../functions/test/db.ts';

const root = resolve(import.meta.dirname, '../..');
/** The demo with the watchlist, the finance quote and the price gauge turned on. */
const SLUG = 'demo-southern-motor-group';
const builtModel = join(root, 'dist/_build', SLUG, 'model.json');
const builtSite = join(root, 'dist', SLUG);
const SECRET = 'netlify-runtime-test-secret-0123456789abcdef';
const CI = process.env['CI'] === 'true';

const missing: string[] = [];
let url: string | undefined;
try {
  url = testDatabaseUrl();
} catch (err) {
  missing.push((err as Error).message);
}
if (!url && !CI) missing.push('PostgreSQL (TEST_DATABASE_URL)');
if (!existsSync(builtModel)) missing.push(`the built demo ${SLUG} (dist/_build/${SLUG}/model.json: npm run build)`);
for (const pkg of ['@netlify/functions-dev', '@netlify/zip-it-and-ship-it']) {
  if (!existsSync(join(root, 'node_modules', pkg, 'package.json'))) missing.push(`${pkg} (npm install)`);
}
if (missing.length && !CI)
  console.log(`missing: ${missing.join('; ')}: tests/build/netlify-runtime.test.ts runs the Netlify functions in Netlify's local runtime; skipped`);

it('has PostgreSQL, the built demo and the Netlify packages when CI=true', () => {
  if (CI) expect(missing, `missing: ${missing.join('; ')}`).toEqual([]);
});

const version = (pkg: string) => (JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;

describe.skipIf(missing.length > 0)('Netlify functions in Netlify’s local runtime', () => {
  const schema = `t_netlify_${sha256(`${process.pid}-${Math.random()}`).slice(0, 10)}`;
  const deployModel = join(root, '.deploy-model');
  let work = '';
  let setAside = '';
  /** Set once a .deploy-model found here was moved aside (put back afterwards) and ours written. */
  let ownsDeployModel = false;
  let db: Db;
  let stub: Server;
  let site: string;
  let runtime: ChildProcess | undefined;
  let base: string;
  let log = '';
  /** What the stand-in received. */
  const received = { email: [] as { to: string; outboxId: string }[], sms: [] as string[], photos: [] as string[] };
  let failEmails = 1;

  /** The api function's bundle (the tenant site's folder) and the outbox function's (the ops site's). */
  let apiBundle = '';
  let outboxBundle = '';

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'netlify-runtime-'));
    const build = join(work, 'build');
    setAside = join(work, 'deploy-model-before');
    apiBundle = join(build, '0', 'api');
    outboxBundle = join(build, '1', 'outbox');
    const admin = await openPostgres({ connectionString: url as string, max: 1 });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    await admin.close();
    db = await openPostgres({ connectionString: url as string, schema, max: 2 });

    stub = createServer((req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
        if (req.method === 'POST' && path === '/email') {
          if (failEmails > 0) {
            failEmails--;
            res.writeHead(503, { 'content-type': 'application/json' }).end('{"ErrorCode":100,"Message":"try later"}');
            return;
          }
          const m = JSON.parse(body) as { To: string; Headers: { Name: string; Value: string }[] };
          received.email.push({ to: m.To, outboxId: m.Headers.find((h) => h.Name === 'X-Outbox-Id')?.Value ?? '?' });
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"ErrorCode":0,"Message":"OK"}');
        } else if (req.method === 'POST' && path === '/sms') {
          received.sms.push((JSON.parse(body) as { body: string }).body);
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        } else {
          // The tenant's built site (its photos), read-only.
          const file = resolve(builtSite, `.${path}`);
          if (!file.startsWith(builtSite + sep) || !existsSync(file) || !statSync(file).isFile()) {
            res.writeHead(404).end();
            return;
          }
          received.photos.push(path);
          res.writeHead(200, { 'content-type': path.endsWith('.webp') ? 'image/webp' : 'application/octet-stream' }).end(readFileSync(file));
        }
      });
    });
    await new Promise<void>((r) => stub.listen(0, '127.0.0.1', () => r()));
    site = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;

    // The deploy loop's step: this tenant's model, alone, in .deploy-model/<slug>/. Its address is the
    // stand-in's, which serves the built site, so the PDF's photo comes from "the tenant's site".
    if (existsSync(deployModel)) renameSync(deployModel, setAside);
    ownsDeployModel = true;
    const model = JSON.parse(readFileSync(builtModel, 'utf8')) as { tenant: { url: string; alternate_urls?: string[] } };
    model.tenant.url = site;
    mkdirSync(join(deployModel, SLUG), { recursive: true });
    writeFileSync(join(deployModel, SLUG, 'model.json'), JSON.stringify(model));

    const cwd = join(work, 'cwd');
    mkdirSync(cwd);
    runtime = spawn(
      process.execPath,
      [
        join(root, 'scripts/netlify-functions-serve.ts'),
        '--build',
        build,
        '--functions',
        'functions/adapters/netlify',
        '--functions',
        'functions/adapters/netlify-outbox',
      ],
      {
        cwd,
        env: {
          PATH: process.env['PATH'] ?? '',
          HOME: process.env['HOME'] ?? '',
          DATABASE_URL: `${url as string}${(url as string).includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
          FUNCTIONS_SECRET: SECRET,
          // On Netlify these are relative to the function's folder (/var/task); here the bundle's folder.
          FUNCTIONS_MODELS_DIR: join(apiBundle, '.deploy-model'),
          FUNCTIONS_MIGRATIONS_DIR: join(apiBundle, 'functions/migrations'),
          POSTMARK_SERVER_TOKEN: 'test-token',
          POSTMARK_API_URL: `${site}/email`,
          LEADS_FROM_EMAIL: 'leads@dealer-sites.example',
          SMS_API_URL: `${site}/sms`,
          SMS_API_KEY: 'test-sms-key',
          DEV_ALLOW_LOOPBACK: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    runtime.stderr?.on('data', (c: Buffer) => (log += c.toString()));
    base = await new Promise<string>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`the runtime did not start:\n${log}`)), 30_000);
      runtime?.stdout?.on('data', (c: Buffer) => {
        log += c.toString();
        const port = /"event":"listening","port":(\d+)/.exec(log)?.[1];
        if (port) {
          clearTimeout(timer);
          ok(`http://127.0.0.1:${port}`);
        }
      });
      runtime?.once('exit', (code) => fail(new Error(`the runtime exited (${code}):\n${log}`)));
    });
  }, 60_000);

  afterAll(async () => {
    runtime?.kill('SIGTERM');
    stub?.closeAllConnections();
    await new Promise<void>((r) => (stub ? stub.close(() => r()) : r()));
    await db?.close();
    if (url) {
      const admin = await openPostgres({ connectionString: url, max: 1 });
      await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.close();
    }
    if (ownsDeployModel) {
      rmSync(deployModel, { recursive: true, force: true });
      if (existsSync(setAside)) renameSync(setAside, deployModel);
    }
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const model = () =>
    JSON.parse(readFileSync(builtModel, 'utf8')) as {
      vehicles: { id: string; slug: string; price: number | null; listed: boolean; price_gauge: unknown; photos: unknown[] }[];
    };
  const call = (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    fetch(`${base}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { origin: site, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(45_000),
    });

  it('bundles with netlify.toml and answers a shopper’s journey, then the scheduled outbox delivers', { timeout: 120_000 }, async () => {
    const cars = model().vehicles.filter((c) => c.listed && c.price && c.price_gauge && c.photos.length);
    const car = cars[0];
    if (!car) throw new Error(`${SLUG} has no listed car with a price gauge and a photo`);

    // Cold start: the first request after the runtime starts (it bundles the function first), then a
    // request on the built bundle (functions-dev runs every request in a new worker: a cold start of
    // the bundle each time: import, database pool, migrations check, the tenant's model).
    let t = performance.now();
    const gauge = await call(`/cars/${car.slug}/autogauge`);
    const first = performance.now() - t;
    expect(gauge.status, log).toBe(200);
    expect(await gauge.json()).toEqual(car.price_gauge);
    t = performance.now();
    const again = await call(`/cars/${car.slug}/autogauge`);
    const warmBundle = performance.now() - t;
    expect(again.status).toBe(200);
    console.log(
      `netlify-runtime: @netlify/functions-dev ${version('@netlify/functions-dev')}, @netlify/zip-it-and-ship-it ${version('@netlify/zip-it-and-ship-it')}: ` +
        `first request ${Math.round(first)} ms (bundling, then a cold start), cold start of the built bundle ${Math.round(warmBundle)} ms`,
    );

    // What the bundle carries: this tenant's model only, every migration, sharp with its native binary.
    const migrations = readdirSync(join(root, 'functions/migrations'))
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const expectBundle = (bundle: string) => {
      expect(existsSync(join(bundle, '___netlify-entry-point.mjs')), bundle).toBe(true);
      expect(readdirSync(join(bundle, '.deploy-model'))).toEqual([SLUG]);
      expect(readdirSync(join(bundle, 'functions/migrations')).sort()).toEqual(migrations);
      expect(existsSync(join(bundle, 'node_modules/sharp/package.json'))).toBe(true);
      expect(readdirSync(join(bundle, 'node_modules/@img'))).toContain(`sharp-${process.platform}-${process.arch}`);
    };
    expectBundle(apiBundle);

    // A lead: stored at once; its e-mail's immediate attempt (context.waitUntil) meets a failing provider.
    const lead = await call('/api/leads', {
      body: { category: 'Vehicle Enquiry', name: 'Netlify Shopper', email: 'shopper@example.com', car_id: car.id, terms_conditions: true },
      headers: { 'idempotency-key': `netlify-${schema}` },
    });
    const leadBody = (await lead.json()) as { lead_id: string };
    expect(lead.status, JSON.stringify(leadBody)).toBe(201);
    const { lead_id } = leadBody;
    expect(lead_id).toBeTruthy();

    // Sign-in by SMS code, then the watchlist.
    const phone = '0412 345 678';
    const code = await call('/api/auth/code', { body: { phone } });
    expect(code.status, log).toBe(200);
    const sms = received.sms.at(-1) ?? '';
    const digits = /\b(\d{6})\b/.exec(sms)?.[1];
    expect(digits, sms).toBeDefined();
    const verify = await call('/api/auth/verify', { body: { phone, code: digits } });
    expect(verify.status, log).toBe(200);
    const cookie = (verify.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^sid=/);
    const save = await call('/api/watchlist/save-car', { body: { car_id: car.id }, headers: { cookie } });
    expect(save.status, log).toBe(200);
    const list = await call('/api/watchlist', { headers: { cookie } });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { watchlist: { id: string; slug: string }[] }).watchlist.map((w) => [w.id, w.slug])).toEqual([[car.id, car.slug]]);

    // The postcode table bundled into the function (functions/data).
    const geo = await call('/api/geocode?postcode=2000');
    expect(geo.status, log).toBe(200);
    expect(await geo.json()).toMatchObject({ postcode: '2000', state: 'NSW' });

    // A finance quote.
    const quote = await call('/api/youx/quote', { body: { purchasePrice: car.price, loanTerm: 5 } });
    expect(quote.status, log).toBe(200);
    expect(await quote.json()).toMatchObject({ weeklyRepaymentAmount: expect.any(Number), advertisedRate: expect.any(Number) });

    // The car PDF, with its photo fetched from the tenant's site and converted by sharp in the bundle.
    const pdf = await call(`/api/cars/${car.slug}/pdf`);
    expect(pdf.status, log).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      received.photos.some((p) => p.startsWith('/img/')),
      'the photo was fetched',
    ).toBe(true);
    expect(log).not.toMatch(/\[car-pdf\].*left out/);
    expect(bytes.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);

    // The scheduled function (POST, as Netlify's clock calls it) delivers the e-mail the first attempt could not.
    const before = await db.query<{ status: string; attempts: number }>("SELECT status, attempts FROM outbox WHERE lead_id = $1 AND channel = 'email'", [
      lead_id,
    ]);
    expect(before.rows, log).toEqual([{ status: 'pending', attempts: 1 }]);
    await db.query("UPDATE outbox SET next_attempt_at = now() - interval '1 minute' WHERE lead_id = $1", [lead_id]);
    const drain = await fetch(`${base}/.netlify/functions/outbox`, { method: 'POST', signal: AbortSignal.timeout(45_000) });
    expect(drain.status, log).toBe(200);
    expect(((await drain.json()) as { delivered: number }).delivered).toBeGreaterThanOrEqual(1);
    const { rows } = await db.query<{ id: string; status: string }>("SELECT id, status FROM outbox WHERE lead_id = $1 AND channel = 'email'", [lead_id]);
    expect(rows.map((r) => r.status)).toEqual(['delivered']);
    expect(received.email.map((e) => e.outboxId)).toContain(rows[0]?.id);
    expectBundle(outboxBundle);
  });
});
