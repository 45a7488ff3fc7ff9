import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { Http } from '../errors.ts';
import { countHits, ipBucket, tooMany } from '../lib/rate-limit.ts';

/** application/json only (with parameters): not text/plain, not application/x-anything+json. */
const JSON_TYPE = /^application\/json\s*(?:;|$)/i;

/** How deeply objects and arrays may nest: every form's body is a few levels deep. */
export const MAX_JSON_DEPTH = 16;

/** The deepest nesting of [ and { in JSON text, outside strings (checked before parsing). */
export function jsonDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92)
        i++; // backslash: skip the escaped character
      else if (ch === 34) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 || ch === 123) {
      depth++;
      if (depth > max) max = depth;
      if (max > stopAbove) return max;
    } else if (ch === 93 || ch === 125) depth--;
  }
  return max;
}

/** C0 controls other than tab, newline and carriage return, DEL, and UTF-16 surrogates without their pair. */
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether any string or key in a parsed JSON value holds a character no form sends (bounded walk). */
export function hasForbiddenText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const x = stack.pop();
    if (typeof x === 'string') {
      if (FORBIDDEN.test(x)) return true;
    } else if (Array.isArray(x)) stack.push(...(x as unknown[]));
    else if (x !== null && typeof x === 'object') {
      for (const [k, v] of Object.entries(x)) {
        if (FORBIDDEN.test(k)) return true;
        stack.push(v);
      }
    }
  }
  return false;
}

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
 * For POST routes (each route counts its requests in its own limits; what is refused here is counted
 * here, so every request counts): 413 over the
 * limit (by Content-Length, or while reading a chunked body), 415 for a body that is not
 * application/json, 400 for malformed JSON, JSON nested deeper than MAX_JSON_DEPTH, or text with
 * control characters or lone surrogates. An IP sending malformed bodies again and again gets 429.
 * An empty body without a type reads as {} (sign-out). The parsed value is c.get('body').
 *
 * The limit is deps.options.bodyLimitBytes (default 16 KB, functions/options.ts). Hono's own
 * hono/body-limit is not used for it: it believes a Content-Length and passes such a body on without
 * counting it, where this counts the bytes actually read; and it reads a chunked body before the type
 * is looked at, so a large body of the wrong type would get 413 instead of the 415 it gets here.
 */
export function jsonBody(deps: Deps): MiddlewareHandler<AppEnv> {
  const limit = deps.options.bodyLimitBytes;
  return async (c, next) => {
    // A well-formed body is counted by its route's own limits; one refused here is counted here.
    const refuse = async (status: 400 | 413 | 415, error: string) => {
      const bad = await countHits(deps, [{ key: ipBucket(c, deps, 'malformed'), rules: deps.options.rateLimits.malformedPerIp }]);
      if (bad.some((w) => w.over)) return tooMany(c, deps, bad);
      return c.json({ error }, status);
    };
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > limit) return refuse(413, Http.tooLarge);
    const type = c.req.header('content-type');
    const isJson = type !== undefined && JSON_TYPE.test(type);
    if (!isJson && type !== undefined && type.trim() !== '') return refuse(415, Http.notJson);
    const bytes = await readCapped(c.req.raw.body, limit);
    if (bytes === null) return refuse(413, Http.tooLarge);
    if (!isJson) {
      if (bytes.byteLength > 0) return refuse(415, Http.notJson);
      c.set('body', {});
      return next();
    }
    let parsed: unknown;
    try {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return refuse(400, Http.tooDeep);
      parsed = JSON.parse(text);
    } catch {
      return refuse(400, Http.badJson);
    }
    if (hasForbiddenText(parsed)) return refuse(400, Http.badText);
    c.set('body', parsed);
    return next();
  };
}
