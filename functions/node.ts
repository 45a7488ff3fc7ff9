/**
 * The Node entry: the functions (and, with a tenant, its built site) on one origin, with the outbox
 * worker. Used by `npm run serve`, `npm run functions:start` (functions/start.ts, production), the
 * crash test and the load test. Also answers `GET /healthz`, and close() shuts down gracefully
 * (docs/functions.md, "Any Node host").
 */
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { dealerError } from '../src/lib/errors/errors-data.ts';
import { loadTenant } from '../src/io/tenant-folder.ts';
import { adaptersFromEnv } from './adapters/index.ts';
import { outboundPolicyFromEnv } from './lib/outbound.ts';
import { createApp, isFunctionPath } from './app.ts';
import { ipv6PrefixFromEnv, NODE_POOL_SIZE, outboxOptionsFromEnv, poolSizeFromEnv, trustProxyFromEnv } from './options.ts';
import { openDb, type Db } from './db/index.ts';
import { TenantNotBuilt } from './errors.ts';
import { systemClock } from './lib/clock.ts';
import { newId, newToken } from './lib/crypto.ts';
import { OutboxWorker } from './lib/outbox.ts';
import { distFileReader } from './lib/site-file.ts';
import { loadModels, Registry, registryWarnings, type ModelInput } from './registry.ts';
import { staticSite } from './static.ts';

export interface NodeServerOptions {
  port: number;
  /** Default 127.0.0.1 (loopback only). */
  hostname?: string | undefined;
  /** Build output: <dist>/<slug>/ (site) and <dist>/_build/<slug>/model.json. */
  dist: string;
  /** Serve this tenant's site and map this server's own origin to it. Without it: functions only, every built tenant, by their configured URLs. */
  tenant?: string | undefined;
  /** The tenants' models, read elsewhere (the bucket: functions/lib/bucket-models.ts); instead of <dist>/_build. */
  models?: ModelInput[] | undefined;
  /** Tenant folders, to serve a tenant's functions when it has no model file yet. */
  tenantsDir?: string | undefined;
  /** PGlite data folder (default .data/<tenant> or .data); ignored with databaseUrl. */
  dataDir?: string | undefined;
  databaseUrl?: string | undefined;
  /** FUNCTIONS_SECRET; default: a random secret kept in the data folder. */
  secret?: string | undefined;
  outbox?: { enabled?: boolean | undefined; intervalMs?: number | undefined } | undefined;
  rateLimitScale?: number | undefined;
  env?: Record<string, string | undefined> | undefined;
  /** Where lines go (default console.log: stdout). */
  log?: ((line: string) => void) | undefined;
  /**
   * 'text' (default): the start-up banner and warnings as text, no request log. 'json' (production):
   * every line is one JSON object: one per request (method, path without its query, status, ms, id)
   * and one per lifecycle event (listening, warning, shutdown_*).
   */
  logFormat?: 'text' | 'json' | undefined;
  shutdown?:
    | {
        /**
         * After close() is called, keep accepting (answering /healthz 503 and every other request with
         * `Connection: close`) this long, so a load balancer sees the 503 and stops sending here. Default 0.
         */
        delayMs?: number | undefined;
        /** close() gives up after this long (from the call), cuts what is left and reports it. Default 25 s. */
        deadlineMs?: number | undefined;
      }
    | undefined;
}

/** What close() did: clean, or what the deadline cut. */
export interface ShutdownReport {
  clean: boolean;
  ms: number;
  cut: string[];
}

export interface RunningServer {
  url: string;
  port: number;
  db: Db;
  registry: Registry;
  /**
   * Graceful: /healthz says 503, (after shutdown.delayMs) stop accepting connections, finish the
   * requests in flight, let the outbox finish the message it is sending (the rest of its batch goes
   * back to the queue), close the database. At shutdown.deadlineMs it stops waiting, closes every
   * connection and reports what was cut.
   */
  close(): Promise<ShutdownReport>;
}

