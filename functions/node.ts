/**
 * The Node entry: the functions (and, with a tenant, its built site) on one origin, with the outbox
 * worker. Used by `npm run serve`, the crash test and the load test.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { dealerError } from '../src/lib/errors/errors-data.ts';
import { loadTenant } from '../src/io/tenant-folder.ts';
import { adaptersFromEnv } from './adapters/index.ts';
import { outboundPolicyFromEnv } from './lib/outbound.ts';
import { createApp, isFunctionPath } from './app.ts';
import { ipv6PrefixFromEnv, outboxOptionsFromEnv, trustProxyFromEnv } from './options.ts';
import { openDb, type Db } from './db/index.ts';
import { TenantNotBuilt } from './errors.ts';
import { systemClock } from './lib/clock.ts';
import { newToken } from './lib/crypto.ts';
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
  log?: ((line: string) => void) | undefined;
}

export interface RunningServer {
  url: string;
  port: number;
  db: Db;
  registry: Registry;
  close(): Promise<void>;
}

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
  const log = opts.log ?? ((line: string) => console.log(line));
  const dist = resolve(opts.dist);
  const hostname = opts.hostname ?? '127.0.0.1';

  let models: ModelInput[];
  if (opts.tenant) {
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
  const db = await openDb({ databaseUrl, dataDir });
  const secret = opts.secret ?? env['FUNCTIONS_SECRET'] ?? localSecret(dataDir);
  const clock = systemClock;
  const adapters = adaptersFromEnv(env, db, clock);

  // Port 0 picks a free port; the origin is only known after listen, so the registry is built late.
  let app: ReturnType<typeof createApp> | undefined;
  let worker: OutboxWorker | undefined;
  const site = opts.tenant && existsSync(join(dist, opts.tenant)) ? staticSite(join(dist, opts.tenant)) : undefined;
  if (opts.tenant && !site) log(`No built site at ${join(dist, opts.tenant)}: serving the functions only.`);

  const server: ServerType = await new Promise((resolveServer, reject) => {
    const s = serve(
      {
        fetch: (request, bindings) => {
          const pathname = new URL(request.url).pathname;
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
  const port = (server.address() as AddressInfo).port;
  const own = [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`];
  const registry = new Registry(models, opts.tenant ? { extraOrigins: { [opts.tenant]: own } } : {});
  for (const w of registryWarnings(registry)) log(w);

  const outboxEnabled = opts.outbox?.enabled ?? env['OUTBOX_WORKER'] !== 'off';
  // PGlite has one process: a message left "sending" was interrupted by a crash of this server.
  if (db.kind === 'pglite') {
    const r = await db.query("UPDATE outbox SET status = 'pending', locked_until = NULL WHERE status = 'sending'");
    if (r.rowCount) log(`${r.rowCount} message(s) interrupted by a previous crash are queued again.`);
  }
  const deliveryDeps = { db, adapters, clock };
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
  });
  if (outboxEnabled) worker = new OutboxWorker({ ...deliveryDeps, options: app.deps.options }, opts.outbox?.intervalMs ?? 5000).start();

  const url = `http://${hostname === '127.0.0.1' || hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}`;
  log(
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

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    db,
    registry,
    close() {
      closing ??= (async () => {
        await worker?.stop();
        await new Promise<void>((r) => server.close(() => r()));
        await db.close();
      })();
      return closing;
    },
  };
}
