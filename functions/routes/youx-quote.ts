/**
 * POST /api/youx/quote: weeklyRepaymentAmount, advertisedRate, comparisonRate for a car's price.
 * With a YouX adapter configured the provider answers; otherwise the amortisation formula on the
 * quote's stated assumptions (10% deposit, 30% final payment) with the tenant's configured rate
 * (finance.default_interest), establishment fee and comparison rate (or the comparison rate computed
 * from the fee on the spec's $30,000 5-year benchmark). Pure for a given body, so a retry gets the
 * same answer.
 */
import type { Hono } from 'hono';
import * as v from 'valibot';
import { comparisonRate } from '../../src/lib/finance/amortise.ts';
import { quoteWeeklyRepayment, tenantHasFinanceQuote } from '../../src/lib/finance/quote.ts';
import type { Quote, QuoteInput } from '../adapters/index.ts';
import type { AppEnv, Deps } from '../context.ts';
import { Http } from '../errors.ts';
import type { Site } from '../registry.ts';
import { invalid, optionalText, type FieldIssue } from '../lib/validation.ts';
import { feature } from '../middleware/feature.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { validate } from '../middleware/validate.ts';

const SCORES = ['EXCELLENT', 'GREAT', 'GOOD', 'FAIR', 'POOR', 'UNSURE'] as const;

const amount = (what: string, min: number, max: number) =>
  v.pipe(
    v.union([v.number(), v.string()], `expected ${what}`),
    // "$30,000", "30000.50": digits with an optional decimal part; never hex, exponents or "Infinity".
    v.transform((x) => {
      if (typeof x === 'number') return x;
      const plain = x.replace(/[$,\s]/g, '');
      return /^\d{1,9}(?:\.\d{1,2})?$/.test(plain) ? Number(plain) : NaN;
    }),
    v.number(`expected ${what}`),
    v.finite(`expected ${what}`),
    v.minValue(min, `${what} from ${min} to ${max}`),
    v.maxValue(max, `${what} from ${min} to ${max}`),
  );

const QuoteRequest = v.object({
  selfAssessedCreditScore: v.optional(
    v.pipe(v.string('expected a credit score'), v.trim(), v.toUpperCase(), v.picklist(SCORES, `expected one of ${SCORES.join(', ')}`)),
    'GREAT',
  ),
  purchasePrice: amount('a purchase price', 1000, 1_000_000),
  // Whole years, as the calculator offers them (issue 27: 1.5 was accepted).
  loanTerm: v.optional(v.pipe(amount('a loan term in years', 1, 7), v.integer('expected a loan term in whole years')), 5),
  year: v.optional(v.pipe(amount('a year', 1900, 2100), v.integer('expected a year'))),
  vin: optionalText(17),
  nvic: optionalText(20),
  whoIsHelping: optionalText(100),
});

/**
 * The local quote works the payment out on the assumptions the page states beside it (a 10% deposit
 * and a 30% final payment, src/lib/finance/quote.ts), never on the full price.
 */
export function localQuote(input: QuoteInput, site: Site): Quote {
  const f = site.tenant.finance;
  const rate = f.default_interest;
  return {
    weeklyRepaymentAmount: quoteWeeklyRepayment({
      price: input.purchasePrice,
      establishmentFee: f.establishment_fee,
      annualRatePct: rate,
      years: input.loanTerm,
    }),
    advertisedRate: rate,
    comparisonRate: f.comparison_rate ?? comparisonRate({ annualRatePct: rate, establishmentFee: f.establishment_fee }),
  };
}

export function youxQuoteRoute(app: Hono<AppEnv>, deps: Deps): void {
  const quoteOn = feature((site) => tenantHasFinanceQuote(site.tenant));
  app.post('/api/youx/quote', quoteOn, rateLimit(deps, 'quote', 'quotePerIp'), validate(QuoteRequest), async (c) => {
    const site = c.get('site');
    const input: QuoteInput = c.req.valid('json');
    // The tenant's own limits (the calculator's): an amount or term outside them gets no quote.
    const f = site.tenant.finance;
    const issues: FieldIssue[] = [];
    if (input.purchasePrice < f.min_amount || (!f.max_from_price && input.purchasePrice > f.max_amount)) {
      issues.push({ field: 'purchasePrice', message: `a purchase price from ${f.min_amount} to ${f.max_from_price ? 1_000_000 : f.max_amount}` });
    }
    if (input.loanTerm > f.max_term_years) issues.push({ field: 'loanTerm', message: `a loan term of at most ${f.max_term_years} years` });
    if (issues.length) return invalid(c, issues);
    const provider = deps.adapters.quote;
    if (provider && site.tenant.finance.youx_quote) {
      try {
        return c.json(await provider.quote(input, site.tenant), 200);
      } catch (err) {
        console.error(`[quote] ${provider.name} failed for ${site.slug}: ${(err as Error).message}`);
        return c.json({ error: Http.providerFailed }, 502);
      }
    }
    return c.json(localQuote(input, site), 200);
  });
}
