/**
 * How a tenant's sites live in the bucket: release slots and one pointer (docs/publishing.md).
 *
 *   <prefix><slug>/slot-a/<path>              a complete site: every file of one release
 *   <prefix><slug>/slot-b/<path>              another release (the one before, or the one being written)
 *   <prefix><slug>/_meta/current.json         the pointer: which slot the host serves
 *   <prefix><slug>/_meta/releases.json        what each slot holds, the release log, withdrawn releases
 *   <prefix><slug>/_meta/manifest-<x>.json    each file of slot x: SHA-256, size, headers, ETag
 *   <prefix><slug>/_meta/history.json         the nightly history (scripts/lib/fleet/history.ts)
 *
 * A publish writes a slot nobody is served from, then replaces the pointer: one small PUT switches
 * every page at once, so a shopper never meets half a site, a killed publish leaves the live slot
 * untouched, and a rollback is the same one PUT back to the slot that was live before. Pure functions,
 * no Node imports (the edge Worker, edge/cloudflare/worker.ts, reads the pointer with them):
 * publish.ts and rollback.ts do the reading and writing; bucket-host.ts is the reference host.
 */

export const META = '_meta/';
/** How many releases a tenant keeps in the bucket (the live one and those a rollback can go back to). */
export const DEFAULT_RELEASES_KEPT = 3;
export const MAX_RELEASES_KEPT = 8;
/**
 * A slot that stopped being live less than this long ago is not written: a host that caches the
 * pointer (docs/publishing.md, "Serving the bucket") may still be serving it.
 */
export const SLOT_COOLDOWN_MS = 2 * 60_000;
/** How long a host may keep the pointer before reading it again: a publish or rollback is served within it. */
export const POINTER_TTL_SECONDS = 30;
/** Entries of the release log kept in releases.json. */
const LOG_KEPT = 50;
const WITHDRAWN_KEPT = 20;

export const tenantBase = (prefix: string, slug: string): string => `${prefix}${slug}/`;
export const pointerKey = (base: string): string => `${base}${META}current.json`;
export const indexKey = (base: string): string => `${base}${META}releases.json`;
export const manifestKey = (base: string, slot: string): string => `${base}${META}manifest-${slot}.json`;
/**
 * The model the release in a slot was built from (dist/_build/<slug>/model.json), for the functions: a
 * host following the pointer serves the live release's cars. Under _meta/, so no host serves it.
 */
export const modelKey = (base: string, slot: string): string => `${base}${META}model-${slot}.json`;
export const historyKey = (base: string): string => `${base}${META}history.json`;
export const slotBase = (base: string, slot: string): string => `${base}slot-${slot}/`;

/** The slot names for `kept` releases: a, b, c... */
export function slotNames(kept: number): string[] {
  return Array.from({ length: kept }, (_, i) => String.fromCharCode(97 + i));
}

/** The pointer a host reads: the live slot and the release it holds. */
export interface Pointer {
  version: 1;
  tenant: string;
  slot: string;
  release: string;
  published_at: string;
}

/** What the build says about a release: the guard's baseline and the "unchanged" test read it back. */
export interface ReleaseInfo {
  listed?: number | undefined;
  read?: number | undefined;
  fingerprint?: string | undefined;
  built_day?: string | undefined;
  valid_until?: string | undefined;
}

export interface SlotState {
  release: string;
  /** writing: a publish started filling the slot (and may have been stopped); complete: every file is there. */
  state: 'writing' | 'complete';
  started_at: string;
  completed_at?: string | undefined;
  /** When the pointer last moved to this slot, and away from it. */
  live_from?: string | undefined;
  live_until?: string | undefined;
  info: ReleaseInfo;
}

export interface ReleaseEvent {
  at: string;
  action: 'published' | 'rolled-back';
  release: string;
  slot: string;
  /** The release that was live before. */
  from?: string | undefined;
}

export interface ReleaseIndex {
  version: 1;
  tenant: string;
  slots: Record<string, SlotState>;
  log: ReleaseEvent[];
  /**
   * Releases a rollback moved away from, newest last: a build identical to one of them is not made live
   * again by the nightly run (it would undo the rollback); --accept publishes it anyway.
   */
  withdrawn: string[];
}

export function emptyIndex(tenant: string): ReleaseIndex {
  return { version: 1, tenant, slots: {}, log: [], withdrawn: [] };
}

