import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { Http } from '../errors.ts';

/** What idempotency() adds to a route's variables. */
export interface IdempotencyEnv {
  Variables: {
    /** The request's Idempotency-Key header, or undefined when it has none. */
    idempotencyKey: string | undefined;
  };
}

/** A key is 1 to 200 visible ASCII characters (what a UUID, a ULID or a hash fits in). */
const KEY = /^[\x21-\x7e]{1,200}$/;

/**
 * Reads the Idempotency-Key header: absent is fine (c.var.idempotencyKey is undefined), a malformed
 * one is refused 400 `{error: Http.idempotencyKeyInvalid}`. What a key protects is the route's: each
 * stores it beside its own row (UNIQUE (tenant, idempotency_key)) and compares a retry with what it
 * stored, answering with replayed() or conflict() below.
 */
export function idempotency(): MiddlewareHandler<AppEnv & IdempotencyEnv> {
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key !== undefined && !KEY.test(key)) return c.json({ error: Http.idempotencyKeyInvalid }, 400);
    c.set('idempotencyKey', key);
    return next();
  };
}

/** A retry of a stored request: the stored answer again, marked Idempotent-Replayed. */
export function replayed<T extends object>(c: Context, body: T, status: 200 | 201 = 201): Response {
  c.header('Idempotent-Replayed', 'true');
  return c.json(body, status);
}

/** The key was used before for a different request: 409, never answered as if this one were stored. */
export function conflict(c: Context): Response {
  return c.json({ error: Http.idempotencyConflict }, 409);
}
