import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { Http } from '../errors.ts';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Reads at most `limit` bytes; null when the body is larger. */
async function readCapped(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/**
 * For POST routes: 413 over the limit (by Content-Length, or while reading a chunked body), 415 for a
 * body that is not JSON, 400 for malformed JSON. An empty body without a type reads as {} (sign-out).
 * The parsed value is c.get('body').
 */
export function jsonBody(limit: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > limit) return c.json({ error: Http.tooLarge }, 413);
    const type = c.req.header('content-type');
    const isJson = type !== undefined && JSON_TYPE.test(type);
    if (!isJson && type !== undefined && type.trim() !== '') return c.json({ error: Http.notJson }, 415);
    const bytes = await readCapped(c.req.raw.body, limit);
    if (bytes === null) return c.json({ error: Http.tooLarge }, 413);
    if (!isJson) {
      if (bytes.byteLength > 0) return c.json({ error: Http.notJson }, 415);
      c.set('body', {});
      return next();
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    } catch {
      return c.json({ error: Http.badJson }, 400);
    }
    c.set('body', parsed);
    return next();
  };
}