export const HEALTH_PATH = '/healthz';
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** A local secret that survives restarts (sessions and codes stay valid). */
function localSecret(dir: string): string {
  const file = join(dir, 'functions-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = newToken();
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export function defaultDataDir(tenant: string | undefined): string {
  return tenant ? join('.data', tenant) : '.data';
}

export async function startNodeServer(opts: NodeServerOptions): Promise<RunningServer> {
  const env = opts.env ?? process.env;
  const write = opts.log ?? ((line: string) => console.log(line));
  const json = opts.logFormat === 'json';
  /** A lifecycle event: a JSON line, or in text mode its message (if any). */
  const event = (name: string, fields: Record<string, unknown> = {}, text?: string) => {
    if (json) write(JSON.stringify({ time: new Date().toISOString(), event: name, ...fields }));
    else if (text !== undefined) write(text);
  };
  const log = (line: string) => event('note', { message: line }, line);
  const dist = resolve(opts.dist);
  const hostname = opts.hostname ?? '127.0.0.1';

  let models: ModelInput[];
  if (opts.models) models = opts.models;
  else if (opts.tenant) {
    const { models: found, problems } = loadModels(join(dist, '_build'), [opts.tenant]);
    if (found.length) models = found;
    else {
      const tenantDir = opts.tenantsDir ? resolve(opts.tenantsDir, opts.tenant) : undefined;
      if (!tenantDir || !existsSync(join(tenantDir, 'tenant.json'))) {
        for (const p of problems) log(p);
        throw dealerError(TenantNotBuilt, opts.tenant, opts.dist);
      }
      log(`No model file for ${opts.tenant}: serving its functions from ${tenantDir}/tenant.json with no stock.`);
      models = [{ tenant: loadTenant(tenantDir), vehicles: [], built_at: new Date(0).toISOString() }];
    }
  } else {
    const loaded = loadModels(join(dist, '_build'));
    for (const p of loaded.problems) log(p);
    models = loaded.models;
  }

  const dataDir = resolve(opts.dataDir ?? defaultDataDir(opts.tenant));
  const databaseUrl = opts.databaseUrl ?? env['DATABASE_URL'];
  const db = await openDb({ databaseUrl, dataDir, poolSize: poolSizeFromEnv(env['DATABASE_POOL_SIZE'], NODE_POOL_SIZE) });
  const secret = opts.secret ?? env['FUNCTIONS_SECRET'] ?? localSecret(dataDir);
  const clock = systemClock;
  const adapters = adaptersFromEnv(env, db, clock);

  // Port 0 picks a free port; the origin is only known after listen, so the registry is built late.
  let app: ReturnType<typeof createApp> | undefined;
  let worker: OutboxWorker | undefined;
  const site = opts.tenant && existsSync(join(dist, opts.tenant)) ? staticSite(join(dist, opts.tenant)) : undefined;
  if (opts.tenant && !site) log(`No built site at ${join(dist, opts.tenant)}: serving the functions only.`);

  let draining = false;
  // The database probe of /healthz: at most one at a time, its answer reused for a second.
  let probe: { at: number; result: Promise<boolean> } | undefined;
  const dbAnswers = (): Promise<boolean> => {
    const now = Date.now();
    if (!probe || now - probe.at > 1000) {
      const result = Promise.race([
        db.query('SELECT 1').then(
          () => true,
          () => false,
        ),
        new Promise<boolean>((r) => setTimeout(() => r(false), 2000).unref()),
      ]);
      probe = { at: now, result };
    }
    return probe.result;
  };
  const health = async (request: Request): Promise<Response> => {
    const headers = { 'cache-control': 'no-store' };
    if (request.method !== 'GET' && request.method !== 'HEAD') return Response.json({ error: 'Use GET.' }, { status: 405, headers });
    if (!app) return Response.json({ ok: false, db: false, starting: true }, { status: 503, headers });
    const up = await dbAnswers();
    if (draining) return Response.json({ ok: false, db: up, shutting_down: true }, { status: 503, headers });
    return Response.json({ ok: up, db: up }, { status: up ? 200 : 503, headers });
  };

  const server: ServerType = await new Promise((resolveServer, reject) => {
    const s = serve(
      {
        fetch: (request, bindings) => {
          const pathname = new URL(request.url).pathname;
          if (pathname === HEALTH_PATH) return health(request);
          if (!app) return new Response('Starting', { status: 503 });
          if (isFunctionPath(pathname) || !site) {
            const ip = 'incoming' in bindings ? bindings.incoming.socket.remoteAddress : undefined;
            return app.fetch(request, { ip });
          }
          return site.handle(request);
        },
        port: opts.port,
        hostname,
      },
      () => resolveServer(s),
    );
    s.once('error', reject);
  });
  const http = server as HttpServer;
  // Requests in flight (what a shutdown waits for), each logged once answered (JSON mode).
  const inFlight = new Set<ServerResponse>();
  http.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : newId();
    res.setHeader('X-Request-Id', id);
    // While draining, every answer closes its connection: no keep-alive socket outlives the shutdown.
    if (draining) res.setHeader('Connection', 'close');
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      if (!json) return;
      // The path only: a query string may carry what a log must not keep.
      const path = (req.url ?? '/').split('?')[0]?.slice(0, 300) ?? '/';
      const entry: Record<string, unknown> = { method: req.method, path, status: res.statusCode, ms: Math.round((performance.now() - started) * 10) / 10, id };
      if (!res.writableFinished) entry['aborted'] = true;
      event('request', entry);
    });
  });
  const port = (server.address() as AddressInfo).port;
  const own = [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`];
  const registry = new Registry(models, opts.tenant ? { extraOrigins: { [opts.tenant]: own } } : {});
  for (const w of registryWarnings(registry)) event('warning', { message: w }, w);

  const outboxEnabled = opts.outbox?.enabled ?? env['OUTBOX_WORKER'] !== 'off';
  // PGlite has one process: a message left "sending" was interrupted by a crash of this server.
  if (db.kind === 'pglite') {
    const r = await db.query("UPDATE outbox SET status = 'pending', locked_until = NULL WHERE status = 'sending'");
    if (r.rowCount) event('outbox_requeued', { messages: r.rowCount }, `${r.rowCount} message(s) interrupted by a previous crash are queued again.`);
  }
  // In JSON mode the outbox's retries and the app's unexpected errors are JSON lines too; text mode keeps stderr.
  const note = json ? (level: 'warn' | 'error', line: string) => event('outbox', { level, message: line }) : undefined;
  const deliveryDeps = { db, adapters, clock, note };
  app = createApp({
    db,
    registry,
    adapters,
    clock,
    options: {
      secret,
      rateLimitScale: opts.rateLimitScale,
      outbox: outboxOptionsFromEnv(env),
      trustProxy: trustProxyFromEnv(env['TRUST_PROXY']),
      ipv6Prefix: ipv6PrefixFromEnv(env['RATE_LIMIT_IPV6_PREFIX']),
      outbound: outboundPolicyFromEnv(env),
    },
    onLeadStored: () => worker?.kick(),
    siteFile: distFileReader(dist),
    logError: json ? (line: string) => event('error', { message: line }) : undefined,
  });
  if (outboxEnabled) worker = new OutboxWorker({ ...deliveryDeps, options: app.deps.options }, opts.outbox?.intervalMs ?? 5000).start();

  const url = `http://${hostname === '127.0.0.1' || hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}`;
  event(
    'listening',
    {
      url,
      port,
      host: hostname,
      tenants: registry.list().length,
      site: site?.root,
      storage: db.description,
      email: adapters.email.name,
      sms: adapters.sms.name,
      outbox_worker: outboxEnabled,
    },
    [
      opts.tenant ? `Serving ${opts.tenant} at ${url}` : `Serving the functions of ${registry.list().length} tenant(s) at ${url}`,
      site ? `  site:      ${site.root}` : undefined,
      `  functions: /api/*, /cars/{slug}/autogauge`,
      `  storage:   ${db.description}`,
      `  e-mail:    ${adapters.email.name}; SMS: ${adapters.sms.name}; outbox worker ${outboxEnabled ? 'on' : 'OFF'}`,
    ]
      .filter(Boolean)
      .join('\n'),
  );

  const delayMs = opts.shutdown?.delayMs ?? 0;
  const deadlineMs = opts.shutdown?.deadlineMs ?? 25_000;
  const shutdown = async (): Promise<ShutdownReport> => {
    const started = Date.now();
    draining = true;
    const at: { phase: 'delay' | 'connections' | 'outbox' | 'database' } = { phase: 'delay' };
    event('shutdown_started', { delay_ms: delayMs, deadline_ms: deadlineMs, in_flight: inFlight.size, outbox_busy: worker?.busy ?? false });
    const graceful = (async () => {
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      at.phase = 'connections';
      // Stops accepting; idle keep-alive connections close now, busy ones after their answer (Connection: close).
      const closed = new Promise<void>((r) => server.close(() => r()));
      http.closeIdleConnections();
      await closed;
      event('shutdown_connections_closed', { ms: Date.now() - started });
      at.phase = 'outbox';
      await worker?.stop();
      at.phase = 'database';
      await db.close();
    })();
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      graceful.then(
        () => 'done' as const,
        (err: unknown) => err as Error,
      ),
      new Promise<'deadline'>((r) => (timer = setTimeout(() => r('deadline'), Math.max(0, deadlineMs - (Date.now() - started))))),
    ]);
    clearTimeout(timer);
    const ms = Date.now() - started;
    if (outcome === 'done') {
      event('shutdown_complete', { ms }, undefined);
      return { clean: true, ms, cut: [] };
    }
    const cut: string[] = [];
    if (outcome !== 'deadline')
      cut.push(`shutdown failed while ${at.phase === 'database' ? 'closing the database' : `waiting for ${at.phase}`}: ${outcome.message}`);
    else {
      if (inFlight.size > 0) cut.push(`${inFlight.size} request(s) still being answered (their connections are closed unanswered)`);
      if (worker?.busy)
        cut.push(
          `an outbox delivery in progress (the message stays claimed in the database and is sent again once its ${app?.deps.options.outbox.lockSec ?? 60} s claim expires)`,
        );
      if (at.phase === 'database') cut.push('closing the database pool');
      if (cut.length === 0) cut.push(`the ${at.phase} phase`);
    }
    http.closeAllConnections();
    event('shutdown_cut', { ms, deadline_ms: deadlineMs, cut });
    return { clean: false, ms, cut };
  };

  let closing: Promise<ShutdownReport> | undefined;
  return {
    url,
    port,
    db,
    registry,
    close() {
      closing ??= shutdown();
      return closing;
    },
  };
}
