/**
 * `npm run check`: the static checks CI runs before the tests, each in turn, stopping at the first
 * that fails: astro check (the pages' types), tsc (everything else), ESLint with no warning allowed,
 * Prettier. `-- --help` says so instead of running them.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const STEPS: readonly (readonly [name: string, args: readonly string[]])[] = [
  ['astro', ['check']],
  ['tsc', ['--noEmit', '-p', '.']],
  ['eslint', ['.', '--max-warnings', '0']],
  ['prettier', ['--check', '.']],
];

const args = process.argv.slice(2);
if (args.some((a) => a === '-h' || a === '--help')) {
  console.log(`Usage: npm run check

Runs, stopping at the first that fails:
${STEPS.map(([name, a]) => `  ${name} ${a.join(' ')}`).join('\n')}
Fix formatting with: npx prettier --write .`);
  process.exit(0);
}
if (args.length > 0) {
  console.error(`error: npm run check takes no arguments (got ${args.join(' ')}); see npm run check -- --help`);
  process.exit(2);
}
for (const [name, a] of STEPS) {
  // Each tool's own script, run by this Node (24, through scripts/run.mjs), whatever node is on PATH.
  const r = spawnSync(process.execPath, [join(root, 'node_modules', '.bin', name), ...a], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`npm run check: ${name} ${a.join(' ')} failed${r.error ? ` (${r.error.message})` : ''}`);
    process.exit(r.status ?? 1);
  }
}
