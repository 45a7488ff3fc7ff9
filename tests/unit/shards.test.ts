// The fleet's shards by cost (scripts/lib/fleet/shards.ts): the cost model, the plan's balance and
// stability, the shard count and the photo-only jobs of a night.
import { describe, expect, it } from 'vitest';
import {
  aloneSeconds,
  JOB_LIMIT_S,
  planFleet,
  planNight,
  planShards,
  SAFETY_MARGIN,
  shardsFor,
  siteFiles,
  tenantCost,
  tenantCostParts,
  UNIT_COSTS,
  type TenantCost,
} from '../../scripts/lib/fleet/shards.ts';
import { nightLoad, rng, syntheticFleet } from '../../scripts/lib/fleet/simulate.ts';
import { shardOf } from '../../scripts/lib/fingerprint.ts';

/** A fleet of 50-1,500-car dealers costed for one night. */
function fleet(count: number, seed = 25, kind: 'first' | 'ordinary' = 'ordinary'): TenantCost[] {
  return syntheticFleet(count, seed).map((d) => ({ slug: d.slug, cost: tenantCost(nightLoad(kind, d)) }));
}

function spread(plan: { loads: number[]; mean: number }): { max: number; min: number } {
  return { max: Math.max(...plan.loads) / plan.mean, min: Math.min(...plan.loads) / plan.mean };
}

