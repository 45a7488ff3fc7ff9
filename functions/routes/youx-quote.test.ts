import { describe, expect, it } from 'vitest';
import { repayment } from '../../src/lib/finance/amortise.ts';
import { buildApp, commonPostChecks, useHarness } from '../test/harness.ts';
import { BETA } from '../test/fixtures.ts';

const body = () => ({
  selfAssessedCreditScore: 'GREAT',
  purchasePrice: 30000,
  loanTerm: 5,
  year: 2021,
  vin: 'JTMSA4UF4T9008632',
  nvic: '611HMF',
  whoIsHelping: '',
});

describe('POST /api/youx/quote', () => {
  const h = useHarness();

  it("answers from the amortisation formula with the tenant's rates when no provider is configured, on the stated 10% deposit and 30% final payment", async () => {
    const res = await h.post('/api/youx/quote', body());
    expect(res.status).toBe(200);
    const q = (await res.json()) as { weeklyRepaymentAmount: number; advertisedRate: number; comparisonRate: number };
    // alpha: 8.5% p.a., $395 establishment fee, 5 years weekly.
    expect(q.advertisedRate).toBe(8.5);
    // $30,000 less the $3,000 deposit plus the fee, $9,000 owing at the end: not the full price's $143.30.
    expect(q.weeklyRepaymentAmount).toBe(
      repayment({ amount: 30000, deposit: 3000, residual: 9000, establishmentFee: 395, annualRatePct: 8.5, years: 5, periodsPerYear: 52 }),
    );
    expect(q.weeklyRepaymentAmount).toBeCloseTo(101.61, 2);
    expect(q.weeklyRepaymentAmount).toBeLessThan(repayment({ amount: 30000, establishmentFee: 395, annualRatePct: 8.5, years: 5, periodsPerYear: 52 }));
    expect(q.comparisonRate).toBeGreaterThan(8.5);
    expect(q.comparisonRate).toBeCloseTo(9.06, 2);
  });

  it('gives a retry the same answer', async () => {
    const a = await (await h.post('/api/youx/quote', body())).json();
    const b = await (await h.post('/api/youx/quote', body())).json();
    expect(b).toEqual(a);
  });

  it('accepts "$30,000" and defaults the score and term', async () => {
    const res = await h.post('/api/youx/quote', { purchasePrice: '$30,000' });
    expect(res.status).toBe(200);
  });

  it.each(['0x7530', '3e4', 'Infinity', '30000abc', '1_000_000'])('refuses the amount %j (422): only digits, "$" and ","', async (price) => {
    expect((await h.post('/api/youx/quote', { purchasePrice: price })).status).toBe(422);
  });

  it("keeps to the tenant's limits: amount from finance.min_amount to max_amount, term up to max_term_years", async () => {
    // alpha: the defaults, $1,000 to $100,000 and 7 years.
    expect((await h.post('/api/youx/quote', { purchasePrice: 150000 })).status).toBe(422);
    expect((await h.post('/api/youx/quote', { purchasePrice: 100000, loanTerm: 7 })).status).toBe(200);
    const { Registry } = await import('../registry.ts');
    const { createApp } = await import('../app.ts');
    const { fixtureModels, makeTenant } = await import('../test/fixtures.ts');
    const models = fixtureModels();
    models[0]!.tenant = makeTenant('alpha', { features: { finance_quote: true }, finance: { min_amount: 5000, max_amount: 60000, max_term_years: 5 } });
    const app = createApp({ db: h.db, registry: new Registry(models), clock: h.clock, options: { secret: 'x'.repeat(32) } });
    const quote = (json: unknown) =>
      app.request(
        'http://localhost/api/youx/quote',
        { method: 'POST', headers: { origin: 'https://alpha.example.com.au', 'content-type': 'application/json' }, body: JSON.stringify(json) },
        { ip: '1.1.1.2' },
      );
    expect((await quote({ purchasePrice: 4000 })).status).toBe(422);
    expect((await quote({ purchasePrice: 70000 })).status).toBe(422);
    expect((await quote({ purchasePrice: 30000, loanTerm: 6 })).status).toBe(422);
    expect((await quote({ purchasePrice: 30000, loanTerm: 5 })).status).toBe(200);
  });

  it('uses the provider when configured and the tenant opted in', async () => {
    const { Registry } = await import('../registry.ts');
    const { createApp } = await import('../app.ts');
    const { fixtureModels, makeTenant } = await import('../test/fixtures.ts');
    const models = fixtureModels();
    models[0]!.tenant = makeTenant('alpha', { finance: { youx_quote: true } });
    const seen: unknown[] = [];
    const app = createApp({
      db: h.db,
      registry: new Registry(models),
      clock: h.clock,
      options: { secret: 'x'.repeat(32) },
      adapters: {
        ...buildApp(h.db, h.clock).app.deps.adapters,
        quote: { name: 'fake YouX', quote: async (input) => (seen.push(input), { weeklyRepaymentAmount: 111.11, advertisedRate: 6.29, comparisonRate: 8.19 }) },
      },
    });
    const res = await app.request(
      'http://localhost/api/youx/quote',
      { method: 'POST', headers: { origin: 'https://alpha.example.com.au', 'content-type': 'application/json' }, body: JSON.stringify(body()) },
      { ip: '1.1.1.1' },
    );
    expect(await res.json()).toEqual({ weeklyRepaymentAmount: 111.11, advertisedRate: 6.29, comparisonRate: 8.19 });
    expect(seen[0]).toMatchObject({ selfAssessedCreditScore: 'GREAT', purchasePrice: 30000, loanTerm: 5 });
  });

  it('answers 502 when the provider fails (the page ignores a non-OK answer)', async () => {
    const { Registry } = await import('../registry.ts');
    const { createApp } = await import('../app.ts');
    const { fixtureModels, makeTenant } = await import('../test/fixtures.ts');
    const models = fixtureModels();
    models[0]!.tenant = makeTenant('alpha', { finance: { youx_quote: true } });
    const app = createApp({
      db: h.db,
      registry: new Registry(models),
      clock: h.clock,
      options: { secret: 'x'.repeat(32) },
      adapters: { ...buildApp(h.db, h.clock).app.deps.adapters, quote: { name: 'down', quote: () => Promise.reject(new Error('timeout')) } },
    });
    const res = await app.request(
      'http://localhost/api/youx/quote',
      { method: 'POST', headers: { origin: 'https://alpha.example.com.au', 'content-type': 'application/json' }, body: JSON.stringify(body()) },
      { ip: '1.1.1.1' },
    );
    expect(res.status).toBe(502);
  });

  it('answers 404 where the tenant has no finance quote (beta)', async () => {
    expect((await h.post('/api/youx/quote', body(), { origin: BETA })).status).toBe(404);
  });

  for (const [label, patch, field] of [
    ['a missing price', { purchasePrice: undefined }, 'purchasePrice'],
    ['a price below 1000', { purchasePrice: 999 }, 'purchasePrice'],
    ['a text price', { purchasePrice: 'lots' }, 'purchasePrice'],
    ['a term over 7 years', { loanTerm: 8 }, 'loanTerm'],
    ['a term in fractions of a year (issue 27)', { loanTerm: 1.5 }, 'loanTerm'],
    ['a text term in fractions of a year', { loanTerm: '2.5' }, 'loanTerm'],
    ['an unknown credit score', { selfAssessedCreditScore: 'AMAZING' }, 'selfAssessedCreditScore'],
    ['a fractional year', { year: 2020.5 }, 'year'],
    ['a long VIN', { vin: 'X'.repeat(18) }, 'vin'],
  ] as const) {
    it(`refuses ${label} (422)`, async () => {
      const res = await h.post('/api/youx/quote', { ...body(), ...patch });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { issues: { field: string }[] }).issues.map((i) => i.field)).toContain(field);
    });
  }

  it('says what a fractional term should be (issue 27)', async () => {
    const res = await h.post('/api/youx/quote', { ...body(), loanTerm: 1.5 });
    expect(((await res.json()) as { issues: unknown[] }).issues).toEqual([{ field: 'loanTerm', message: 'expected a loan term in whole years' }]);
  });

  it('rate-limits per IP', async () => {
    const s = h.scaled(0.05);
    for (let i = 0; i < 3; i++) expect((await s.post('/api/youx/quote', body())).status).toBe(200);
    const res = await s.post('/api/youx/quote', body());
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
  });

  commonPostChecks(h, '/api/youx/quote', body);
});
