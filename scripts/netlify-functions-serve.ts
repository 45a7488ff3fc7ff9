/**
 * Runs our Netlify Functions on a local port in Netlify's own local runtime, @netlify/functions-dev
 * (the functions layer of Netlify's local development tooling), configured by the [functions] table
 * of netlify.toml:
 *
 *   node scripts/run.mjs scripts/netlify-functions-serve.ts --build <empty folder> [--port 0] \
 *     [--functions functions/adapters/netlify] [--functions functions/adapters/netlify-outbox]
 *
 * On a function's first request the runtime bundles it with @netlify/zip-it-and-ship-it (the bundler
 * `netlify deploy` uses, with netlify.toml's included_files and external_node_modules) into
 * `<build>/<name>/`, then runs Netlify's bootstrap (___netlify-entry-point.mjs, the file AWS Lambda
 * runs in production) through lambda-local, in a new worker thread per request. Routes are the ones
 * the functions declare (api: /api/* and /cars/:slug/autogauge); a scheduled function runs on
 * POST /.netlify/functions/<name>, as Netlify's clock calls it. Prints one JSON line
 * `{"event":"listening","port":…}` when ready; environment variables pass through to the functions.
 *
 * Why @netlify/functions-dev and not netlify-cli (`netlify functions:serve`, `netlify dev --offline`):
 * it is the same runtime without the CLI around it (no account, no site link, no Deno download for
 * edge functions, which fails offline), and a few MB from the npm registry instead of the CLI's
 * hundreds.
 */
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fromWebResponse, mockLocation, Reactive, toWebRequest } from '@netlify/dev-utils';
import { FunctionsHandler } from '@netlify/functions-dev';
import { readNetlifyFunctions, REPO_ROOT } from './lib/netlify.ts';

const { values } = parseArgs({
  options: {
    functions: { type: 'string', multiple: true },
    build: { type: 'string' },
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
  },
});
if (!values.build) {
  console.error('netlify-functions-serve: --build <folder for the bundled functions> is required');
  process.exit(2);
}
const settings = readNetlifyFunctions();
const folders = values.functions?.length ? values.functions : [settings.directory ?? 'functions/adapters/netlify'];

// One handler per functions folder (a Netlify site has one), each bundling into its own folder.
const handlers = folders.map((folder, i) => {
  const destPath = resolve(values.build as string, String(i));
  mkdirSync(destPath, { recursive: true });
  return new FunctionsHandler({
    projectRoot: REPO_ROOT,
    destPath,
    userFunctionsPath: resolve(REPO_ROOT, folder),
    // netlify.toml's [functions] table, as Netlify's config loader hands it over (pattern "*").
    config: new Reactive({ functions: { '*': settings } }),
    settings: {},
    geolocation: mockLocation,
    eventHandler: (event) => {
      if (/Error/.test(event.name)) console.error(`[functions-dev] ${event.name}`);
    },
  });
});

/**
 * functions-dev 2.0.8 bundles a function again on every request (it is made for editing the sources
 * while `netlify dev` runs: several seconds per request here). A deploy bundles once, so each
 * function's build is kept after its first one: the runtime's own build step, run once.
 */
interface RuntimeFunction {
  build: (opts: unknown) => Promise<unknown>;
}
const patched = new WeakSet<RuntimeFunction>();
async function buildOnce(handler: FunctionsHandler): Promise<void> {
  const internals = handler as unknown as { scan: Promise<void>; registry: { functions: Map<string, RuntimeFunction> } };
  await internals.scan;
  for (const func of internals.registry.functions.values()) {
    if (patched.has(func)) continue;
    patched.add(func);
    const build = func.build.bind(func);
    let first: Promise<unknown> | undefined;
    func.build = (opts) => (first ??= build(opts));
  }
}

const server = createServer((req, res) => {
  void (async () => {
    try {
      const request = toWebRequest(req);
      for (const handler of handlers) {
        await buildOnce(handler);
        const match = await handler.match(request);
        if (match) {
          await fromWebResponse(await match.handle(request), res);
          return;
        }
      }
      res.writeHead(404, { 'content-type': 'text/plain' }).end('No Netlify function answers this path.');
    } catch (err) {
      console.error(`[functions-dev] ${(err as Error).stack ?? String(err)}`);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  })();
});
server.listen(Number(values.port), values.host, () => {
  console.log(JSON.stringify({ event: 'listening', port: (server.address() as AddressInfo).port, folders }));
});
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
