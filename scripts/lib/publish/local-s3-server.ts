/**
 * The child process of local-s3.ts: s3rver on 127.0.0.1 (a free port), storing into the folder given as
 * the first argument, with bucket names as the next ones. Run with `node --openssl-legacy-provider`:
 * s3rver makes its ListObjectsV2 continuation tokens with DES, which OpenSSL 3 (Node 17 on) only has in
 * its legacy provider, so without it any listing longer than one page fails with HTTP 500.
 *
 * Talks to its parent over IPC: sends { type: 'ready', port }, then { type: 'request', ... } for every
 * request once it has been handled (before its answer is written); answers { type: 'sync', id } with
 * { type: 'synced', id } (IPC keeps order, so every earlier request has then been reported); stops on
 * { type: 'close' } or when the parent goes away.
 *
 * A third argument `--latency-ms=N` delays every answer by N ms, as a real store's round trip does (a
 * test that stops a publish half way needs the publish to take a while).
 *
 * s3rver's listing with a delimiter leaves out a common prefix whose objects all sit two or more folders
 * down (it does not walk folders below a prefix, so it never sees them): `sites/` with only
 * `sites/x/slot-a/index.html` lists no `sites/x/`. S3, R2 and MinIO list it. The store's listing is
 * wrapped here to walk everything under the prefix and group by the delimiter as S3 does.
 */
import S3rver from 's3rver';

const args = process.argv.slice(2);
const latencyMs = Number(args.find((a) => a.startsWith('--latency-ms='))?.slice('--latency-ms='.length) ?? 0);
const [directory, ...buckets] = args.filter((a) => !a.startsWith('--'));
if (!directory || buckets.length === 0 || !process.send) {
  console.error('usage: node --openssl-legacy-provider local-s3-server.ts <folder> <bucket>... (started by local-s3.ts over IPC)');
  process.exit(2);
}
const send = (message: unknown): void => {
  if (process.connected) process.send?.(message);
};

const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: buckets.map((name) => ({ name })), vhostBuckets: false });

type ListOptions = { delimiter?: string; startAfter?: string; prefix?: string; maxKeys?: number };
type Listing = { objects: { key: string }[]; commonPrefixes: string[]; isTruncated: boolean };
const store = (server as unknown as { store: { listObjects: (bucket: string, options: ListOptions) => Promise<Listing> } }).store;
const listObjects = store.listObjects.bind(store);
store.listObjects = async (bucket, options) => {
  const { delimiter = '', prefix = '', maxKeys = Infinity } = options;
  if (!delimiter) return listObjects(bucket, options);
  const all = await listObjects(bucket, { ...options, delimiter: '', maxKeys: Infinity });
  const commonPrefixes = new Set<string>();
  const objects: Listing['objects'] = [];
  let isTruncated = false;
  for (const o of all.objects) {
    const idx = o.key.slice(prefix.length).indexOf(delimiter);
    if (idx !== -1) commonPrefixes.add(o.key.slice(0, prefix.length + idx + delimiter.length));
    else if (objects.length < maxKeys) objects.push(o);
    else isTruncated = true;
  }
  return { objects, commonPrefixes: [...commonPrefixes].sort(), isTruncated };
};

let seq = 0;
server.middleware.unshift(async (ctx, next) => {
  const started = seq++;
  if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
  try {
    await next();
  } finally {
    send({
      type: 'request',
      method: ctx.method,
      path: decodeURIComponent(ctx.path),
      querystring: ctx.querystring,
      status: ctx.status,
      started,
      finished: seq++,
    });
  }
});

let closing = false;
async function stop(): Promise<void> {
  if (closing) return;
  closing = true;
  await server.close().catch(() => undefined);
  process.disconnect?.();
}

process.on('message', (m: { type?: string; id?: number }) => {
  if (m?.type === 'sync') send({ type: 'synced', id: m.id });
  else if (m?.type === 'close') void stop();
});
process.on('disconnect', () => void stop());
process.on('SIGTERM', () => void stop());

const address = await server.run();
send({ type: 'ready', port: address.port });
