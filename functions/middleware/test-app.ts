/** A bare app for the middleware tests: the shared site and body middleware, then the routes a test adds. */
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import type { Harness } from '../test/harness.ts';
import { ALPHA } from '../test/fixtures.ts';
import { jsonBody } from './json-body.ts';
import { siteMiddleware } from './site.ts';

export function bareApp(h: Harness): Hono<AppEnv> {
  const deps = h.app.deps;
  const app = new Hono<AppEnv>();
  app.use('*', siteMiddleware(deps));
  app.post('*', jsonBody(deps));
  return app;
}

/** A request from ALPHA's site, from `ip`, with a JSON body when one is given. */
export function send(app: Hono<AppEnv>, path: string, init: { method?: string; json?: unknown; headers?: Record<string, string>; ip?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('origin', ALPHA);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  const body = init.json === undefined ? null : JSON.stringify(init.json);
  return Promise.resolve(
    app.request(`http://localhost${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body }, { ip: init.ip ?? '203.0.113.90' }),
  );
}
