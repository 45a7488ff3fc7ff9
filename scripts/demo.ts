/**
 * `npm run demo`: install if needed, generate the three demo dealers, build them all, and serve
 * one with its functions. Options: --tenant <slug> (default the dealer group), --port N (4321).
 */
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { flagString, parseArgs } from './lib/args.ts';
import { ensureDependencies } from './lib/ensure-deps.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
ensureDependencies(root);
const { flags } = parseArgs(process.argv.slice(2));
const tenant = flagString(flags, 'tenant') ?? 'demo-southern-motor-group';
const port = flagString(flags, 'port') ?? '4321';

function step(args: string[]): void {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
step(['scripts/demo/generate.ts', '--out', 'tenants']);
step(['scripts/build.ts']);
step(['scripts/serve.ts', '--tenant', tenant, '--port', port]);