const SLOT_NAME = /^[a-h]$/;
const RELEASE_ID = /^[0-9a-f]{16}$/;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The pointer's JSON; anything malformed is an error naming what (the caller says where). */
export function parsePointer(text: string): Pointer {
  const v: unknown = JSON.parse(text);
  if (!isRecord(v) || v['version'] !== 1) throw new Error('not a version 1 pointer');
  const { tenant, slot, release, published_at } = v;
  if (typeof tenant !== 'string' || typeof slot !== 'string' || !SLOT_NAME.test(slot))
    throw new Error(`pointer slot ${JSON.stringify(slot)} is not a slot name`);
  if (typeof release !== 'string' || !RELEASE_ID.test(release)) throw new Error(`pointer release ${JSON.stringify(release)} is not a release id`);
  return { version: 1, tenant, slot, release, published_at: typeof published_at === 'string' ? published_at : '' };
}

/** releases.json; a malformed file is an error (the publish stops rather than guess which slot is safe). */
export function parseIndex(text: string, tenant: string): ReleaseIndex {
  const v: unknown = JSON.parse(text);
  if (!isRecord(v) || v['version'] !== 1 || !isRecord(v['slots'])) throw new Error('not a version 1 release index');
  const slots: Record<string, SlotState> = {};
  for (const [name, s] of Object.entries(v['slots'])) {
    if (!SLOT_NAME.test(name) || !isRecord(s) || typeof s['release'] !== 'string' || (s['state'] !== 'writing' && s['state'] !== 'complete')) {
      throw new Error(`slot ${JSON.stringify(name)} is malformed`);
    }
    const str = (k: string): string | undefined => (typeof s[k] === 'string' ? (s[k] as string) : undefined);
    const info = isRecord(s['info']) ? (s['info'] as ReleaseInfo) : {};
    slots[name] = {
      release: s['release'],
      state: s['state'],
      started_at: str('started_at') ?? '',
      completed_at: str('completed_at'),
      live_from: str('live_from'),
      live_until: str('live_until'),
      info,
    };
  }
  const log = Array.isArray(v['log']) ? (v['log'].filter(isRecord) as unknown as ReleaseEvent[]) : [];
  const withdrawn = Array.isArray(v['withdrawn']) ? v['withdrawn'].filter((x): x is string => typeof x === 'string') : [];
  return { version: 1, tenant: typeof v['tenant'] === 'string' ? v['tenant'] : tenant, slots, log, withdrawn };
}

export type SlotChoice = { slot: string; resume: boolean; ready: boolean } | { error: string };

/**
 * The slot a new release is written to: one already holding this release (a publish that was stopped,
 * or a release that is complete and only needs the pointer), else a slot never used, else the one
 * live longest ago. Never the live slot, and never one that was live within the cooldown.
 */
export function chooseSlot(index: ReleaseIndex, live: string | undefined, kept: number, release: string, now: Date): SlotChoice {
  const names = slotNames(kept).filter((s) => s !== live);
  const same = names.find((s) => index.slots[s]?.release === release);
  if (same) return { slot: same, resume: index.slots[same]?.state === 'writing', ready: index.slots[same]?.state === 'complete' };
  const unused = names.find((s) => !index.slots[s]);
  if (unused) return { slot: unused, resume: false, ready: false };
  const cutoff = now.getTime() - SLOT_COOLDOWN_MS;
  const free = names
    .filter((s) => Date.parse(index.slots[s]?.live_until ?? '') <= cutoff || !index.slots[s]?.live_until)
    .sort((a, b) => (index.slots[a]?.live_until ?? '').localeCompare(index.slots[b]?.live_until ?? ''));
  if (free[0]) return { slot: free[0], resume: false, ready: false };
  return {
    error: `every other slot was live less than ${SLOT_COOLDOWN_MS / 60_000} minutes ago and a host may still be serving it; publish again in a few minutes (or keep more releases)`,
  };
}

/** The index once a slot starts being written. */
export function markWriting(index: ReleaseIndex, slot: string, release: string, info: ReleaseInfo, now: Date): ReleaseIndex {
  const previous = index.slots[slot];
  const keep = previous?.release === release ? previous : undefined;
  return {
    ...index,
    slots: {
      ...index.slots,
      [slot]: { release, state: 'writing', started_at: keep?.started_at ?? now.toISOString(), live_until: previous?.live_until, info },
    },
  };
}

