/**
 * `npm run serve -- --tenant <slug> [--port 4321] [--dist dist] [--tenants tenants] [--data .data/<slug>] [--host 127.0.0.1]`
 * Serves the tenant's built site and the request-time functions on one origin. Storage: PGlite in
 * the data folder, or PostgreSQL when DATABASE_URL is set. See docs/functions.md.
 */
import { intFlag, parseCli, UsageError } from './lib/cli.ts';
import { startNodeServer } from '../functions/node.ts';

const USAGE = `
Usage: npm run serve -- --tenant <slug> [--port 4321] [--dist dist] [--tenants tenants] [--data .data/<slug>] [--host 127.0.0.1]
       npm run serve -- --all   (functions only, every built tenant by its configured URL)

Serves the tenant's built site and the request-time functions on one origin.

  --tenant <slug>            the tenant to serve (or --all)
  --all                      functions only, every built tenant by its configured URL
  --port <n>                 the port, 0 for any free one (default: PORT, else 4321)
  --host <address>           the address to listen on
  --dist <dir>               the build output (default: dist)
  --tenants <dir>            the tenant folders (default: tenants)
  --data <dir>               the PGlite folder (default: .data/<slug>); DATABASE_URL wins when set
  --no-outbox                do not start the outbox worker
  --rate-limit-scale <x>     multiply every rate limit by x (a number above 0; default 1)
  -h, --help                 show this help
`;

const flags = parseCli(USAGE, {
  tenant: { type: 'string' },
  all: { type: 'boolean' },
  port: { type: 'string' },
  host: { type: 'string' },
  dist: { type: 'string' },
  tenants: { type: 'string' },
  data: { type: 'string' },
  'no-outbox': { type: 'boolean' },
  'rate-limit-scale': { type: 'string' },
});
const tenant = flags.tenant;
let port: number;
let rateLimitScale: number | undefined;
try {
  port = flags.port !== undefined ? intFlag('port', flags.port, 4321, 0, 65535) : Number(process.env['PORT'] ?? 4321);
  const scale = flags['rate-limit-scale'];
  if (scale !== undefined) {
    rateLimitScale = Number(scale);
    if (!scale.trim() || !Number.isFinite(rateLimitScale) || rateLimitScale <= 0)
      throw new UsageError(`--rate-limit-scale expects a number above 0, got "${scale}"`);
  }
} catch (err) {
  console.error(`error: ${(err as UsageError).message}`);
  process.exit(2);
}
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number`);
  process.exit(2);
}
if (!tenant && !flags.all) {
  console.error(`error: give --tenant <slug> or --all\n\n${USAGE.trim()}`);
  process.exit(2);
}

try {
  const server = await startNodeServer({
    port,
    hostname: flags.host,
    dist: flags.dist ?? 'dist',
    tenant,
    tenantsDir: flags.tenants ?? 'tenants',
    dataDir: flags.data,
    outbox: { enabled: flags['no-outbox'] ? false : undefined },
    rateLimitScale,
  });
  const stop = (signal: string) => {
    console.log(`\n${signal}: stopping`);
    // Graceful (functions/node.ts): in-flight requests and the message being sent finish first.
    server.close().then(
      (report) => {
        if (!report.clean) console.error(`cut at the shutdown deadline: ${report.cut.join('; ')}`);
        process.exit(report.clean ? 0 : 1);
      },
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
} catch (err) {
  const e = err as Error & { hint?: string };
  console.error(e.message);
  if (e.hint) console.error(`hint: ${e.hint}`);
  process.exit(1);
}
