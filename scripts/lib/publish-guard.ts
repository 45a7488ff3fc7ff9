/**
 * The publish guard: a tenant's new build replaces its published site only when it looks like the
 * dealer's stock, and only whole. The decision is a pure function (publishDecision); the rest moves
 * folders: a build is written to a staging folder beside the published one and swapped in by rename
 * on the same filesystem, so <out>/<slug> is always a complete site, the old one or the new one.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the site at <out>/<slug> lists, written when a build is published. */
export interface PublishedState {
  slug: string;
  listed: number;
  read: number;
  published_at: string;
  /** The inputs it was built from (scripts/lib/fingerprint.ts); equal inputs are not rebuilt. */
  fingerprint?: string | undefined;
  /** The build day it was built for (YYYY-MM-DD). */
  built_day?: string | undefined;
  /**
   * The first day on which the same inputs would build a different site (src/lib/site/dated.ts): an
   * unchanged tenant is skipped from built_day up to the day before this.
   */
  valid_until?: string | undefined;
}

/** Whether a published build still stands for `day`: same inputs, and the day within its validity. */
export function stillCurrent(state: PublishedState | undefined, fingerprint: string, day: string): boolean {
  if (!state || state.fingerprint !== fingerprint) return false;
  // A build from before validity was recorded stands for its own day only (its fingerprint held the day).
  if (!state.built_day || !state.valid_until) return false;
  return state.built_day <= day && day < state.valid_until;
}

export interface GuardThresholds {
  /** Hold when the new build lists fewer than this share of the cars the published site lists. */
  min_listed_ratio: number;
  /** Hold when more than this share of the records read were rejected. */
  max_rejected_ratio: number;
}

export const DEFAULT_THRESHOLDS: GuardThresholds = { min_listed_ratio: 0.5, max_rejected_ratio: 0.2 };

export type PublishDecision = { publish: true } | { publish: false; reason: string; hint: string };

const pct = (x: number) => `${Math.round(x * 100)}%`;

/**
 * Whether a build may replace the published site. `previous` is undefined on a tenant's first build,
 * which publishes if anything is listed. `accepted` (the --accept flag) publishes anyway, for a
 * genuine clear-out; it never publishes a build that lists nothing.
 */
export function publishDecision(
  build: { read: number; rejected: number; listed: number },
  previous: { listed: number } | undefined,
  thresholds: GuardThresholds,
  accepted = false,
  slug = '<slug>',
): PublishDecision {
  const accept = `If this is right (a genuine clear-out), publish it with --accept ${slug}.`;
  if (build.read === 0)
    return { publish: false, reason: 'the stock export has no records', hint: 'Check the export job that writes the stock file; the published site is kept.' };
  const rejectedShare = build.rejected / build.read;
  if (!accepted && rejectedShare > thresholds.max_rejected_ratio)
    return {
      publish: false,
      reason: `${build.rejected} of ${build.read} records rejected (${pct(rejectedShare)}, more than the ${pct(thresholds.max_rejected_ratio)} allowed)`,
      // --accept never publishes a build that lists nothing: named only where it would help.
      hint: `The export's shape probably changed: see the rejected-record groups. ${build.listed > 0 ? accept : 'No car would be listed, so --accept would not help.'}`,
    };
  if (build.listed === 0)
    return {
      publish: false,
      reason: `no car would be listed (${build.read} records read, ${build.rejected} rejected)`,
      hint: 'Check the rejected-record groups in report.json; a site with no cars is never published.',
    };
  if (accepted) return { publish: true };
  if (previous && previous.listed > 0 && build.listed < previous.listed * thresholds.min_listed_ratio)
    return {
      publish: false,
      reason: `the new build lists ${build.listed} car${build.listed === 1 ? '' : 's'} where the published site lists ${previous.listed} (under ${pct(thresholds.min_listed_ratio)})`,
      hint: `A truncated or partial export looks like this. ${accept}`,
    };
  return { publish: true };
}

/** The published site's state: its published.json, else (a site from before the guard) its car pages counted. */
export function readPublishedState(out: string, slug: string, buildDir: string): PublishedState | undefined {
  const file = join(buildDir, 'published.json');
  if (existsSync(file)) {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as PublishedState;
    } catch {
      // Unreadable state: fall through to counting what is there.
    }
  }
  const site = join(out, slug);
  if (!existsSync(join(site, 'index.html'))) return undefined;
  // A site published before the guard: its model says what it lists.
  try {
    const model = JSON.parse(readFileSync(join(buildDir, 'model.json'), 'utf8')) as { vehicles?: unknown[] };
    return { slug, listed: model.vehicles?.length ?? 0, read: model.vehicles?.length ?? 0, published_at: 'unknown' };
  } catch {
    return { slug, listed: 0, read: 0, published_at: 'unknown' };
  }
}

/** A staging folder for one build: the site and its private build files, beside <out>/<slug>. */
export function stagingFolders(out: string, slug: string): { root: string; site: string; build: string } {
  const root = join(out, '_build', '.staging', `${slug}-${process.pid}`);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(join(root, 'build'), { recursive: true });
  return { root, site: join(root, 'site'), build: join(root, 'build') };
}

/**
 * Swaps a finished staged build in: the published folder is renamed aside and the staged one renamed
 * into its place (two renames on one filesystem, microseconds apart), then the private build files
 * (model.json, ...) replace the old ones one by one. The old site (20,000 files for a big tenant:
 * seconds of unlinking on a busy disk) is renamed into <out>/_build/.trash and removed by a background
 * process, so the build ends when the new site is in place; `emptyTrash` removes what a stopped
 * background removal left.
 */
export function swapIn(staging: { root: string; site: string; build: string }, out: string, slug: string, buildDir: string, state: PublishedState): void {
  const live = join(out, slug);
  const trash = join(out, '_build', '.trash');
  const old = join(trash, `${slug}-${process.pid}-${Date.now()}`);
  if (existsSync(live)) {
    mkdirSync(trash, { recursive: true });
    renameSync(live, old);
  }
  renameSync(staging.site, live);
  mkdirSync(buildDir, { recursive: true });
  for (const name of readdirSync(staging.build)) renameSync(join(staging.build, name), join(buildDir, name));
  writeFileSync(join(buildDir, 'published.json'), `${JSON.stringify(state, null, 2)}\n`);
  rmSync(staging.root, { recursive: true, force: true });
  if (existsSync(old)) removeInBackground(old);
}

/** Removes a folder from a detached process that outlives this one. */
function removeInBackground(dir: string): void {
  const child = spawn(process.execPath, ['-e', 'require("node:fs").rmSync(process.argv[1], { recursive: true, force: true })', dir], {
    detached: true,
    stdio: 'ignore',
  });
  child.on('error', () => rmSync(dir, { recursive: true, force: true }));
  child.unref();
}

/** Removes old sites left in <out>/_build/.trash by a background removal that did not finish. */
export function emptyTrash(out: string, olderThanMs = 10 * 60_000): void {
  const trash = join(out, '_build', '.trash');
  if (!existsSync(trash)) return;
  for (const name of readdirSync(trash)) {
    // Named <slug>-<pid>-<ms> when it was put there.
    const at = Number(/-(\d+)$/.exec(name)?.[1] ?? 0);
    if (Date.now() - at > olderThanMs) rmSync(join(trash, name), { recursive: true, force: true });
  }
}
