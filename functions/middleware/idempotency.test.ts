import { describe, expect, it } from 'vitest';
import { Http } from '../errors.ts';
import { useHarness } from '../test/harness.ts';
import { conflict, idempotency, replayed } from './idempotency.ts';
import { bareApp, send } from './test-app.ts';

describe('idempotency()', () => {
  const h = useHarness();
  const app = () => {
    const keys: (string | undefined)[] = [];
    const a = bareApp(h);
    a.post('/api/i', idempotency(), (c) => {
      keys.push(c.get('idempotencyKey'));
      return c.json({ ok: true }, 201);
    });
    a.post('/api/replay', (c) => replayed(c, { id: 'x' }));
    a.post('/api/conflict', (c) => conflict(c));
    return { a, keys };
  };

  it('passes the key to the route, or undefined without one', async () => {
    const { a, keys } = app();
    expect((await send(a, '/api/i', { json: {}, headers: { 'idempotency-key': 'order-7f3a' } })).status).toBe(201);
    expect((await send(a, '/api/i', { json: {} })).status).toBe(201);
    expect(keys).toEqual(['order-7f3a', undefined]);
  });

  it.each([
    ['a space', 'two words'],
    ['201 characters', 'k'.repeat(201)],
    ['an empty value', ''],
  ])('refuses a key with %s (400) before the route runs', async (_what, key) => {
    const { a, keys } = app();
    const res = await send(a, '/api/i', { json: {}, headers: { 'idempotency-key': key } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: Http.idempotencyKeyInvalid });
    expect(keys).toEqual([]);
  });

  it('accepts a key of 200 visible characters', async () => {
    const { a, keys } = app();
    expect((await send(a, '/api/i', { json: {}, headers: { 'idempotency-key': '~'.repeat(200) } })).status).toBe(201);
    expect(keys).toHaveLength(1);
  });

  it('replayed() answers 201 marked Idempotent-Replayed; conflict() answers 409', async () => {
    const { a } = app();
    const again = await send(a, '/api/replay', { json: {} });
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual({ id: 'x' });
    const clash = await send(a, '/api/conflict', { json: {} });
    expect(clash.status).toBe(409);
    expect(await clash.json()).toEqual({ error: Http.idempotencyConflict });
  });
});
