/**
 * A real S3-compatible server on 127.0.0.1 for tests and benchmarks: s3rver (a dev dependency) in a
 * child process (local-s3-server.ts) on a free port, storing into a temporary folder removed on close.
 * It checks request signatures with the access key `S3RVER` and secret `S3RVER` (LOCAL_S3_CREDENTIALS).
 * `log()` returns every request in the order the server handled it, each with sequence numbers for when
 * it arrived and when it was done, so a test can prove the deletes started after the last upload was stored.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const LOCAL_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface LoggedRequest {
  method: string;
  /** Decoded path: `/<bucket>/<key>`. */
  path: string;
  querystring: string;
  status: number;
  /** Sequence numbers (one counter) of its arrival and of the end of its handling. */
  started: number;
  finished: number;
}

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** Every request handled so far (waits for the server to have reported all of them). */
  log(): Promise<LoggedRequest[]>;
  close(): Promise<void>;
}

type ChildMessage = { type: 'ready'; port: number } | ({ type: 'request' } & LoggedRequest) | { type: 'synced'; id: number };

const START_TIMEOUT_MS = 20_000;
const SYNC_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 5_000;

function waitFor<T>(child: ChildProcess, ms: number, what: string, match: (m: ChildMessage) => T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const done = (fn: () => void): void => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      fn();
    };
    const onMessage = (m: ChildMessage): void => {
      const v = match(m);
      if (v !== undefined) done(() => resolve(v));
    };
    const onExit = (code: number | null): void => done(() => reject(new Error(`local S3 server exited (${code}) while waiting for ${what}`)));
    const timer = setTimeout(() => done(() => reject(new Error(`local S3 server: no ${what} within ${ms} ms`))), ms);
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

export async function startLocalS3(opts: { bucket?: string; latencyMs?: number } = {}): Promise<LocalS3> {
  const bucket = opts.bucket ?? 'sites';
  const directory = await mkdtemp(join(tmpdir(), 'local-s3-'));
  const script = join(import.meta.dirname, 'local-s3-server.ts');
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', script, directory, bucket, ...(opts.latencyMs ? [`--latency-ms=${opts.latencyMs}`] : [])],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const requests: LoggedRequest[] = [];
  child.on('message', (m: ChildMessage) => {
    if (m.type === 'request')
      requests.push({ method: m.method, path: m.path, querystring: m.querystring, status: m.status, started: m.started, finished: m.finished });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      if (child.connected) child.send({ type: 'close' });
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    await rm(directory, { recursive: true, force: true });
  };
  let port: number;
  try {
    port = await waitFor(child, START_TIMEOUT_MS, 'start', (m) => (m.type === 'ready' ? m.port : undefined));
  } catch (err) {
    await kill();
    throw err;
  }
  let syncs = 0;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    async log() {
      const id = ++syncs;
      const synced = waitFor(child, SYNC_TIMEOUT_MS, 'log', (m) => (m.type === 'synced' && m.id === id ? true : undefined));
      child.send({ type: 'sync', id });
      await synced;
      return [...requests];
    },
    close: kill,
  };
}
