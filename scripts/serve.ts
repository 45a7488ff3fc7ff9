/**
 * `npm run serve -- --tenant <slug> [--port 4321] [--dist dist] [--tenants tenants] [--data .data/<slug>] [--host 127.0.0.1]`
 * Serves the tenant's built site and the request-time functions on one origin. Storage: PGlite in
 * the data folder, or PostgreSQL when DATABASE_URL is set. See docs/functions.md.
 */
import { flagString, parseArgs } from './lib/args.ts';
import { startNodeServer } from '../functions/node.ts';

const { flags } = parseArgs(process.argv.slice(2));
const tenant = flagString(flags, 'tenant');
const port = Number(flagString(flags, 'port') ?? process.env['PORT'] ?? 4321);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number`);
  process.exit(2);
}
if (!tenant && !flags.has('all')) {
  console.error('Usage: npm run serve -- --tenant <slug> [--port 4321] [--dist dist] [--tenants tenants] [--data .data/<slug>]');
  console.error('       npm run serve -- --all   (functions only, every built tenant by its configured URL)');
  process.exit(2);
}

try {
  const server = await startNodeServer({
    port,
    hostname: flagString(flags, 'host'),
    dist: flagString(flags, 'dist') ?? 'dist',
    tenant,
    tenantsDir: flagString(flags, 'tenants') ?? 'tenants',
    dataDir: flagString(flags, 'data'),
    outbox: { enabled: flags.has('no-outbox') ? false : undefined },
    rateLimitScale: flagString(flags, 'rate-limit-scale') ? Number(flagString(flags, 'rate-limit-scale')) : undefined,
  });
  const stop = (signal: string) => {
    console.log(`\n${signal}: stopping`);
    server.close().then(
      () => process.exit(0),
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
