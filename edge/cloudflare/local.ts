/**
 * The edge Worker (worker.ts) in Cloudflare's own runtime on this machine: bundled by esbuild into one
 * ES module script (as wrangler does), run by Miniflare (workerd) with an in-memory R2 bucket bound
 * as SITES and filled with the files a test names. For the tests (tests/build/edge-worker.test.ts,
 * tests/e2e/edge-dictionary.spec.ts); Node only, never part of the Worker.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';

const WORKER = resolve(import.meta.dirname, 'worker.ts');
/** The date the Worker is written for (wrangler.toml's compatibility_date, docs/performance.md). */
export const COMPATIBILITY_DATE = '2026-07-30';

/** worker.ts and what it imports, as the one ES module script Cloudflare runs. */
export async function bundleWorker(): Promise<string> {
  const out = await build({ entryPoints: [WORKER], bundle: true, format: 'esm', platform: 'neutral', target: 'es2022', write: false, logLevel: 'silent' });
  const script = out.outputFiles[0]?.text;
  if (!script) throw new Error('esbuild wrote no worker script');
  return script;
}

/** How long workerd may take to listen: Miniflare waits for ever on a binary that never starts. */
const START_TIMEOUT_MS = 40_000;

/** The workerd binary Miniflare runs (its MINIFLARE_WORKERD_PATH, else the workerd package's); an error naming it when it is not there. */
function workerdBinary(): string {
  const path = process.env['MINIFLARE_WORKERD_PATH'] ?? (createRequire(import.meta.url)('workerd') as { default: string }).default;
  if (!existsSync(path)) throw new Error(`no workerd binary at ${path}`);
  return path;
}

export interface LocalEdge {
  mf: Miniflare;
  /** The Worker's HTTP address when started with a port (127.0.0.1). */
  url: URL;
  close(): Promise<void>;
}

/**
 * The Worker in workerd, its bucket holding `files` (bucket key -> bytes). `port`: 0 for a free one
 * (a browser can then open `url`); `tenantBase`: the Worker's TENANT_BASE (the release layout).
 */
export async function startEdge(opts: {
  files: ReadonlyMap<string, Uint8Array>;
  port?: number;
  tenantBase?: string;
  /** The Worker's FUNCTIONS_ORIGIN: where it passes /api/* and /cars/<slug>/autogauge. */
  functionsOrigin?: string;
}): Promise<LocalEdge> {
  workerdBinary();
  const mf = new Miniflare({
    modules: true,
    script: await bundleWorker(),
    compatibilityDate: COMPATIBILITY_DATE,
    r2Buckets: ['SITES'],
    bindings: {
      ...(opts.tenantBase ? { TENANT_BASE: opts.tenantBase } : {}),
      ...(opts.functionsOrigin ? { FUNCTIONS_ORIGIN: opts.functionsOrigin } : {}),
    },
    host: '127.0.0.1',
    port: opts.port ?? 0,
  });
  try {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const url = await Promise.race([
      mf.ready,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`workerd did not start within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    // Typed by @cloudflare/workers-types, which the project does not install: only put is used.
    const bucket = (await mf.getR2Bucket('SITES')) as unknown as { put(key: string, value: Uint8Array): Promise<unknown> };
    for (const [key, bytes] of opts.files) await bucket.put(key, bytes);
    return { mf, url, close: () => mf.dispose() };
  } catch (err) {
    // Not awaited: a workerd that never started may never say it stopped either.
    void mf.dispose().catch(() => undefined);
    throw err;
  }
}

/** A built site's files by their paths inside it (`cars/x/index.html`), read from `<dist>/<slug>/`. */
export function siteFiles(siteDir: string, rels: readonly string[], prefix = ''): Map<string, Uint8Array> {
  return new Map(rels.map((rel) => [prefix + rel, readFileSync(join(siteDir, ...rel.split('/')))]));
}
