/**
 * The reference host for the release layout (layout.ts): answers a request for a tenant's page from
 * the slot its pointer names, as a CDN function in front of the bucket does (docs/publishing.md,
 * "Serving the bucket", has the same rule for CloudFront and Cloudflare). The pointer is read again
 * after `ttlMs`, so a publish or a rollback is served within that time. GET and HEAD only.
 */
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createServer, type Server } from 'node:http';
import { errorName, getText, httpStatus } from './bucket.ts';
import { parsePointer, pointerKey, POINTER_TTL_SECONDS, siteKeys, slotBase, tenantBase, type Pointer } from './layout.ts';

export interface BucketHostOptions {
  client: S3Client;
  bucket: string;
  prefix: string;
  /** The tenant a request is for (by its Host header, or always the same one). */
  tenantFor: (host: string) => string | undefined;
  /** How long the pointer is kept; default 30 s. */
  ttlMs?: number | undefined;
}

const PASSED = ['content-type', 'cache-control', 'content-encoding', 'etag', 'last-modified'] as const;

export function bucketHost(opts: BucketHostOptions): (request: Request) => Promise<Response> {
  const ttl = opts.ttlMs ?? POINTER_TTL_SECONDS * 1000;
  const pointers = new Map<string, { pointer: Pointer | undefined; until: number }>();
  const pointerOf = async (base: string): Promise<Pointer | undefined> => {
    const cached = pointers.get(base);
    if (cached && cached.until > Date.now()) return cached.pointer;
    const text = await getText(opts.client, opts.bucket, pointerKey(base));
    const pointer = text === undefined ? undefined : parsePointer(text);
    pointers.set(base, { pointer, until: Date.now() + ttl });
    return pointer;
  };
  const fetchKey = async (key: string, head: boolean): Promise<Response | undefined> => {
    try {
      const res = await opts.client.send(new GetObjectCommand({ Bucket: opts.bucket, Key: key }));
      const headers = new Headers();
      const meta: Record<(typeof PASSED)[number], string | undefined> = {
        'content-type': res.ContentType,
        'cache-control': res.CacheControl,
        'content-encoding': res.ContentEncoding,
        etag: res.ETag,
        'last-modified': res.LastModified?.toUTCString(),
      };
      for (const name of PASSED) if (meta[name]) headers.set(name, meta[name]);
      const body = head ? null : Buffer.from((await res.Body?.transformToByteArray()) ?? new Uint8Array());
      if (head) res.Body?.transformToByteArray().catch(() => undefined);
      return new Response(body, { status: 200, headers });
    } catch (err) {
      if (errorName(err) === 'NoSuchKey' || httpStatus(err) === 404) return undefined;
      throw err;
    }
  };
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response('Method not allowed', { status: 405, headers: { allow: 'GET, HEAD' } });
    const url = new URL(request.url);
    const slug = opts.tenantFor(url.host);
    if (!slug) return new Response('Unknown site', { status: 404 });
    const base = tenantBase(opts.prefix, slug);
    const pointer = await pointerOf(base);
    if (!pointer) return new Response('This site has not been published yet', { status: 404 });
    const head = request.method === 'HEAD';
    for (const key of siteKeys(base, pointer, url.pathname)) {
      const res = await fetchKey(key, head);
      if (res) return res;
    }
    const notFound = await fetchKey(`${slotBase(base, pointer.slot)}404.html`, head);
    return new Response(notFound?.body ?? 'Not found', { status: 404, headers: notFound?.headers ?? { 'content-type': 'text/plain; charset=utf-8' } });
  };
}

/** bucketHost on 127.0.0.1 (port 0: a free one), for `npm run sites -- serve` and the tests. */
export async function serveBucket(
  opts: BucketHostOptions & { port?: number | undefined },
): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const handle = bucketHost(opts);
  const server = createServer((req, res) => {
    const request = new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`, { method: req.method ?? 'GET' });
    handle(request)
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
      })
      .catch((err: unknown) => {
        res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`The bucket did not answer: ${(err as Error).message}`);
      });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, server, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
