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
  console.log('Installing dependencies (npm ci)...');
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
