/**
 * The bucket, through the S3 API (AWS S3, Cloudflare R2, MinIO, anything that speaks it): the client
 * and the few requests the publisher, the rollback, the fleet history and the reference host make.
 */
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type HeadObjectCommandOutput,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { MAX_SITE_FILES } from './local.ts';
import { unquoteEtag, type RemoteObject } from './plan.ts';

const DELETE_BATCH = 1000; // the S3 API's limit per DeleteObjects request
const MAX_LIST_PAGES = Math.ceil((MAX_SITE_FILES * 4) / 1000);

export interface S3Options {
  /** An S3-compatible endpoint (R2, MinIO, a local server); empty or absent means AWS S3. */
  endpoint?: string | undefined;
  /** Empty or absent: AWS_REGION, else AWS_DEFAULT_REGION, else `auto` with an endpoint, else us-east-1. */
  region?: string | undefined;
}

const nonEmpty = (s: string | undefined): string | undefined => (s === undefined || s.trim() === '' ? undefined : s.trim());

/** Where the client sends its requests, for the first line a command prints. */
export function describeTarget(opts: S3Options, env: NodeJS.ProcessEnv = process.env): { endpoint: string | undefined; region: string; label: string } {
  const endpoint = nonEmpty(opts.endpoint);
  const region = nonEmpty(opts.region) ?? nonEmpty(env['AWS_REGION']) ?? nonEmpty(env['AWS_DEFAULT_REGION']) ?? (endpoint ? 'auto' : 'us-east-1');
  return { endpoint, region, label: endpoint ? `${endpoint} (region ${region})` : `AWS S3 (region ${region})` };
}

/**
 * An S3 client. Credentials come from the SDK's default chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY,
 * a profile, a CI's web identity), never from a flag or a tenant file. On AWS a bucket in another region
 * than the one configured answers with a redirect that the client follows.
 */
export function createS3Client(opts: S3Options = {}): S3Client {
  const { endpoint, region } = describeTarget(opts);
  return new S3Client({
    region,
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    followRegionRedirects: true,
    // The SDK's default (a CRC32 checksum on every request, streamed bodies sent aws-chunked) is not
    // understood by every S3-compatible server; uploads carry Content-MD5 instead, which all of them check.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 4,
  });
}

export function errorName(err: unknown): string {
  return typeof err === 'object' && err !== null && 'name' in err ? String((err as { name: unknown }).name) : '';
}

export function httpStatus(err: unknown): number | undefined {
  const meta = typeof err === 'object' && err !== null ? (err as { $metadata?: { httpStatusCode?: number } }).$metadata : undefined;
  return meta?.httpStatusCode;
}

const isMissing = (err: unknown): boolean => ['NoSuchKey', 'NotFound'].includes(errorName(err)) || httpStatus(err) === 404;

/** One line for an S3 error: its name, message and HTTP status. */
export function describeError(err: unknown): string {
  const e = err as Error;
  const status = httpStatus(err);
  const cause = (e as { cause?: { code?: string } }).cause?.code;
  return `${e.name && e.name !== 'Error' ? `${e.name}: ` : ''}${e.message || cause || 'unknown error'}${status ? ` (HTTP ${status})` : ''}`;
}

/** An object's text, or undefined when it does not exist. */
export async function getText(client: S3Client, bucket: string, key: string): Promise<string | undefined> {
  try {
    const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return (await res.Body?.transformToString('utf-8')) ?? '';
  } catch (err) {
    if (isMissing(err)) return undefined;
    throw err;
  }
}

/** A small JSON object, never cached by a host or CDN in front (the pointer and the bookkeeping). */
export async function putJson(client: S3Client, bucket: string, key: string, value: unknown, cacheControl = 'no-store'): Promise<void> {
  await client.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: Buffer.from(`${JSON.stringify(value)}\n`),
      ContentType: 'application/json; charset=utf-8',
      CacheControl: cacheControl,
    }),
  );
}

