/**
 * `npm run dev -- --tenant <slug> [--port 4321] [--rebuild]`: work on a tenant's pages with live reload.
 *
 * The model is made once by the build (ingest, guard, photos, outputs: `npm run build -- --only
 * <slug>`, run here when <out>/_build/<slug>/model.json is missing or with --rebuild), then Astro's dev
 * server renders the pages from it on each request: a change to a page, component, island or CSS
 * reloads the browser. What the build made beside the pages (photos under /img, the search index, the
 * compression dictionary, market and similar-car files) is served from <out>/<slug>/, and /api/* goes
 * to the tenant's functions (PGlite under .data/<slug>, or DATABASE_URL), so forms work too. A change
 * to the tenant's config, content or stock needs the model made again: --rebuild.
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNodeServer } from '../functions/node.ts';
import { contentTypeFor } from './lib/publish/content.ts';
import { intFlag, isMain, parseCli, UsageError } from './lib/cli.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `
Usage: npm run dev -- --tenant <slug> [--port 4321] [--host 127.0.0.1] [--rebuild] [--tenants tenants] [--out dist] [--data dir]

Serves the tenant's pages from Astro's dev server with live reload, on the model of its last build.

  --tenant <slug>    the tenant (a folder under --tenants)
  --port <n>         the port (default 4321)
  --host <address>   the address to listen on (default 127.0.0.1)
  --rebuild          make the model again first (after changing the tenant's config, content or stock)
  --tenants <dir>    the tenant folders (default: tenants)
  --out <dir>        the build output the model and the built files are read from (default: dist)
  --data <dir>       the functions' PGlite folder (default: .data/<slug>); DATABASE_URL wins when set
  -h, --help         show this help
`;

/**
 * Serves what the build wrote beside the pages (a file with an extension other than .html that exists
 * under `site`), before Astro's own handling: photos, the search index, the dictionary. Pages are
 * never served from the build, so the dev server's render always wins.
 */
export function builtFiles(site: string): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  const base = resolve(site);
  return (req, res, next) => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://dev').pathname);
    } catch {
      return next();
    }
    const ext = extname(path);
    if (!ext || ext === '.html' || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const file = resolve(base, `.${path}`);
    if (!file.startsWith(base + sep) || !existsSync(file) || !statSync(file).isFile()) return next();
    res.writeHead(200, { 'content-type': contentTypeFor(path), 'cache-control': 'no-cache' });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file).pipe(res);
  };
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const flags = parseCli(
    USAGE,
    {
      tenant: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      rebuild: { type: 'boolean' },
      tenants: { type: 'string' },
      out: { type: 'string' },
      data: { type: 'string' },
    },
    argv,
  );
  let port: number;
  try {
    if (!flags.tenant) throw new UsageError('give --tenant <slug>');
    port = intFlag('port', flags.port, 4321, 1, 65535);
  } catch (err) {
    console.error(`error: ${(err as Error).message}\n\n${USAGE.trim()}`);
    process.exit(2);
  }
  const slug = flags.tenant;
  const tenants = resolve(flags.tenants ?? 'tenants');
  const out = resolve(flags.out ?? 'dist');
  if (!existsSync(join(tenants, slug, 'tenant.json'))) {
    console.error(`error: no tenant "${slug}" in ${tenants} (a folder with a tenant.json); npm run demo:generate makes the demo tenants`);
    process.exit(2);
  }
  const modelFile = join(out, '_build', slug, 'model.json');
  if (flags.rebuild || !existsSync(modelFile)) {
    console.log(`dev: making ${slug}'s model (npm run build -- --only ${slug}${flags.rebuild ? ' --force' : ''})`);
    const built = spawnSync(
      process.execPath,
      [join(root, 'scripts/build.ts'), '--tenants', tenants, '--out', out, '--only', slug, ...(flags.rebuild ? ['--force'] : [])],
      {
        stdio: 'inherit',
      },
    );
    if (built.status !== 0 || !existsSync(modelFile)) {
      console.error(`dev: the build of ${slug} did not make its model (${modelFile}); its report says why`);
      process.exit(1);
    }
  }

  // The functions on a port of their own; the dev server proxies /api/* to them as their own origin.
  const functions = await startNodeServer({ port: 0, dist: out, tenant: slug, tenantsDir: tenants, dataDir: flags.data, log: () => {} });
  const model = JSON.parse(readFileSync(modelFile, 'utf8')) as { tenant: { url: string } };

  process.chdir(root);
  const [{ dev }, { dealerModel }] = await Promise.all([import('astro'), import('../src/io/astro-model.ts')]);
  const server = await dev({
    root,
    site: model.tenant.url,
    server: { port, host: flags.host ?? '127.0.0.1' },
    logLevel: 'info',
    // The pages read the model the build wrote through the integration (src/io/astro-model.ts); no
    // render plan: every page renders on request.
    integrations: [dealerModel({ modelFile })],
    vite: {
      plugins: [{ name: 'dealer-built-files', configureServer: (vite) => void vite.middlewares.use(builtFiles(join(out, slug))) }],
      server: {
        proxy: {
          '/api': {
            target: functions.url,
            configure: (proxy) => proxy.on('proxyReq', (req) => req.setHeader('origin', functions.url)),
          },
        },
      },
    },
  });
  console.log(`dev: ${slug} at http://${flags.host ?? '127.0.0.1'}:${server.address.port}/ (functions at ${functions.url}); edit src/ and the page reloads`);
  const stop = () => {
    void Promise.allSettled([server.stop(), functions.close()]).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (isMain(import.meta.url)) await main();
