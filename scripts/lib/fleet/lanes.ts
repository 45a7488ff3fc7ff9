/**
 * Who is building and publishing to the bucket right now: the nightly (one entry per shard, and any
 * other run of build.ts with a bucket) and the fresh lane (build.ts --fresh, every 15 minutes). They
 * must never publish the same tenant at once (two publishes could pick the same slot), and GitHub's
 * concurrency groups cannot keep them apart safely: a fresh run waiting in the nightly's group would
 * replace, and so cancel, a nightly or a rollback waiting there (GitHub keeps one pending run per group).
 * So each run marks itself in the bucket the two share, under the sites' prefix:
 *
 *   <prefix>_lanes/<lane>-<until, ms since 1970>-<id>.json
 *
 * The expiry is in the key, so one listing says who is there. A run writes its mark first and lists
 * second; with the strong read-after-write consistency of S3 and R2 (a listing shows every object
 * written before it started), of two runs starting together at least one sees the other:
 *
 * - the fresh lane stands down when it sees any other run (it has nothing that cannot wait 15 minutes);
 * - the nightly waits while it sees a fresh run (at most that run's few minutes), then goes on.
 *
 * A live run renews its mark every few minutes (a new key, then the old one deleted); a run that dies
 * leaves a mark that expires by itself (LANE_TTL_MS). `_lanes` cannot be a tenant (slugs start with a
 * letter or digit), so no site listing sees it.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { deleteKeys, listUnder, putJson } from '../publish/bucket.ts';

export type LaneName = 'nightly' | 'fresh';
export const LANES_FOLDER = '_lanes/';
/** How long a mark stands without being renewed: a run that died blocks the other lane this long at most. */
export const LANE_TTL_MS = 20 * 60_000;
/** How often a live run renews its mark. */
export const LANE_RENEW_MS = 5 * 60_000;

export interface LaneWhere {
  client: S3Client;
  bucket: string;
  prefix: string;
}

export interface LaneMark {
  lane: LaneName;
  /** Expiry, ms since 1970, by the writer's clock. */
  until: number;
  id: string;
  /** The key relative to <prefix>_lanes/. */
  name: string;
}

const MARK = /^(nightly|fresh)-(\d{13})-([a-z0-9-]{1,80})\.json$/;

export function laneName(lane: LaneName, until: number, id: string): string {
  return `${lane}-${String(Math.round(until)).padStart(13, '0')}-${id}.json`;
}

export function parseLaneName(name: string): LaneMark | undefined {
  const m = MARK.exec(name);
  return m ? { lane: m[1] as LaneName, until: Number(m[2]), id: m[3]!, name } : undefined;
}

/** An id for this run: the GitHub run, attempt and shard when there is one, and the process. */
export function laneId(env: NodeJS.ProcessEnv, shard: string | undefined, pid = process.pid): string {
  const parts = [env['GITHUB_RUN_ID'] ?? 'local', env['GITHUB_RUN_ATTEMPT'], shard?.replace('/', 'of'), String(pid)];
  return parts
    .filter((p): p is string => Boolean(p))
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .slice(0, 80);
}

/** The marks that have not expired. */
export async function marksNow(where: LaneWhere, now = Date.now()): Promise<LaneMark[]> {
  const objects = await listUnder(where.client, where.bucket, `${where.prefix}${LANES_FOLDER}`);
  return [...objects.keys()]
    .map(parseLaneName)
    .filter((m): m is LaneMark => m !== undefined && m.until > now)
    .sort((a, b) => a.name.localeCompare(b.name));
}

export interface LaneHold {
  mark: LaneMark;
  /** Deletes the mark and stops renewing it. */
  release(): Promise<void>;
}

/**
 * Writes this run's mark and keeps it renewed until `release()`. A renewal that fails is said once on
 * stderr (the mark then expires by itself; the other lane may start after that).
 */
export async function enterLane(
  where: LaneWhere,
  lane: LaneName,
  id: string,
  opts: { ttlMs?: number | undefined; renewMs?: number | undefined; now?: () => number } = {},
): Promise<LaneHold> {
  const ttl = opts.ttlMs ?? LANE_TTL_MS;
  const now = opts.now ?? Date.now;
  const base = `${where.prefix}${LANES_FOLDER}`;
  const write = async (): Promise<LaneMark> => {
    const until = now() + ttl;
    const mark: LaneMark = { lane, until, id, name: laneName(lane, until, id) };
    await putJson(where.client, where.bucket, base + mark.name, { lane, id, until: new Date(until).toISOString(), written_at: new Date(now()).toISOString() });
    return mark;
  };
  let mark = await write();
  let released = false;
  let warned = false;
  let renewing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    renewing = (async () => {
      const old = mark;
      try {
        const next = await write();
        if (released) {
          await deleteKeys(where.client, where.bucket, [base + next.name]);
          return;
        }
        mark = next;
        await deleteKeys(where.client, where.bucket, [base + old.name]);
      } catch (err) {
        if (!warned) console.error(`warning: could not renew this run's mark ${base}${old.name}: ${(err as Error).message}`);
        warned = true;
      }
    })();
  }, opts.renewMs ?? LANE_RENEW_MS);
  timer.unref();
  return {
    get mark() {
      return mark;
    },
    async release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      await renewing;
      await deleteKeys(where.client, where.bucket, [base + mark.name]);
    },
  };
}

/** What a run may do once its mark is written: go on, stand down (fresh), or wait for these (nightly). */
export function laneVerdict(lane: LaneName, self: string, marks: readonly LaneMark[]): { go: true } | { go: false; because: LaneMark[] } {
  const others = marks.filter((m) => m.name !== self && m.id !== parseLaneName(self)?.id);
  const blocking = lane === 'fresh' ? others : others.filter((m) => m.lane === 'fresh');
  return blocking.length ? { go: false, because: blocking } : { go: true };
}

export type LaneClaim = { hold: LaneHold; waitedMs: number } | { standDown: LaneMark[] } | { timedOut: LaneMark[]; waitedMs: number };

/**
 * Marks this run and applies the rule above: a fresh run stands down when another run is marked; any
 * other run waits while a fresh run is marked (polling), up to `maxWaitMs`. Bucket errors are thrown.
 */
export async function claimLane(
  where: LaneWhere,
  lane: LaneName,
  id: string,
  opts: { log?: (line: string) => void; pollMs?: number; maxWaitMs?: number; ttlMs?: number; renewMs?: number } = {},
): Promise<LaneClaim> {
  const hold = await enterLane(where, lane, id, { ttlMs: opts.ttlMs, renewMs: opts.renewMs });
  const started = Date.now();
  let said = '';
  try {
    for (;;) {
      const verdict = laneVerdict(lane, hold.mark.name, await marksNow(where));
      if (verdict.go) return { hold, waitedMs: Date.now() - started };
      if (lane === 'fresh') {
        await hold.release();
        return { standDown: verdict.because };
      }
      const waited = Date.now() - started;
      if (waited >= (opts.maxWaitMs ?? 60 * 60_000)) {
        await hold.release();
        return { timedOut: verdict.because, waitedMs: waited };
      }
      const line = verdict.because.map(describeMark).join(', ');
      if (line !== said) opts.log?.(`Waiting for the fresh lane to finish before building: ${line}`);
      said = line;
      await new Promise((r) => setTimeout(r, opts.pollMs ?? 10_000));
    }
  } catch (err) {
    await hold.release().catch(() => undefined);
    throw err;
  }
}

export function describeMark(m: LaneMark): string {
  return `${m.lane} run ${m.id} (marked until ${new Date(m.until).toISOString().slice(11, 16)} UTC)`;
}
