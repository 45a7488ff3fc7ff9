import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Installs the locked dependencies on a fresh clone, so `npm test` and `npm run demo` work first time. */
export function ensureDependencies(root: string): void {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 24) {
    console.error(`Node ${process.versions.node} is too old: this project needs Node 24 (see .node-version).`);
    process.exit(1);
  }
  if (existsSync(join(root, 'node_modules', '.package-lock.json'))) return;
  // `npm install --no-save`, not `npm ci`: see .ci/run (unpublished optional bindings upset npm ci).
  console.log('Installing dependencies (npm install, locked versions)...');
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-save'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
