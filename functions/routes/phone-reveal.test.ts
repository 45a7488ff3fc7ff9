import { describe, expect, it } from 'vitest';
import { commonPostChecks, useHarness } from '../test/harness.ts';
import { BETA } from '../test/fixtures.ts';

describe('POST /api/phone-reveal', () => {
  const h = useHarness();

  it('logs the reveal for this tenant', async () => {
    const res = await h.post('/api/phone-reveal', { car_id: 'a-hilux', dealership_id: 7, website_id: '3' });
    expect(res.status).toBe(201);
    const { rows } = await h.db.query<{ tenant: string; car_id: string; dealership_id: string; website_id: string; ip_hash: string }>(
      'SELECT * FROM phone_reveals',
    );
    expect(rows[0]).toMatchObject({ tenant: 'alpha', car_id: 'a-hilux', dealership_id: '7', website_id: '3' });
    expect(rows[0]?.ip_hash).not.toContain('203.0.113.7');
  });

  it('accepts empty optional ids (the page sends what it has)', async () => {
    expect((await h.post('/api/phone-reveal', { car_id: 'a-hilux', dealership_id: '', website_id: '' })).status).toBe(201);
  });

  it('logs each click, but a retry with the same Idempotency-Key only once', async () => {
    await h.post('/api/phone-reveal', { car_id: 'a-hilux' });
    await h.post('/api/phone-reveal', { car_id: 'a-hilux' });
    const a = (await (await h.post('/api/phone-reveal', { car_id: 'a-hilux' }, { headers: { 'idempotency-key': 'click-1' } })).json()) as { id: string };
    const b = (await (await h.post('/api/phone-reveal', { car_id: 'a-hilux' }, { headers: { 'idempotency-key': 'click-1' } })).json()) as { id: string };
    expect(b.id).toBe(a.id);
    const { rows } = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM phone_reveals');
    expect(rows[0]?.n).toBe(3);
    expect((await h.post('/api/phone-reveal', { car_id: 'a-hilux' }, { headers: { 'idempotency-key': 'bad key with spaces' } })).status).toBe(400);
  });

  it('refuses a reused Idempotency-Key with other data (409, as leads), and replays the same data (issue 27)', async () => {
    const key = { headers: { 'idempotency-key': 'click-2' } };
    const first = await h.post('/api/phone-reveal', { car_id: 'a-hilux' }, key);
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: string };
    const other = await h.post('/api/phone-reveal', { car_id: 'a-corolla-1' }, key);
    expect(other.status).toBe(409);
    expect(await other.json()).toEqual({ error: expect.stringMatching(/./) as unknown });
    expect((await h.post('/api/phone-reveal', { car_id: 'a-hilux', website_id: 'w-2' }, key)).status).toBe(409);
    const replay = await h.post('/api/phone-reveal', { car_id: 'a-hilux' }, key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(((await replay.json()) as { id: string }).id).toBe(id);
    const { rows } = await h.db.query<{ car_id: string }>('SELECT car_id FROM phone_reveals');
    expect(rows.map((r) => r.car_id)).toEqual(['a-hilux']);
  });

  for (const [label, body, field] of [
    ['a missing car_id', {}, 'car_id'],
    ['an object car_id', { car_id: { x: 1 } }, 'car_id'],
    ['an unknown car', { car_id: 'nope' }, 'car_id'],
    ["another tenant's car", { car_id: 'b-ranger' }, 'car_id'],
    ['a bad dealership id', { car_id: 'a-hilux', dealership_id: [] }, 'dealership_id'],
    ['a website id over 100 characters', { car_id: 'a-hilux', website_id: 'w'.repeat(101) }, 'website_id'],
  ] as const) {
    it(`refuses ${label} (422)`, async () => {
      const res = await h.post('/api/phone-reveal', body);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { issues: { field: string }[] }).issues[0]?.field).toBe(field);
    });
  }

  it("refuses this tenant's car through another tenant's origin", async () => {
    expect((await h.post('/api/phone-reveal', { car_id: 'a-hilux' }, { origin: BETA })).status).toBe(422);
  });

  it('rate-limits per IP', async () => {
    for (let i = 0; i < 30; i++) await h.post('/api/phone-reveal', { car_id: 'a-hilux' });
    expect((await h.post('/api/phone-reveal', { car_id: 'a-hilux' })).status).toBe(429);
  });

  commonPostChecks(h, '/api/phone-reveal', () => ({ car_id: 'a-hilux' }));
});
