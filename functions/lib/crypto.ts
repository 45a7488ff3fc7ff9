import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const newId = (): string => crypto.randomUUID();

/** 32 random bytes, base64url: session tokens and visitor ids. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** A 6-digit sign-in code, uniformly random, leading zeros kept. */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const sha256 = (data: string): string => createHash('sha256').update(data).digest('hex');

/** Keyed hash: sign-in codes, IPs and visitor ids are stored only this way. */
export const hmac = (secret: string, data: string): string => createHmac('sha256', secret).update(data).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** JSON with object keys sorted at every level: equal bodies hash equally whatever the key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
