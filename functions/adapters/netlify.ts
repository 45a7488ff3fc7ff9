/**
 * The serverless adapter for Netlify Functions (web-standard handlers: `(Request, Context) => Response`).
 * netlify/api.ts answers /api/* and /cars/:slug/autogauge for every tenant (by Host/Origin), deployed
 * with each tenant's site. netlify-outbox/outbox.ts is the one scheduled function that sends every
 * tenant's due outbox messages, deployed once (not per site). A stored lead's delivery also starts
 * right away through context.waitUntil.
 *
 * Environment (site settings, never in a tenant file): DATABASE_URL (required: no persistent disk
 * for PGlite), FUNCTIONS_SECRET (required), FUNCTIONS_MODELS_DIR (default dist/_build, shipped with
 * included_files), EXTRA_ORIGINS ("slug=https://x.netlify.app,..."), and the provider variables of
 * adaptersFromEnv. See docs/functions.md.
 */
import { resolve } from 'node:path';
import { dealerError } from '../../src/lib/errors/errors-data.ts';
import { createApp } from '../app.ts';
import { ipv6PrefixFromEnv, outboxOptionsFromEnv, poolSizeFromEnv, SERVERLESS_POOL_SIZE } from '../options.ts';
import type { AppBindings } from '../context.ts';
import { openDb, type Db } from '../db/index.ts';
import { DatabaseUrlRequired, SecretRequired } from '../errors.ts';
import { systemClock, type Clock } from '../lib/clock.ts';
import { outboundPolicyFromEnv } from '../lib/outbound.ts';
import { deliverDue, drain } from '../lib/outbox.ts';
import { loadModels, Registry, registryWarnings } from '../registry.ts';
import { adaptersFromEnv, type Adapters } from './index.ts';

type Env = Record<string, string | undefined>;

/** The parts of Netlify's Context the functions use. */
export interface NetlifyContext {
  ip?: string | undefined;
  waitUntil?: ((promise: Promise<unknown>) => void) | undefined;
}

export interface NetlifySetup {
  env?: Env | undefined;
  /** Tests inject a database; production opens DATABASE_URL. */
  openDatabase?: ((url: string) => Promise<Db>) | undefined;
  adapters?: ((db: Db, clock: Clock) => Adapters) | undefined;
  clock?: Clock | undefined;
}

/** "a=https://a.netlify.app,b=https://b.example" -> { a: [...], b: [...] } */
export function parseExtraOrigins(value: string | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const pair of (value ?? '').split(',')) {
    const [slug, origin] = pair.split('=').map((s) => s.trim());
    if (slug && origin) (out[slug] ??= []).push(origin);
  }
  return out;
}

interface Runtime {
  app: ReturnType<typeof createApp>;
  db: Db;
}

/**
 * An instance's database: a small pool (SERVERLESS_POOL_SIZE, or DATABASE_POOL_SIZE), since every
 * warm instance holds its own; migrated on the cold start unless FUNCTIONS_MIGRATE=off.
 */
export function openNetlifyDb(url: string, env: Env): Promise<Db> {
  return openDb({ databaseUrl: url, poolSize: poolSizeFromEnv(env['DATABASE_POOL_SIZE'], SERVERLESS_POOL_SIZE), migrate: env['FUNCTIONS_MIGRATE'] !== 'off' });
}

/** One runtime per warm instance, created on the first request (cold start). */
export function netlifyRuntime(setup: NetlifySetup = {}): () => Promise<Runtime> {
  let runtime: Promise<Runtime> | undefined;
  return () => {
    runtime ??= (async () => {
      const env = setup.env ?? process.env;
      const url = env['DATABASE_URL'];
      if (!url) throw dealerError(DatabaseUrlRequired, 'Netlify');
      const secret = env['FUNCTIONS_SECRET'];
      if (!secret || secret.length < 32) throw dealerError(SecretRequired, 'Netlify');
      const db = setup.openDatabase ? await setup.openDatabase(url) : await openNetlifyDb(url, env);
      const { models, problems } = loadModels(resolve(env['FUNCTIONS_MODELS_DIR'] ?? 'dist/_build'));
      for (const p of problems) console.error(p);
      const registry = new Registry(models, { extraOrigins: parseExtraOrigins(env['EXTRA_ORIGINS']) });
      for (const w of registryWarnings(registry)) console.error(w);
      const clock = setup.clock ?? systemClock;
      const adapters = setup.adapters ? setup.adapters(db, clock) : adaptersFromEnv(env, db, clock);
      const app = createApp({
        db,
        registry,
        adapters,
        clock,
        options: {
          secret,
          trustProxy: 0, // Netlify passes the client's address as context.ip
          ipv6Prefix: ipv6PrefixFromEnv(env['RATE_LIMIT_IPV6_PREFIX']),
          outbound: outboundPolicyFromEnv(env),
          outbox: outboxOptionsFromEnv(env),
        },
        // Start delivering now; the scheduled function retries whatever this does not finish.
        onLeadStored: (_id, bindings: AppBindings) =>
          bindings.waitUntil?.(
            deliverDue({ db, adapters, clock, options: app.deps.options }, { limit: 5 }).catch((err: unknown) =>
              console.error(`[outbox] ${(err as Error).message}`),
            ),
          ),
      });
      return { app, db };
    })();
    runtime.catch(() => (runtime = undefined)); // a failed cold start is retried by the next request
    return runtime;
  };
}

/** The HTTP function. */
export function netlifyHandler(setup: NetlifySetup = {}) {
  const runtime = netlifyRuntime(setup);
  return async (request: Request, context: NetlifyContext = {}): Promise<Response> => {
    let rt: Runtime;
    try {
      rt = await runtime();
    } catch (err) {
      console.error(`[functions] start-up failed: ${(err as Error).message}`);
      return Response.json({ error: 'The service is not configured.' }, { status: 503 });
    }
    return rt.app.fetch(request, { ip: context.ip, waitUntil: context.waitUntil?.bind(context) });
  };
}

/** The scheduled function: sends what is due within Netlify's 30-second limit. */
export function netlifyOutbox(setup: NetlifySetup = {}) {
  const runtime = netlifyRuntime(setup);
  return async (): Promise<Response> => {
    const { app, db } = await runtime();
    const report = await drain({ db, adapters: app.deps.adapters, clock: app.deps.clock, options: app.deps.options }, 20);
    console.log(`[outbox] claimed ${report.claimed}, delivered ${report.delivered}, retried ${report.retried}, dead ${report.dead}`);
    return Response.json(report);
  };
}
