import { describe, expect, it } from 'vitest';
import { commonPostChecks, useHarness } from '../test/harness.ts';
import { BETA } from '../test/fixtures.ts';

const valuation = () => ({
  column_name: 'valuation',
  id: 'val-1',
  rego: 'ABC123',
  regoState: 'NSW',
  offer_price: 18500,
  adjustmentAnswers: { scratches: 'minor' },
  car_id: 'a-hilux',
});

describe('POST /api/miscellaneous', () => {
  const h = useHarness();

  it('saves the valuation result for this tenant', async () => {
    const res = await h.post('/api/miscellaneous', valuation());
    expect(res.status).toBe(201);
    const { rows } = await h.db.query<{ tenant: string; column_name: string; car_id: string; data: Record<string, unknown> }>(
      'SELECT tenant, column_name, car_id, data FROM valuations',
    );
    expect(rows[0]).toMatchObject({
      tenant: 'alpha',
      column_name: 'valuation',
      car_id: 'a-hilux',
      data: { id: 'val-1', offer_price: 18500, adjustmentAnswers: { scratches: 'minor' } },
    });
  });

  it('saves once for a retry with the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'valuation-42' };
    const a = (await (await h.post('/api/miscellaneous', valuation(), { headers })).json()) as { id: string };
    const b = (await (await h.post('/api/miscellaneous', valuation(), { headers })).json()) as { id: string };
    expect(b.id).toBe(a.id);
    const { rows } = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM valuations');
    expect(rows[0]?.n).toBe(1);
  });

  it('refuses a reused Idempotency-Key with different data (409) instead of dropping the new data', async () => {
    const headers = { 'idempotency-key': 'valuation-43' };
    expect((await h.post('/api/miscellaneous', valuation(), { headers })).status).toBe(201);
    const res = await h.post('/api/miscellaneous', { ...valuation(), offer_price: 21000 }, { headers });
    expect(res.status).toBe(409);
    const { rows } = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM valuations');
    expect(rows[0]?.n).toBe(1);
  });

  it('defaults column_name to valuation and links an earlier lead of this tenant', async () => {
    const lead = (await (await h.post('/api/leads', { category: 'Trade-in', name: 'Jo', email: 'jo@example.com' })).json()) as { lead_id: string };
    const res = await h.post('/api/miscellaneous', { lead_id: lead.lead_id, offer_price: 1 });
    expect(res.status).toBe(201);
  });

  for (const [label, body, field] of [
    ['an unknown column', { ...valuation(), column_name: 'password' }, 'column_name'],
    ['no result at all', { column_name: 'valuation' }, 'body'],
    ['an unknown car', { ...valuation(), car_id: 'nope' }, 'car_id'],
    ['an unknown lead', { ...valuation(), lead_id: 'nope' }, 'lead_id'],
  ] as const) {
    it(`refuses ${label} (422)`, async () => {
      const res = await h.post('/api/miscellaneous', body);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { issues: { field: string }[] }).issues.map((i) => i.field)).toContain(field);
    });
  }

  it("cannot link another tenant's lead or car", async () => {
    const lead = (await (await h.post('/api/leads', { category: 'Trade-in', name: 'Jo', email: 'jo@example.com' })).json()) as { lead_id: string };
    expect((await h.post('/api/miscellaneous', { lead_id: lead.lead_id, offer_price: 1 }, { origin: BETA })).status).toBe(422);
    expect((await h.post('/api/miscellaneous', { ...valuation(), car_id: 'a-hilux' }, { origin: BETA })).status).toBe(422);
  });

  it('rate-limits per IP', async () => {
    for (let i = 0; i < 20; i++) await h.post('/api/miscellaneous', valuation());
    expect((await h.post('/api/miscellaneous', valuation())).status).toBe(429);
  });

  commonPostChecks(h, '/api/miscellaneous', valuation);
});