/** Every object under `base`, by its key relative to `base`. */
export async function listUnder(client: S3Client, bucket: string, base: string): Promise<Map<string, RemoteObject>> {
  const objects = new Map<string, RemoteObject>();
  let token: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const res: ListObjectsV2CommandOutput = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: base, ContinuationToken: token }));
    for (const o of res.Contents ?? []) {
      if (!o.Key?.startsWith(base)) continue;
      objects.set(o.Key.slice(base.length), { size: o.Size ?? -1, etag: unquoteEtag(o.ETag) });
    }
    if (!res.IsTruncated) return objects;
    token = res.NextContinuationToken;
    if (!token) throw new Error(`listing s3://${bucket}/${base}: truncated without a continuation token`);
  }
  throw new Error(`listing s3://${bucket}/${base}: more than ${MAX_LIST_PAGES} pages`);
}

/** The first level under `base`: folder names (without their `/`) and file names. */
export async function listLevel(client: S3Client, bucket: string, base: string): Promise<{ folders: string[]; files: string[] }> {
  const folders = new Set<string>();
  const files: string[] = [];
  let token: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const res: ListObjectsV2CommandOutput = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: base, Delimiter: '/', ContinuationToken: token }),
    );
    for (const p of res.CommonPrefixes ?? []) if (p.Prefix?.startsWith(base)) folders.add(p.Prefix.slice(base.length).replace(/\/$/, ''));
    for (const o of res.Contents ?? []) if (o.Key?.startsWith(base)) files.push(o.Key.slice(base.length));
    if (!res.IsTruncated) return { folders: [...folders].sort(), files: files.sort() };
    token = res.NextContinuationToken;
    if (!token) throw new Error(`listing s3://${bucket}/${base}: truncated without a continuation token`);
  }
  throw new Error(`listing s3://${bucket}/${base}: more than ${MAX_LIST_PAGES} pages`);
}

/** HEAD of one object; undefined when it does not exist. */
export async function headObject(client: S3Client, bucket: string, key: string): Promise<HeadObjectCommandOutput | undefined> {
  try {
    return await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  } catch (err) {
    if (isMissing(err)) return undefined;
    throw err;
  }
}

/**
 * A server-side copy (no bytes through this machine); the copy keeps the source's headers. Returns the
 * new ETag, or undefined when the source is gone (the caller uploads instead).
 */
export async function copyObject(client: S3Client, bucket: string, from: string, to: string): Promise<string | undefined> {
  try {
    const res = await client.send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: to,
        CopySource: `${bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
        MetadataDirective: 'COPY',
      }),
    );
    return unquoteEtag(res.CopyObjectResult?.ETag);
  } catch (err) {
    if (isMissing(err)) return undefined;
    throw err;
  }
}

/** Deletes keys, 1,000 a request; calls `onDeleted` after each batch. */
export async function deleteKeys(client: S3Client, bucket: string, keys: readonly string[], onDeleted?: (keys: string[]) => void): Promise<number> {
  let n = 0;
  for (let i = 0; i < keys.length; i += DELETE_BATCH) {
    const batch = keys.slice(i, i + DELETE_BATCH);
    const res = await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
    const errors = res.Errors ?? [];
    if (errors.length > 0) {
      const first = errors[0];
      throw new Error(`could not delete ${errors.length} object(s), e.g. ${first?.Key}: ${first?.Code} ${first?.Message ?? ''}`.trim());
    }
    n += batch.length;
    onDeleted?.(batch);
  }
  return n;
}

/**
 * On AWS, the bucket's own region when it is not the one configured: AWS answers a request signed for
 * the wrong region with a redirect naming the right one. The SDK follows such a redirect for every
 * request again (two requests each); learning the region once keeps a night's thousands of requests
 * single. One listing of the prefix (what a key limited to the prefix may do); undefined when the
 * region is right, on another store, or when the answer names none.
 */
export async function probeRegion(opts: S3Options, bucket: string, prefix: string): Promise<string | undefined> {
  const { endpoint, region } = describeTarget(opts);
  if (endpoint) return undefined;
  const probe = new S3Client({ region, followRegionRedirects: false, maxAttempts: 2, requestChecksumCalculation: 'WHEN_REQUIRED' });
  try {
    await probe.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: 1 }));
    return undefined;
  } catch (err) {
    const headers = (err as { $response?: { headers?: Record<string, string | undefined> } }).$response?.headers ?? {};
    const actual = headers['x-amz-bucket-region'];
    return actual && actual !== region && /^[a-z0-9-]+$/.test(actual) ? actual : undefined;
  } finally {
    probe.destroy();
  }
}

/** Checks the bucket answers before anything is touched. */
export async function checkBucket(client: S3Client, bucket: string, prefix: string): Promise<void> {
  await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: 1 }));
}
