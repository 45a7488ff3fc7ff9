/**
 * Keeps the fleet's photo store (photo-store.ts) from growing for ever, by reference: a photo stays
 * while any release a tenant keeps in the bucket (the live one and those a rollback can go back to)
 * shows it, or while it is younger than `maxAgeDays` (made by a photo-only job or a held build whose
 * site is not published yet). Everything else goes: its meta first (so a meta in the store never
 * vouches for a deleted variant), then its variants. URL records not written for `maxAgeDays` go too
 * (a photo in use is re-checked with its server every week, which rewrites its record).
 *
 * What the releases show is read from each tenant's manifests (_meta/manifest-<slot>.json). A tenant
 * whose manifests cannot be read stops the prune: nothing is deleted on a partial picture.
 */
import { ListObjectsV2Command, type ListObjectsV2CommandOutput, type S3Client } from '@aws-sdk/client-s3';
import { deleteKeys, getText, listLevel } from '../publish/bucket.ts';
import { META, tenantBase } from '../publish/layout.ts';
import { normalisePrefix } from '../publish/publish.ts';
import { PHOTO_STORE_FOLDER } from './photo-store.ts';
import { VARIANT_REL } from './store.ts';

export interface StorePruneOptions {
  bucket: string;
  prefix: string;
  maxAgeDays: number;
  dryRun?: boolean | undefined;
  now?: number | undefined;
}

export interface StorePruneResult {
  tenants: number;
  /** Photos (content keys) the kept releases show. */
  referenced: number;
  /** Photos in the store, kept and removed. */
  kept: number;
  removed: number;
  /** Objects deleted (or that would be), and their bytes. */
  objects: number;
  bytes: number;
  urlRecords: number;
}

interface Listed {
  key: string;
  size: number;
  modified: number;
}

const MAX_PAGES = 100_000;

async function listAll(client: S3Client, bucket: string, base: string): Promise<Listed[]> {
  const out: Listed[] = [];
  let token: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const res: ListObjectsV2CommandOutput = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: base, ContinuationToken: token }));
    for (const o of res.Contents ?? []) {
      if (o.Key?.startsWith(base)) out.push({ key: o.Key, size: o.Size ?? 0, modified: o.LastModified?.getTime() ?? 0 });
    }
    if (!res.IsTruncated) return out;
    token = res.NextContinuationToken;
    if (!token) throw new Error(`listing s3://${bucket}/${base}: truncated without a continuation token`);
  }
  throw new Error(`listing s3://${bucket}/${base}: more than ${MAX_PAGES} pages`);
}

const KEY_OF_VARIANT = /^[0-9a-f]{2}\/([0-9a-f]{16,64})-/;

/** The photos (content keys) every kept release of every tenant in the bucket shows. */
export async function referencedPhotos(client: S3Client, bucket: string, prefix: string): Promise<{ tenants: number; keys: Set<string> }> {
  const { folders } = await listLevel(client, bucket, prefix);
  const tenants = folders.filter((f) => /^[a-z0-9][a-z0-9-]*$/.test(f));
  const keys = new Set<string>();
  for (const slug of tenants) {
    const meta = `${tenantBase(prefix, slug)}${META}`;
    const { files } = await listLevel(client, bucket, meta);
    for (const name of files.filter((f) => /^manifest-[a-h]\.json$/.test(f))) {
      const text = await getText(client, bucket, meta + name);
      if (text === undefined) continue; // replaced between the listing and the read: its slot is being rewritten
      let files: unknown;
      try {
        files = (JSON.parse(text) as { files?: unknown }).files;
      } catch {
        throw new Error(`${meta}${name} is not JSON: not pruning the photo store on a partial picture`);
      }
      if (typeof files !== 'object' || files === null) throw new Error(`${meta}${name} lists no files: not pruning the photo store on a partial picture`);
      for (const rel of Object.keys(files)) {
        const inImg = rel.startsWith('img/') ? rel.slice(4) : '';
        const key = VARIANT_REL.test(inImg) ? KEY_OF_VARIANT.exec(inImg)?.[1] : undefined;
        if (key) keys.add(key);
      }
    }
  }
  return { tenants: tenants.length, keys };
}

export async function pruneStore(client: S3Client, opts: StorePruneOptions): Promise<StorePruneResult> {
  if (!Number.isFinite(opts.maxAgeDays) || opts.maxAgeDays < 1) throw new RangeError(`maxAgeDays must be at least 1, got ${opts.maxAgeDays}`);
  const prefix = normalisePrefix(opts.prefix);
  const cutoff = (opts.now ?? Date.now()) - opts.maxAgeDays * 86_400_000;
  const store = `${prefix}${PHOTO_STORE_FOLDER}`;
  const { tenants, keys: referenced } = await referencedPhotos(client, opts.bucket, prefix);

  const metas = await listAll(client, opts.bucket, `${store}meta/`);
  const variants = await listAll(client, opts.bucket, `${store}v/`);
  const urls = await listAll(client, opts.bucket, `${store}url/`);

  const keyOfMeta = (k: string) => /([0-9a-f]{16,64})\.json$/.exec(k)?.[1];
  const young = new Set<string>();
  const doomed = new Set<string>();
  for (const m of metas) {
    const key = keyOfMeta(m.key);
    if (!key) continue;
    if (referenced.has(key) || m.modified >= cutoff) young.add(key);
    else doomed.add(key);
  }
  const deleteMetas = metas.filter((m) => doomed.has(keyOfMeta(m.key) ?? ''));
  // Variants of removed photos, and old variants no meta describes (a put that stopped half way).
  const deleteVariants = variants.filter((v) => {
    const key = KEY_OF_VARIANT.exec(v.key.slice(`${store}v/`.length))?.[1];
    if (!key || referenced.has(key) || young.has(key)) return false;
    return doomed.has(key) || v.modified < cutoff;
  });
  const deleteUrls = urls.filter((u) => u.modified < cutoff);

  const result: StorePruneResult = {
    tenants,
    referenced: referenced.size,
    kept: young.size,
    removed: doomed.size,
    objects: deleteMetas.length + deleteVariants.length + deleteUrls.length,
    bytes: [...deleteMetas, ...deleteVariants, ...deleteUrls].reduce((n, o) => n + o.size, 0),
    urlRecords: deleteUrls.length,
  };
  if (opts.dryRun) return result;
  await deleteKeys(
    client,
    opts.bucket,
    deleteMetas.map((m) => m.key),
  );
  await deleteKeys(
    client,
    opts.bucket,
    [...deleteVariants, ...deleteUrls].map((o) => o.key),
  );
  return result;
}
