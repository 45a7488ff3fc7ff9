/**
 * `npm run functions:start [-- --dist dist --port 8080 --host 0.0.0.0]`: the functions of every built
 * tenant on a production Node host, with no development defaults. It refuses to start (exit 1, one
 * line per problem) without a PostgreSQL DATABASE_URL, a FUNCTIONS_SECRET and lead e-mail by
 * Postmark; logs one JSON line per request and per lifecycle event on stdout; answers GET /healthz;
 * and on SIGTERM or SIGINT shuts down gracefully within SHUTDOWN_DEADLINE_MS (exit 0), or exits 1
 * naming what the deadline cut. The server itself is functions/node.ts (as `npm run serve --all`);
 * the contract is in docs/functions.md, "Any Node host", and functions/start.test.ts holds it.
 */
import { intFlag, isMain, parseCli, UsageError } from '../scripts/lib/cli.ts';
import { targetFromFlags } from '../scripts/lib/publish/target.ts';
import { bucketModels, type BucketModelsRead } from './lib/bucket-models.ts';
import { startNodeServer, type RunningServer } from './node.ts';
import type { ModelInput } from './registry.ts';

type Env = Readonly<Record<string, string | undefined>>;

/** What production needs from the environment, and what each is for (the line printed when it is missing). */
export const REQUIRED_ENV: readonly { name: string; for: string; problem?: (value: string) => string | undefined }[] = [
  {
    name: 'DATABASE_URL',
    for: 'the PostgreSQL server that stores leads, sessions and the outbox (postgres://user:password@host:5432/db); production never falls back to PGlite',
    problem: (v) => (/^postgres(?:ql)?:\/\//.test(v) ? undefined : 'must be a postgres:// or postgresql:// URL'),
  },
  {
    name: 'FUNCTIONS_SECRET',
    for: 'the HMAC key of sign-in codes, IP and visitor hashes, the same on every instance and every restart (32+ random characters: openssl rand -base64 48)',
    problem: (v) => (v.length >= 32 ? undefined : `must be at least 32 characters (it has ${v.length})`),
  },
  {
    name: 'POSTMARK_SERVER_TOKEN',
    for: "sends each lead's e-mail to the dealer through Postmark (without it lead e-mails would only reach the local_mail table)",
  },
  { name: 'LEADS_FROM_EMAIL', for: 'the Postmark-verified sender address of lead e-mails' },
];

/** One line per missing or unusable variable; empty when production can start. */
export function productionEnvProblems(env: Env): string[] {
  const out: string[] = [];
  for (const v of REQUIRED_ENV) {
    const value = env[v.name]?.trim();
    if (!value) out.push(`functions:start: ${v.name} is not set: ${v.for}.`);
    else {
      const problem = v.problem?.(value);
      if (problem) out.push(`functions:start: ${v.name} ${problem}: ${v.for}.`);
    }
  }
  return out;
}

/** Set but questionable in production: said once at start-up as `warning` events. */
export function productionEnvWarnings(env: Env): string[] {
  const out: string[] = [];
  if (!env['SMS_API_URL'] || !env['SMS_API_KEY']) out.push('SMS_API_URL and SMS_API_KEY are not set: sign-in codes go to the sms_outbox table, not to phones.');
  if (env['DEV_ALLOW_LOOPBACK'] === '1') out.push('DEV_ALLOW_LOOPBACK=1 is set: webhooks and providers may reach this machine (development only).');
  if (env['OUTBOX_WORKER'] === 'off') out.push('OUTBOX_WORKER=off: this process stores leads but does not deliver them; something else must drain the outbox.');
  return out;
}

/** A non-negative whole number of milliseconds from the environment, else the fallback. */
function msFromEnv(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${name} must be a whole number of milliseconds, got "${raw}"`);
  return n;
}

function portFromEnv(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 8080;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new UsageError(`PORT must be a whole number from 0 to 65535, got "${raw}"`);
  return n;
}

export const DEFAULT_SHUTDOWN_DELAY_MS = 5_000;
export const DEFAULT_SHUTDOWN_DEADLINE_MS = 25_000;

const USAGE = `
Usage: npm run functions:start [-- --dist dist | --models-bucket <name>] [--port 8080] [--host 0.0.0.0]

Serves the request-time functions of every tenant by their configured URLs, for production (put the
static sites on a CDN routing /api/* and /cars/*/autogauge here). The tenants' models come from
<dist>/_build/, or from the bucket the sites are published to, following each tenant's live release.

  --dist <dir>              the build output (default: dist)
  --models-bucket <name>    read the live models from this bucket instead (FUNCTIONS_MODELS_BUCKET),
                            again every FUNCTIONS_MODELS_REFRESH_S seconds (default 60)
  --models-prefix <folder/> the sites' folder in it (FUNCTIONS_MODELS_PREFIX; as the publish's --prefix)
                            (the endpoint and region: S3_ENDPOINT and AWS_REGION, as the publish)
  --port <n>                the port (default: PORT, else 8080)
  --host <addr>             the address to listen on (default: HOST, else 0.0.0.0)
  -h, --help                show this help

Required: DATABASE_URL, FUNCTIONS_SECRET, POSTMARK_SERVER_TOKEN, LEADS_FROM_EMAIL.
Shutdown: SHUTDOWN_DELAY_MS (default 5000), SHUTDOWN_DEADLINE_MS (default 25000). See docs/functions.md.
`;

export async function main(argv: string[] = process.argv.slice(2), env: Env = process.env): Promise<void> {
  const flags = parseCli(
    USAGE,
    { dist: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' }, 'models-bucket': { type: 'string' }, 'models-prefix': { type: 'string' } },
    argv,
  );
  let port: number;
  let delayMs: number;
  let deadlineMs: number;
  let refreshMs: number;
  let source: ReturnType<typeof targetFromFlags>;
  try {
    source = targetFromFlags({
      bucket: flags['models-bucket'] ?? env['FUNCTIONS_MODELS_BUCKET'],
      prefix: flags['models-prefix'] ?? env['FUNCTIONS_MODELS_PREFIX'],
      endpoint: env['S3_ENDPOINT'],
      region: env['AWS_REGION'],
    });
    const refresh = env['FUNCTIONS_MODELS_REFRESH_S']?.trim() || '60';
    if (!/^\d+$/.test(refresh) || Number(refresh) < 5 || Number(refresh) > 3600)
      throw new UsageError(`FUNCTIONS_MODELS_REFRESH_S must be a whole number of seconds from 5 to 3600, got "${refresh}"`);
    refreshMs = 1000 * Number(refresh);
    port = flags.port !== undefined ? intFlag('port', flags.port, 8080, 0, 65535) : portFromEnv(env['PORT']);
    delayMs = msFromEnv(env, 'SHUTDOWN_DELAY_MS', DEFAULT_SHUTDOWN_DELAY_MS);
    deadlineMs = msFromEnv(env, 'SHUTDOWN_DEADLINE_MS', DEFAULT_SHUTDOWN_DEADLINE_MS);
    if (delayMs >= deadlineMs)
      throw new UsageError(`SHUTDOWN_DELAY_MS (${delayMs}) must be below SHUTDOWN_DEADLINE_MS (${deadlineMs}), or every shutdown is cut`);
  } catch (err) {
    console.error(`functions:start: ${(err as Error).message}`);
    process.exit(2);
  }
  const problems = productionEnvProblems(env);
  if (problems.length > 0) {
    for (const p of problems) console.error(p);
    process.exit(1);
  }

  const line = (event: string, fields: Record<string, unknown> = {}) => console.log(JSON.stringify({ time: new Date().toISOString(), event, ...fields }));
  for (const w of productionEnvWarnings(env)) line('warning', { message: w });

  // From the bucket: every tenant's live model, read before listening (a host with no models serves nobody).
  const fromBucket = source ? bucketModels({ client: source.client, bucket: source.bucket, prefix: source.prefix }) : undefined;
  const report = (read: BucketModelsRead) => {
    for (const p of read.problems) line('warning', { message: `models: ${p}` });
    if (read.changed.length || read.removed.length) line('models', { tenants: read.models.length, changed: read.changed, removed: read.removed });
  };
  let models: ModelInput[] | undefined;
  if (fromBucket && source) {
    try {
      const read = await fromBucket.read();
      report(read);
      models = read.models;
    } catch (err) {
      line('start_failed', {
        error: `cannot read the models from ${source.label}: ${(err as Error).message}`,
        hint: 'check FUNCTIONS_MODELS_BUCKET, S3_ENDPOINT, AWS_REGION and the credentials (s3:ListBucket and s3:GetObject on the prefix)',
      });
      process.exit(1);
    }
  }

  let server: RunningServer;
  try {
    server = await startNodeServer({
      models,
      port,
      hostname: flags.host ?? env['HOST'] ?? '0.0.0.0',
      dist: flags.dist ?? 'dist',
      databaseUrl: env['DATABASE_URL'],
      secret: env['FUNCTIONS_SECRET'],
      env: { ...env },
      logFormat: 'json',
      shutdown: { delayMs, deadlineMs },
    });
  } catch (err) {
    const e = err as Error & { hint?: string };
    line('start_failed', { error: e.message, hint: e.hint });
    process.exit(1);
  }

  if (fromBucket) {
    // The night's releases (and rollbacks) reach the functions within a refresh; a failed read keeps what is served.
    let reading = false;
    const timer = setInterval(() => {
      if (reading) return;
      reading = true;
      fromBucket
        .read()
        .then((read) => {
          report(read);
          if (read.changed.length || read.removed.length) server.registry.replace(read.models);
        })
        .catch((err: unknown) =>
          line('warning', { message: `models: the bucket could not be read (${(err as Error).message}); still serving the models read before` }),
        )
        .finally(() => (reading = false));
    }, refreshMs);
    timer.unref();
  }

  let signalled: string | undefined;
  const stop = (signal: NodeJS.Signals) => {
    if (signalled) {
      // A second signal: the operator wants out now.
      line('shutdown_forced', { signal, first: signalled });
      process.exit(1);
    }
    signalled = signal;
    line('signal', { signal });
    server.close().then(
      (report) => {
        line('exit', { code: report.clean ? 0 : 1, ms: report.ms, cut: report.cut });
        process.exit(report.clean ? 0 : 1);
      },
      (err: unknown) => {
        line('exit', { code: 1, error: (err as Error).message });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (isMain(import.meta.url)) await main();
