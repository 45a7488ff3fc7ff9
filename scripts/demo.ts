/**
 * `npm run demo`: install if needed, generate the three demo dealers, build them all, and serve
 * one with its functions. Options: --tenant <slug> (default the dealer group), --port N (4321).
 */
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { intFlag, parseCli, UsageError } from './lib/cli.ts';
import { demoTenants } from './demo/tenants.ts';
import { ensureDependencies } from './lib/ensure-deps.ts';

const USAGE = `
Usage: npm run demo -- [--tenant <slug>] [--port 4321]

Installs the dependencies if needed, generates the three demo dealers into tenants/, builds them all
and serves one with its functions.

  --tenant <slug>   the tenant to serve (default: demo-southern-motor-group)
  --port <n>        the port to serve on (default: 4321)
  -h, --help        show this help
`;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const flags = parseCli(USAGE, { tenant: { type: 'string' }, port: { type: 'string' } });
const tenant = flags.tenant ?? 'demo-southern-motor-group';
// Said before anything is installed, generated or built: an unknown tenant would fail only at serve time.
const known = demoTenants(new Date()).map((t) => t.slug);
if (!known.includes(tenant)) {
  console.error(`error: --tenant ${tenant}: no such demo tenant (one of ${known.join(', ')})`);
  process.exit(2);
}
let port: string;
try {
  port = String(intFlag('port', flags.port, 4321, 0, 65535));
} catch (err) {
  console.error(`error: ${(err as UsageError).message}`);
  process.exit(2);
}
ensureDependencies(root);

function step(args: string[]): void {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
step(['scripts/demo/generate.ts', '--out', 'tenants']);
step(['scripts/build.ts']);
step(['scripts/serve.ts', '--tenant', tenant, '--port', port]);
