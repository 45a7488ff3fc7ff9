/**
 * The launcher every npm script goes through, so the README's commands work with any Node >= 18 first
 * on PATH (plain JavaScript on purpose: an older Node cannot run our TypeScript).
 *
 *   node scripts/run.mjs scripts/test.ts [args...]   run a TypeScript script of this project
 *   node scripts/run.mjs -- <command> [args...]       run a command (vitest, astro, sh -c '...')
 *
 * 1. When this Node's major is not the one pinned in .node-version, it fetches the npm package
 *    node-<platform>-<arch>@<pinned version> (the official binary; npm checks the tarball's integrity)
 *    into ~/.cache/dealer-node/node-<version> (or $DEALER_NODE_CACHE) once, and runs itself again with
 *    that Node, its folder first on PATH, so every child (vitest, astro, Playwright's web servers) uses it.
 * 2. It installs the locked dependencies when node_modules has none (`npm install --no-save`).
 * 3. It runs the script in this process, or the command as a child with the pinned Node first on PATH.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SELF = fileURLToPath(import.meta.url);
const ROOT = resolve(dirname(SELF), '..');
/** Set in the environment of the re-run (to the pinned Node's folder), so a broken download can never loop. */
const RELAUNCHED = 'DEALER_NODE_RELAUNCHED';

/** @param {string} root */
export function pinnedVersion(root) {
  return readFileSync(join(root, '.node-version'), 'utf8').trim().replace(/^v/, '');
}

/** Any release of the pinned major will do (package.json engines: ">=24 <25"). */
export function isPinnedMajor(/** @type {string} */ current, /** @type {string} */ pinned) {
  return current.replace(/^v/, '').split('.')[0] === pinned.split('.')[0];
}

/** The npm package holding the official Node binary for this machine, or null when there is none. */
export function nodePackage(/** @type {string} */ platform, /** @type {string} */ arch) {
  return ['linux', 'darwin'].includes(platform) && ['x64', 'arm64'].includes(arch) ? `node-${platform}-${arch}` : null;
}

/** Where a pinned Node lives: one folder per version under the cache. */
export function nodeDir(/** @type {NodeJS.ProcessEnv} */ env, /** @type {string} */ version) {
  return join(env['DEALER_NODE_CACHE'] || join(homedir(), '.cache', 'dealer-node'), `node-${version}`);
}

/** PATH with `dirs` first (each once). */
export function pathWithFirst(/** @type {string | undefined} */ path, /** @type {string[]} */ dirs) {
  const rest = (path ?? '').split(delimiter).filter((d) => d && !dirs.includes(d));
  return [...dirs, ...rest].join(delimiter);
}

/** The pinned Node's binary, fetched from npm into the cache when missing. */
export function ensurePinnedNode(/** @type {NodeJS.ProcessEnv} */ env, /** @type {string} */ version) {
  const dir = nodeDir(env, version);
  const bin = join(dir, 'bin', 'node');
  if (existsSync(bin)) return bin;
  const pkg = nodePackage(process.platform, process.arch);
  if (!pkg) throw new Error(`no npm package of Node for ${process.platform}-${process.arch}: install Node ${version} yourself and put it first on PATH`);
  const started = Date.now();
  console.error(`run.mjs: Node ${process.versions.node} is not Node ${version}; fetching ${pkg}@${version} from npm into ${dir} (once, about 30 MB)`);
  mkdirSync(dirname(dir), { recursive: true });
  const tmp = mkdtempSync(join(dirname(dir), `.fetch-${version}-`));
  try {
    execFileSync('npm', ['pack', '--silent', `${pkg}@${version}`], { cwd: tmp, stdio: ['ignore', 'ignore', 'inherit'], env });
    execFileSync('tar', ['xzf', `${pkg}-${version}.tgz`], { cwd: tmp, stdio: 'inherit' });
    const got = execFileSync(join(tmp, 'package', 'bin', 'node'), ['--version'], { encoding: 'utf8' }).trim();
    if (got !== `v${version}`) throw new Error(`${pkg}@${version} holds Node ${got}, not v${version}`);
    try {
      renameSync(join(tmp, 'package'), dir);
    } catch (e) {
      if (!existsSync(bin)) throw e; // else another run installed it first: use that one
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  console.error(`run.mjs: Node ${version} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return bin;
}

/** Installs the locked dependencies on a fresh clone (same command as scripts/lib/ensure-deps.ts). */
export function ensureModules(/** @type {string} */ root) {
  if (existsSync(join(root, 'node_modules', '.package-lock.json'))) return;
  // `npm install --no-save`, not `npm ci`: some of astro's optional platform bindings are not published,
  // so npm cannot record them in the lock and `npm ci` refuses it; this installs exactly the locked versions.
  console.error('run.mjs: installing the locked dependencies (npm install --no-save)...');
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-save'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** Runs a child with the terminal; forwards SIGTERM/SIGHUP (Ctrl-C reaches it through the process group). */
function runChild(/** @type {string} */ cmd, /** @type {string[]} */ args, /** @type {NodeJS.ProcessEnv} */ env) {
  const child = spawn(cmd, args, { stdio: 'inherit', env });
  const forward = (/** @type {NodeJS.Signals} */ signal) => child.kill(signal);
  process.on('SIGINT', () => {});
  process.on('SIGTERM', forward);
  process.on('SIGHUP', forward);
  child.on('error', (e) => {
    console.error(`run.mjs: cannot run ${cmd}: ${e.message}`);
    process.exit(127);
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    }
    process.exit(code ?? 1);
  });
}

async function main(/** @type {string[]} */ argv) {
  const [first, ...rest] = argv;
  if (!first || first === '--help' || (first === '--' && rest.length === 0)) {
    console.error('usage: node scripts/run.mjs <script.ts> [args...] | node scripts/run.mjs -- <command> [args...]');
    process.exit(first === '--help' ? 0 : 2);
  }
  const pinned = pinnedVersion(ROOT);
  if (!isPinnedMajor(process.versions.node, pinned)) {
    if (process.env[RELAUNCHED]) {
      console.error(`run.mjs: still on Node ${process.versions.node} after switching to Node ${pinned}; remove ${nodeDir(process.env, pinned)} and retry`);
      process.exit(1);
    }
    let node;
    try {
      node = ensurePinnedNode(process.env, pinned);
    } catch (e) {
      console.error(`run.mjs: cannot get Node ${pinned}: ${e instanceof Error ? e.message : String(e)}`);
      process.exit(1);
    }
    const env = { ...process.env, [RELAUNCHED]: dirname(node), NODE: node, PATH: pathWithFirst(process.env['PATH'], [dirname(node)]) };
    runChild(node, [...process.execArgv, SELF, ...argv], env);
    return;
  }
  // Children started by name (node, vitest's and astro's shebangs) must find this Node, not an older one
  // (on a re-run, the cache folder it was started from, as execPath has its symlinks resolved).
  process.env['PATH'] = pathWithFirst(process.env['PATH'], [process.env[RELAUNCHED] || dirname(process.execPath), join(ROOT, 'node_modules', '.bin')]);
  ensureModules(ROOT);
  if (first === '--') {
    const [cmd = '', ...args] = rest;
    runChild(cmd, args, process.env);
    return;
  }
  const script = resolve(ROOT, first);
  process.argv = [process.argv[0] ?? process.execPath, script, ...rest];
  await import(pathToFileURL(script).href);
}

if (process.argv[1] && resolve(process.argv[1]) === SELF) await main(process.argv.slice(2));