function shuffled<T>(xs: readonly T[], seed: number): T[] {
  const next = rng(seed);
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('tenantCost', () => {
  it('adds up its parts, and grows with cars, photos and files', () => {
    const load = { cars: 100, photos: 2000, photosNew: 2000 };
    const p = tenantCostParts(load);
    expect(p.total).toBeCloseTo(p.fixed + p.render + p.photosNew + p.photosFetched + p.publish, 9);
    expect(tenantCost(load)).toBe(p.total);
    expect(tenantCost({ ...load, cars: 200 })).toBeGreaterThan(p.total);
    expect(tenantCost({ ...load, photosNew: 100 })).toBeLessThan(p.total);
    expect(tenantCost({ ...load, filesWritten: 10 })).toBeLessThan(p.total);
  });

  it('is the fixed part for an empty tenant, and counts a kept car for less than a rendered one', () => {
    const empty = tenantCostParts({ cars: 0, photos: 0, photosNew: 0, filesWritten: 0 });
    expect(empty.render).toBe(0);
    expect(empty.total).toBeCloseTo(
      UNIT_COSTS.tenantFixedCpuS / UNIT_COSTS.cores +
        UNIT_COSTS.tenantFixedNetS / UNIT_COSTS.jobs +
        (siteFiles(0, 0) * UNIT_COSTS.scanCpuPerFileS) / UNIT_COSTS.cores,
      9,
    );
    const full = tenantCost({ cars: 1000, photos: 0, photosNew: 0 });
    const incremental = tenantCost({ cars: 1000, photos: 0, photosNew: 0, carsRendered: 30 });
    expect(incremental).toBeLessThan(full);
  });

  it('prices a first night with 20 photos a car mostly by its photos', () => {
    const p = tenantCostParts({ cars: 100, photos: 2000, photosNew: 2000 });
    expect(p.photosNew).toBeGreaterThan(p.render + p.fixed);
    // Fetching a photo from the store costs less than encoding it.
    expect(tenantCost({ cars: 100, photos: 2000, photosNew: 0, photosFetched: 2000 })).toBeLessThan(p.total);
  });

  it('takes a tenant building alone longer than its share of a runner shared with another', () => {
    const load = { cars: 500, photos: 10_000, photosNew: 10_000 };
    expect(aloneSeconds(load)).toBeGreaterThan(tenantCost(load));
  });

  it('refuses a negative or non-numeric load', () => {
    expect(() => tenantCost({ cars: -1, photos: 0, photosNew: 0 })).toThrow(/cars/);
    expect(() => tenantCost({ cars: 1, photos: Number.NaN, photosNew: 0 })).toThrow(/photos/);
  });
});

describe('planShards', () => {
  it('is deterministic: the same tenants in any order give the same plan', () => {
    const tenants = fleet(200);
    const a = planShards(tenants, 6);
    expect(planShards(shuffled(tenants, 1), 6)).toEqual(a);
    expect(planShards(shuffled(tenants, 2), 6)).toEqual(a);
    const prev = planShards(fleet(180), 5);
    expect(planShards(shuffled(tenants, 3), 6, prev)).toEqual(planShards(tenants, 6, prev));
  });

  it('balances a fleet of 50-1,500-car dealers within 10% of the mean', () => {
    for (const seed of [1, 25, 99]) {
      for (const count of [2, 4, 8, 12]) {
        const plan = planFleet(fleet(200, seed), count);
        const { max, min } = spread(plan);
        expect(max, `seed ${seed}, ${count} shards`).toBeLessThanOrEqual(1.1);
        expect(min, `seed ${seed}, ${count} shards`).toBeGreaterThanOrEqual(0.9);
        expect(Object.keys(plan.shards)).toHaveLength(200);
        expect(plan.alone).toEqual([]);
      }
    }
  });

  it('balances by cost where hashing the slug (balancing the count) does not', () => {
    const tenants = fleet(200);
    const plan = planFleet(tenants, 4);
    const byHash = [0, 0, 0, 0];
    for (const t of tenants) byHash[shardOf(t.slug, 4) - 1]! += t.cost;
    const hashSpread = spread({ loads: byHash, mean: plan.mean });
    expect(spread(plan).max).toBeLessThan(hashSpread.max);
    expect(spread(plan).max).toBeLessThanOrEqual(1.1);
  });

  it('moves none of 200 tenants when 10 join a fleet whose shards are within budget', () => {
    const before = fleet(200);
    const prev = planShards(before, 5);
    const joined = fleet(210)
      .slice(200)
      .map((t) => ({ ...t, slug: `new-${t.slug}` }));
    const plan = planFleet([...before, ...joined], 5, prev);
    expect(plan.moved).toEqual([]);
    for (const t of before) expect(plan.shards[t.slug]).toBe(prev[t.slug]);
    expect(plan.added.sort()).toEqual(joined.map((t) => t.slug).sort());
    expect(spread(plan).max).toBeLessThanOrEqual(1.1);
  });

  it('stays put night after night as costs move a little, and forgets tenants that left', () => {
    const tenants = fleet(200);
    const prev = planShards(tenants, 4);
    const next = rng(7);
    const wobbled = tenants.filter((_, i) => i % 50 !== 0).map((t) => ({ ...t, cost: t.cost * (0.97 + 0.06 * next()) }));
    const plan = planFleet(wobbled, 4, prev);
    expect(plan.moved.length).toBeLessThanOrEqual(4);
    expect(Object.keys(plan.shards)).toHaveLength(196);
    expect(spread(plan).max).toBeLessThanOrEqual(1.1);
  });

  it('moves only the cost needed to fill a new shard', () => {
    const tenants = fleet(200);
    const prev = planShards(tenants, 4);
    const plan = planFleet(tenants, 5, prev);
    // A fifth of the cost has to move to fill the new shard, and no more does (the smaller tenants
    // move: the least cache to warm again).
    const total = tenants.reduce((n, t) => n + t.cost, 0);
    const cost = new Map(tenants.map((t) => [t.slug, t.cost]));
    const movedShare = plan.moved.reduce((n, s) => n + cost.get(s)!, 0) / total;
    expect(movedShare).toBeGreaterThan(0.15);
    expect(movedShare).toBeLessThanOrEqual(0.2 + 0.02);
    expect(spread(plan).max).toBeLessThanOrEqual(1.15);
    expect(spread(plan).min).toBeGreaterThanOrEqual(0.85);
    // A shard dropped: its tenants move, the others stay.
    const fewer = planFleet(tenants, 3, prev);
    for (const t of tenants) if (prev[t.slug] !== 4 && !fewer.moved.includes(t.slug)) expect(fewer.shards[t.slug]).toBe(prev[t.slug]);
    for (const t of tenants) if (prev[t.slug] === 4) expect(fewer.moved).toContain(t.slug);
  });

  it('moves tenants off a shard that grew past its fair share', () => {
    const tenants = fleet(100);
    const prev = planShards(tenants, 4);
    // Every tenant of shard 1 doubles (a first night for them all).
    const grown = tenants.map((t) => (prev[t.slug] === 1 ? { ...t, cost: t.cost * 2 } : t));
    const plan = planFleet(grown, 4, prev);
    expect(plan.moved.length).toBeGreaterThan(0);
    for (const s of plan.moved) expect(prev[s]).toBe(1);
    expect(spread(plan).max).toBeLessThanOrEqual(1.1);
  });

  it('plans one tenant, and more shards than tenants, one tenant a shard', () => {
    expect(planShards([{ slug: 'solo', cost: 100 }], 1)).toEqual({ solo: 1 });
    expect(planShards([{ slug: 'solo', cost: 100 }], 4)).toEqual({ solo: 1 });
    const three = planFleet(
      [
        { slug: 'a', cost: 5 },
        { slug: 'b', cost: 3 },
        { slug: 'c', cost: 1 },
      ],
      5,
    );
    expect(new Set(Object.values(three.shards)).size).toBe(3);
    expect(three.loads.filter((l) => l === 0)).toHaveLength(2);
    expect(planShards([], 3)).toEqual({});
  });

  it('gives a tenant bigger than a fair share a shard of its own, and says when it exceeds the budget', () => {
    const tenants = [...fleet(50), { slug: 'mega-group', cost: 50_000 }];
    const plan = planFleet(tenants, 4, undefined, { budget: 6300 });
    expect(plan.alone).toEqual(['mega-group']);
    expect(plan.overBudget).toEqual(['mega-group']);
    const s = plan.shards['mega-group']!;
    expect(plan.tenants[s - 1]).toEqual(['mega-group']);
    // The others share the other three shards evenly.
    const others = plan.loads.filter((_, i) => i !== s - 1);
    const mean = others.reduce((a, b) => a + b, 0) / 3;
    for (const l of others) expect(Math.abs(l / mean - 1)).toBeLessThanOrEqual(0.1);
    // It keeps its previous shard when it had one.
    const again = planFleet(tenants, 4, { 'mega-group': 3 });
    expect(again.shards['mega-group']).toBe(3);
  });

  it('refuses bad input', () => {
    expect(() => planShards([{ slug: 'a', cost: 1 }], 0)).toThrow(/shard count/);
    expect(() => planShards([{ slug: 'a', cost: 1 }], 1.5)).toThrow(/shard count/);
    expect(() => planShards([{ slug: 'a', cost: -1 }], 1)).toThrow(/cost/);
    expect(() =>
      planShards(
        [
          { slug: 'a', cost: 1 },
          { slug: 'a', cost: 2 },
        ],
        1,
      ),
    ).toThrow(/twice/);
  });
});

describe('shardsFor', () => {
  it('picks enough shards for the largest to fit the limit with the margin', () => {
    const budget = JOB_LIMIT_S * SAFETY_MARGIN; // 105 minutes
    expect(shardsFor(0, JOB_LIMIT_S, 20)).toBe(1);
    expect(shardsFor(budget / 1.1, JOB_LIMIT_S, 20)).toBe(1);
    expect(shardsFor(budget, JOB_LIMIT_S, 20)).toBe(2);
    expect(shardsFor(10 * budget, JOB_LIMIT_S, 20)).toBe(11);
    expect(shardsFor(10 * budget, JOB_LIMIT_S, 20, { tolerance: 0 })).toBe(10);
    expect(shardsFor(1000 * budget, JOB_LIMIT_S, 20)).toBe(20);
    expect(shardsFor(budget, JOB_LIMIT_S, 20, { setupSeconds: 600, tolerance: 0 })).toBe(2);
    expect(() => shardsFor(1, 60, 20, { setupSeconds: 120 })).toThrow(/no time left/);
  });
});

describe('planNight', () => {
  const dealers = syntheticFleet(200);

  it('plans an ordinary night on a few shards, every one within budget, no photo jobs', () => {
    const night = planNight(
      dealers.map((d) => nightLoad('ordinary', d)),
      { maxShards: 20 },
    );
    expect(night.fits).toBe(true);
    expect(night.photoJobs).toBe(0);
    expect(night.shards).toBeLessThan(10);
    expect(Math.max(...night.shardSeconds)).toBeLessThanOrEqual(night.budgetSeconds);
    expect(night.actionsMinutes).toBeGreaterThan(0);
  });

  it('sends a first night with 20 photos a car through photo-only jobs first, and says when even that does not fit', () => {
    const small = planNight(
      dealers.slice(0, 20).map((d) => nightLoad('first', d)),
      { maxShards: 20 },
    );
    expect(small.photoJobs).toBeGreaterThanOrEqual(0);
    expect(small.fits).toBe(true);
    const all = planNight(
      dealers.map((d) => nightLoad('first', d)),
      { maxShards: 20 },
    );
    expect(all.photoJobs).toBeGreaterThan(1);
    expect(all.photoJobSeconds).toBeLessThanOrEqual(all.budgetSeconds);
    expect(all.fits).toBe(true);
    expect(all.wallSeconds).toBeGreaterThan(all.photoJobSeconds);
    // On an account running 6 jobs at once it does not fit in a night, and the plan says so.
    const narrow = planNight(
      dealers.map((d) => nightLoad('first', d)),
      { maxShards: 6 },
    );
    expect(narrow.photoJobs).toBe(6);
    expect(narrow.fits).toBe(false);
  });

  it('makes a dealer too big for a build job fit by taking its photos to photo jobs', () => {
    const huge = { slug: 'huge', cars: 2000, photos: 40_000, photosNew: 40_000 };
    const night = planNight([huge, ...dealers.slice(0, 5).map((d) => nightLoad('ordinary', d))], { maxShards: 20 });
    expect(aloneSeconds(huge)).toBeGreaterThan(night.budgetSeconds);
    expect(night.photoJobs).toBeGreaterThan(0);
    expect(night.fits).toBe(true);
    expect(night.overBudget).toEqual([]);
  });

  it('keeps the previous night\u2019s shards', () => {
    const loads = dealers.map((d) => nightLoad('ordinary', d));
    const first = planNight(loads, { maxShards: 20 });
    const again = planNight(loads, { maxShards: 20, previous: first.plan.shards });
    expect(again.shards).toBe(first.shards);
    expect(again.plan.moved).toEqual([]);
  });
});
