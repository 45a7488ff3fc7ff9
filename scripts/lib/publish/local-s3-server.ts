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
 */
import S3rver from 's3rver';

const [directory, ...buckets] = process.argv.slice(2);
if (!directory || buckets.length === 0 || !process.send) {
  console.error('usage: node --openssl-legacy-provider local-s3-server.ts <folder> <bucket>... (started by local-s3.ts over IPC)');
  process.exit(2);
}
const send = (message: unknown): void => {
  if (process.connected) process.send?.(message);
};

const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: buckets.map((name) => ({ name })), vhostBuckets: false });
let seq = 0;
server.middleware.unshift(async (ctx, next) => {
  const started = seq++;
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
