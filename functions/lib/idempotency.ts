import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { Http } from '../errors.ts';

/** The request's Idempotency-Key: undefined when absent, a 400 answer when malformed. */
export function idempotencyKey(c: Context<AppEnv>): { ok: true; key: string | undefined } | { ok: false; response: Response } {
  const key = c.req.header('idempotency-key');
  if (key !== undefined && !/^[\x21-\x7e]{1,200}$/.test(key)) return { ok: false, response: c.json({ error: Http.idempotencyKeyInvalid }, 400) };
  return { ok: true, key };
}