/** The index after the pointer moved from `from` (if any) to `slot`. */
export function markLive(
  index: ReleaseIndex,
  change: { slot: string; from?: Pointer | undefined; action: ReleaseEvent['action']; now: Date; completed?: boolean },
): ReleaseIndex {
  const at = change.now.toISOString();
  const slots = { ...index.slots };
  const target = slots[change.slot];
  if (!target) throw new Error(`slot ${change.slot} holds no release`);
  slots[change.slot] = { ...target, state: 'complete', completed_at: change.completed ? at : target.completed_at, live_from: at, live_until: undefined };
  const from = change.from && change.from.slot !== change.slot ? slots[change.from.slot] : undefined;
  if (change.from && from) slots[change.from.slot] = { ...from, live_until: at };
  const withdrawn =
    change.action === 'rolled-back' && change.from
      ? [...index.withdrawn.filter((r) => r !== change.from?.release), change.from.release].slice(-WITHDRAWN_KEPT)
      : index.withdrawn.filter((r) => r !== target.release);
  const log: ReleaseEvent[] = [...index.log, { at, action: change.action, release: target.release, slot: change.slot, from: change.from?.release }].slice(
    -LOG_KEPT,
  );
  return { ...index, slots, log, withdrawn };
}

export function pointerFor(tenant: string, slot: string, release: string, now: Date): Pointer {
  return { version: 1, tenant, slot, release, published_at: now.toISOString() };
}

/** A release a rollback can go to: complete, not live; by the id (or a prefix of 4+ characters) or the last live. */
export function rollbackTarget(index: ReleaseIndex, live: Pointer | undefined, to?: string): { slot: string; release: string } | { error: string } {
  const candidates = Object.entries(index.slots)
    .filter(([slot, s]) => s.state === 'complete' && slot !== live?.slot)
    .sort(([, a], [, b]) => (b.live_until ?? '').localeCompare(a.live_until ?? ''));
  const known = candidates.map(
    ([, s]) => `${s.release} (${s.info.listed ?? '?'} cars, built ${s.info.built_day ?? '?'}, live until ${s.live_until ?? 'never'})`,
  );
  if (to !== undefined) {
    if (!/^[0-9a-f]{4,16}$/.test(to)) return { error: `--to ${JSON.stringify(to)}: a release id (4 to 16 hex characters)` };
    if (live?.release.startsWith(to)) return { error: `release ${live.release} is already live` };
    const match = candidates.filter(([, s]) => s.release.startsWith(to));
    if (match.length === 1 && match[0]) return { slot: match[0][0], release: match[0][1].release };
    if (match.length > 1) return { error: `--to ${to} matches ${match.length} releases; give more of the id` };
    return { error: `no kept release ${to}; the releases a rollback can go to: ${known.join('; ') || 'none'}` };
  }
  const last = candidates.find(([, s]) => s.live_until !== undefined) ?? candidates[0];
  if (!last) return { error: 'no earlier release is kept in the bucket: nothing to roll back to' };
  return { slot: last[0], release: last[1].release };
}

/**
 * The object keys a host tries, in order, for a request path in the live slot: `/` and `/cars/x/` are
 * their `index.html`; `/about` is `about`, then `about/index.html` (a page asked for without its slash);
 * other paths as they are. Empty for a path that would leave the slot (dot segments, empty segments,
 * backslashes, control characters) or is not a path at all.
 */
export function siteKeys(base: string, pointer: Pick<Pointer, 'slot'>, requestPath: string): string[] {
  if (!requestPath.startsWith('/')) return [];
  let path: string;
  try {
    path = decodeURIComponent(requestPath);
  } catch {
    return [];
  }
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return [];
  const segments = path.slice(1).split('/');
  const last = segments.pop() ?? '';
  if (segments.some((s) => s === '' || s === '.' || s === '..') || last === '.' || last === '..') return [];
  const dir = slotBase(base, pointer.slot) + segments.map((s) => `${s}/`).join('');
  if (last === '') return [`${dir}index.html`];
  return last.includes('.') ? [`${dir}${last}`] : [`${dir}${last}`, `${dir}${last}/index.html`];
}
