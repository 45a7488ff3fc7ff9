/**
 * The publish manifest and the plan for one slot (layout.ts): which files to write, which are already
 * there, which objects to delete. Pure functions; publish.ts does the reading and the sending.
 *
 * A slot's manifest (<prefix><slug>/_meta/manifest-<slot>.json, written once the slot is complete) maps
 * each path to the SHA-256, size and headers it was written with, and the ETag the bucket answered. A file
 * is already there when the manifest has the same hash and headers AND the bucket still lists the object
 * with that size and ETag: an object replaced or removed behind the publisher's back is written again.
 * A file the manifest does not vouch for (a slot a stopped publish was filling, a bucket written some
 * other way) is already there when the listed ETag is its MD5 (a single-part upload's ETag on S3, R2 and
 * MinIO) and a HEAD shows the same Content-Type, Cache-Control and Content-Encoding: that is how a
 * stopped publish resumes with only what is missing. Deletes come from the listing, not the manifest.
 */
import { MANIFEST_NAME, type LocalFile } from './local.ts';
import { contentEncodingFor, type Phase } from './content.ts';

export interface ManifestEntry {
  sha256: string;
  size: number;
  content_type: string;
  cache_control: string;
  /** The ETag the bucket gave the object, without quotes. */
  etag: string;
}

export interface Manifest {
  version: 1;
  tenant: string;
  published_at: string;
  /** The release and slot it describes (layout.ts). */
  release?: string | undefined;
  slot?: string | undefined;
  files: Record<string, ManifestEntry>;
}

/** An object the bucket lists under the tenant's folder, by its path inside the site. */
export interface RemoteObject {
  size: number;
  etag: string;
}

export interface RemoteHeaders {
  contentType: string | undefined;
  cacheControl: string | undefined;
  contentEncoding?: string | undefined;
}

export interface RemoteState {
  /** Every object under the tenant's folder except the manifest. */
  objects: ReadonlyMap<string, RemoteObject>;
  manifest?: Manifest | undefined;
  /** HEAD answers for the files the manifest does not vouch for (fallbackCandidates). */
  heads?: ReadonlyMap<string, RemoteHeaders> | undefined;
}

export interface Plan {
  /** Files to upload, immutable assets first, then other files, then HTML; by path within a phase. */
  upload: LocalFile[];
  unchanged: LocalFile[];
  /** Paths inside the site of objects to delete once the new site is in place. */
  delete: string[];
}

const PHASE_ORDER: Record<Phase, number> = { immutable: 0, other: 1, html: 2 };

