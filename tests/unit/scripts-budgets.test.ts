import { describe, expect, it } from 'vitest';
import {
  bytesOverBudget,
  JOURNEY_ALL_IN_GOAL,
  JOURNEY_BUDGET,
  JOURNEY_BUDGET_WITHOUT_DICTIONARIES,
  JOURNEY_GOAL,
  journeyOverBudget,
  medianScores,
  scoresUnderBudget,
  scoresWithRetry,
  type Scores,
} from '../../scripts/lib/budgets.ts';

const perfect: Scores = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 };

describe('budget checks', () => {
  it('a vehicle page over 25 KB of HTML or any page over 15 KB of JS before interaction fails; at the budget it passes', () => {
    expect(bytesOverBudget({ tenant: 't', type: 'vehicle', path: '/cars/a', htmlBrotli: 25 * 1024, jsBeforeInteractionBrotli: 15 * 1024 })).toEqual([]);
    expect(bytesOverBudget({ tenant: 't', type: 'vehicle', path: '/cars/a', htmlBrotli: 25 * 1024 + 1 })).toEqual([
      't vehicle /cars/a: HTML 25.0 KB brotli > 25.0 KB',
    ]);
    expect(bytesOverBudget({ tenant: 't', type: 'search', path: '/search/x', jsBeforeInteractionBrotli: 20 * 1024 })).toEqual([
      't search /search/x: JS before interaction 20.0 KB brotli > 15.0 KB',
    ]);
    // The HTML budget is the vehicle page's: a long home page is not held to it.
    expect(bytesOverBudget({ tenant: 't', type: 'home', path: '/', htmlBrotli: 40 * 1024 })).toEqual([]);
  });

  it('a fake low Lighthouse score fails its category only', () => {
    expect(scoresUnderBudget({ tenant: 't', type: 'home', path: '/', scores: { ...perfect, performance: 95 } })).toEqual([]);
    expect(scoresUnderBudget({ tenant: 't', type: 'home', path: '/', scores: { ...perfect, performance: 94, seo: 92 } })).toEqual([
      't home /: Lighthouse performance 94 < 95',
      't home /: Lighthouse seo 92 < 100',
    ]);
  });

  it('the journey fails over its budget; the budget is never looser than where it was set all in (issue 26), and within the all-in goal', () => {
    expect(JOURNEY_GOAL).toBe(80 * 1024);
    // Set again on 2026-11-27 when the journey began counting every byte (the idle fetch had cached
    // shared modules for the car pages, out of the count): never looser than that.
    expect(JOURNEY_BUDGET).toBeLessThanOrEqual(84 * 1024);
    expect(JOURNEY_BUDGET_WITHOUT_DICTIONARIES).toBeLessThanOrEqual(108 * 1024);
    expect(JOURNEY_BUDGET_WITHOUT_DICTIONARIES).toBeLessThanOrEqual(JOURNEY_ALL_IN_GOAL);
    expect(journeyOverBudget('t', JOURNEY_BUDGET)).toEqual([]);
    expect(journeyOverBudget('t', JOURNEY_BUDGET + 1)).toHaveLength(1);
    expect(journeyOverBudget('t', 90 * 1024, JOURNEY_GOAL)).toEqual(['t journey: 90.0 KB without photos > 80.0 KB']);
  });

  it('a noisy first Lighthouse run is run four more times and the median of five per category decides', async () => {
    const runs = [80, 97, 99, 90, 96].map((performance) => ({ ...perfect, performance }));
    let calls = 0;
    const r = await scoresWithRetry(async () => runs[calls++]!);
    expect(calls).toBe(5);
    expect(r.scores).toEqual({ ...perfect, performance: 96 });
    calls = 0;
    const once = await scoresWithRetry(async () => [perfect][calls++]!);
    expect(calls).toBe(1);
    expect(once.scores).toEqual(perfect);
    // Still under at the median of five: the check fails.
    calls = 0;
    const low = [80, 90, 99, 85, 97].map((performance) => ({ ...perfect, performance }));
    const bad = await scoresWithRetry(async () => low[calls++]!);
    expect(scoresUnderBudget({ tenant: 't', type: 'vehicle', path: '/cars/a', scores: bad.scores })).toEqual([
      't vehicle /cars/a: Lighthouse performance 90 < 95',
    ]);
    expect(medianScores([perfect, { ...perfect, seo: 50 }])).toEqual({ ...perfect, seo: 75 });
  });
});
