/**
 * What a tenant's build depends on, as one fingerprint in two parts: its **inputs** (its folder: config,
 * export, content, photos; and an export kept outside the folder) and the **platform** (the code that
 * turns inputs into pages). Not the build's day: what the day decides (listing windows, New Arrival tags,
 * expiries) is worked out per build as a validity window (src/lib/site/dated.ts, published.json's
 * valid_until). A tenant whose fingerprint equals the one its published site was built from, on a day
 * inside that window, is skipped as `unchanged`.
 *
 * The fingerprint is recorded with each release (published.json, the slot's `info` in releases.json)
 * as `inputs:<sha-256>;platform:<sha-256>`, so the two parts can be told apart afterwards: the nightly
 * rebuilds a tenant when either changed, the fresh lane (`build.ts --fresh`, docs/nightly.md) only when
 * its inputs did (a platform deploy at noon is the next night's work, not 200 builds in a 15-minute job).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

/** Files under a folder, sorted, skipping dot-folders and node_modules. */
function filesUnder(dir: string, skip: (rel: string) => boolean = () => false): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    if (!existsSync(d)) return;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue;
      const p = join(d, e.name);
      if (skip(relative(dir, p))) continue;
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}

/** One hash over files' names (relative to `base`) and contents. */
export function hashFiles(files: string[], base: string): string {
  const h = createHash('sha256');
  for (const f of files) {
    h.update(relative(base, f));
    h.update('\0');
    h.update(createHash('sha256').update(readFileSync(f)).digest());
  }
  return h.digest('hex');
}

let platform: string | undefined;

const IMPORT = /(?:^|[\s;])(?:import|export)\b[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/**
 * The files under functions/ that the site's making imports (from `entries`, through any relative
 * import): the photo fetcher's address rules (the published files' content types, once functions/static.ts's,
 * are src/lib/site/content-types.ts now, hashed with src/).
 * They change built sites, though the folder is the request-time functions'. The rest of functions/
 * (the routes, the database) does not, and a change there must not rebuild a fleet.
 */
export function functionsImportedBy(entries: string[], root: string): string[] {
  const functionsDir = join(root, 'functions') + '/';
  const seen = new Set<string>(entries);
  const found: string[] = [];
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (!/\.(ts|tsx|mts|js|mjs|astro)$/.test(file) || !existsSync(file)) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(dirname(file), (m[1] ?? m[2])!);
      if (seen.has(target) || !existsSync(target) || !statSync(target).isFile()) continue;
      seen.add(target);
      queue.push(target);
      if (target.startsWith(functionsDir)) found.push(target);
    }
  }
  return found.sort();
}

/**
 * The platform's version as the build sees it: every file that can change a built site (the Astro
 * app, the build scripts, the public folder, the dependency lock). Tests and docs do not count.
 */
export function platformVersion(root: string): string {
  if (platform) return platform;
  const files = [
    ...filesUnder(join(root, 'src')),
    ...filesUnder(join(root, 'public')),
    ...filesUnder(join(root, 'scripts'), (rel) => rel.startsWith('demo') || /\.test\.ts$/.test(rel)),
    ...['astro.config.mjs', 'package-lock.json', 'tsconfig.json'].map((f) => join(root, f)).filter((f) => existsSync(f)),
  ];
  // What makes a tenant's site: its build (build-tenant.ts and everything it imports), the pages, the publish.
  const entries = [join(root, 'scripts/build-tenant.ts'), ...filesUnder(join(root, 'src')), ...filesUnder(join(root, 'scripts/lib/publish'))];
  files.push(...functionsImportedBy(entries, root));
  platform = hashFiles(files, root);
  return platform;
}

/** The export named by tenant.json's stock.file when it lies outside the tenant folder. */
function outsideExport(dir: string): string | undefined {
  try {
    const raw = JSON.parse(readFileSync(join(dir, 'tenant.json'), 'utf8')) as { stock?: { file?: unknown } };
    const file = raw.stock?.file;
    if (typeof file !== 'string' || file === '') return undefined;
    const path = isAbsolute(file) ? file : resolve(dir, file);
    return relative(dir, path).startsWith('..') && existsSync(path) && statSync(path).isFile() ? path : undefined;
  } catch {
    return undefined;
  }
}

/** The tenant's inputs as one hash: every file of its folder and an export kept outside it. */
export function tenantInputs(dir: string): string {
  const outside = outsideExport(dir);
  const h = createHash('sha256');
  h.update(`folder ${hashFiles(filesUnder(dir), dir)}\n`);
  if (outside) h.update(`export ${hashFiles([outside], dir)}\n`);
  return h.digest('hex');
}

/** The fingerprint of these inputs built by this platform version. */
export function fingerprintOf(inputs: string, platform: string): string {
  return `inputs:${inputs};platform:${platform}`;
}

const FINGERPRINT = /^inputs:([0-9a-f]{64});platform:([0-9a-f]{64})$/;

/**
 * The two parts of a fingerprint; undefined for one recorded before they were kept apart (a single
 * hash of both): such a release's inputs are unknown until the nightly builds it again.
 */
export function fingerprintParts(fingerprint: string | undefined): { inputs: string; platform: string } | undefined {
  const m = fingerprint === undefined ? null : FINGERPRINT.exec(fingerprint);
  return m ? { inputs: m[1]!, platform: m[2]! } : undefined;
}

/** The tenant's build fingerprint: its inputs and the platform's version. */
export function tenantFingerprint(root: string, dir: string): string {
  return fingerprintOf(tenantInputs(dir), platformVersion(root));
}

/** Today in Brisbane (UTC+10, no daylight saving): Australian dealers' day, the default build day. */
export function australianToday(nowMs = Date.now()): string {
  return new Date(nowMs + 10 * 3600 * 1000).toISOString().slice(0, 10);
}

/**
 * A tenant's shard (1..count) from a hash of its slug: adding or removing a tenant never moves
 * another, so each shard's image cache stays warm.
 */
export function shardOf(slug: string, count: number): number {
  const h = createHash('sha256').update(slug).digest();
  return (h.readUInt32BE(0) % count) + 1;
}