export function unquoteEtag(etag: string | undefined): string {
  return (etag ?? '').replace(/^W\//, '').replace(/^"|"$/g, '');
}

/**
 * Files whose listed object has their size and their MD5 as ETag, but that the manifest (if any) does
 * not vouch for: worth a HEAD before writing them again.
 */
export function fallbackCandidates(local: readonly LocalFile[], objects: ReadonlyMap<string, RemoteObject>, manifest?: Manifest): string[] {
  return local.filter((f) => objects.get(f.rel)?.size === f.size && objects.get(f.rel)?.etag === f.md5 && !vouched(f, objects, manifest)).map((f) => f.rel);
}

function vouched(f: LocalFile, objects: ReadonlyMap<string, RemoteObject>, manifest: Manifest | undefined): boolean {
  const obj = objects.get(f.rel);
  return manifest !== undefined && obj !== undefined && obj.size === f.size && inManifest(f, manifest) && manifest.files[f.rel]?.etag === obj.etag;
}

/** The manifest records this file with the same bytes and headers. */
export function inManifest(f: LocalFile, manifest: Manifest): boolean {
  const m = manifest.files[f.rel];
  return m !== undefined && m.sha256 === f.sha256 && m.size === f.size && m.content_type === f.contentType && m.cache_control === f.cacheControl;
}

/**
 * Files the manifest has as they are now but the listing did not return: worth a HEAD before uploading
 * them again (a listing can miss an object: s3rver pages in an order of its own, and some stores list
 * what was just written late). A listing that misses an object never causes a delete.
 */
export function unlistedCandidates(local: readonly LocalFile[], manifest: Manifest, objects: ReadonlyMap<string, RemoteObject>): string[] {
  return local.filter((f) => !objects.has(f.rel) && inManifest(f, manifest)).map((f) => f.rel);
}

function isUnchanged(f: LocalFile, remote: RemoteState): boolean {
  const obj = remote.objects.get(f.rel);
  if (!obj || obj.size !== f.size) return false;
  if (vouched(f, remote.objects, remote.manifest)) return true;
  const h = remote.heads?.get(f.rel);
  return (
    obj.etag === f.md5 &&
    h !== undefined &&
    h.contentType === f.contentType &&
    h.cacheControl === f.cacheControl &&
    // A dictionary-compressed page stored without its Content-Encoding would show as garbage.
    (h.contentEncoding || undefined) === contentEncodingFor(f.rel)
  );
}

export function planPublish(local: readonly LocalFile[], remote: RemoteState): Plan {
  const upload: LocalFile[] = [];
  const unchanged: LocalFile[] = [];
  for (const f of local) (isUnchanged(f, remote) ? unchanged : upload).push(f);
  upload.sort((a, b) => PHASE_ORDER[a.phase] - PHASE_ORDER[b.phase] || (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  const wanted = new Set(local.map((f) => f.rel));
  const del = [...remote.objects.keys()].filter((rel) => rel !== MANIFEST_NAME && !wanted.has(rel)).sort();
  return { upload, unchanged, delete: del };
}

/** The manifest after a publish: `etags` holds the bucket's ETag for every file (uploaded or unchanged). */
export function buildManifest(tenant: string, local: readonly LocalFile[], etags: ReadonlyMap<string, string>, publishedAt = new Date()): Manifest {
  const files: Record<string, ManifestEntry> = {};
  for (const f of local) {
    files[f.rel] = { sha256: f.sha256, size: f.size, content_type: f.contentType, cache_control: f.cacheControl, etag: etags.get(f.rel) ?? f.md5 };
  }
  return { version: 1, tenant, published_at: publishedAt.toISOString(), files };
}

/** Same files with the same hashes, headers and ETags (the publish time aside). */
export function sameFiles(a: Manifest | undefined, b: Manifest): boolean {
  if (!a) return false;
  const ka = Object.keys(a.files);
  if (ka.length !== Object.keys(b.files).length) return false;
  return ka.every((k) => {
    const x = a.files[k];
    const y = b.files[k];
    return (
      x !== undefined &&
      y !== undefined &&
      x.sha256 === y.sha256 &&
      x.size === y.size &&
      x.content_type === y.content_type &&
      x.cache_control === y.cache_control &&
      x.etag === y.etag
    );
  });
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Parses a stored manifest; anything malformed is an error (the caller falls back to the listing). */
export function parseManifest(text: string): Manifest {
  const v: unknown = JSON.parse(text);
  if (!isRecord(v) || v['version'] !== 1 || typeof v['tenant'] !== 'string' || !isRecord(v['files'])) throw new Error('not a version 1 publish manifest');
  const files: Record<string, ManifestEntry> = {};
  for (const [rel, e] of Object.entries(v['files'])) {
    if (
      !isRecord(e) ||
      typeof e['sha256'] !== 'string' ||
      typeof e['size'] !== 'number' ||
      typeof e['content_type'] !== 'string' ||
      typeof e['cache_control'] !== 'string' ||
      typeof e['etag'] !== 'string'
    ) {
      throw new Error(`manifest entry ${JSON.stringify(rel)} is malformed`);
    }
    files[rel] = { sha256: e['sha256'], size: e['size'], content_type: e['content_type'], cache_control: e['cache_control'], etag: e['etag'] };
  }
  const str = (k: string): string | undefined => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
  return { version: 1, tenant: v['tenant'], published_at: str('published_at') ?? '', release: str('release'), slot: str('slot'), files };
}

/**
 * What publishing `local` over a site last published as `previous` would send, without a bucket: the
 * manifest stands in for the listing (an S3 ETag of a single-part upload is the MD5). For benchmarks:
 * "the bytes a night uploads" is `planFromManifest(scan of tonight, manifest of last night)`.
 */
export function planFromManifest(local: readonly LocalFile[], previous: Manifest | undefined): Plan {
  const objects = new Map<string, RemoteObject>();
  for (const [rel, e] of Object.entries(previous?.files ?? {})) objects.set(rel, { size: e.size, etag: e.etag });
  return planPublish(local, { objects, manifest: previous ?? { version: 1, tenant: '', published_at: '', files: {} } });
}
