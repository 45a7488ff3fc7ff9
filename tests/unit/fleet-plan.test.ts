// The night's plan as build.ts --plan makes it (scripts/lib/fleet/fleet-plan.ts): shards by cost with a
// pinned count or the fewest that fit, tenants kept where they were when the night fits, photo jobs
// first when the new photos would not fit, and the photo ledger that counts tonight's new photos.
import { describe, expect, it } from 'vitest';
import { chooseShards, type PlannedLoad } from '../../scripts/lib/fleet/fleet-plan.ts';
import { makeLedger, newPhotos, parseLedger } from '../../scripts/lib/fleet/photo-ledger.ts';
import { nightLoad, syntheticFleet } from '../../scripts/lib/fleet/simulate.ts';
import { shardOf } from '../../scripts/lib/fingerprint.ts';

const fleet = syntheticFleet(200);
const night = (kind: 'first' | 'ordinary'): PlannedLoad[] => fleet.map((d) => nightLoad(kind, d));

describe('the night plan', () => {
  it('a small night with a pinned count keeps every tenant on its shard (a hash of its slug the first time)', () => {
    const loads: PlannedLoad[] = ['a-motors', 'b-motors', 'c-motors', 'd-motors', 'e-motors'].map((slug) => ({ slug, cars: 20, photos: 20, photosNew: 0 }));
    const plan = chooseShards(loads, 2, undefined);
    for (const t of loads) expect(plan.tenants[t.slug]).toBe(shardOf(t.slug, 2));
    expect(plan.photo_jobs).toEqual([]);
    expect(plan.estimate.fits).toBe(true);
    // A new dealer joins: nobody moves, the newcomer goes where the load is least.
    const more = chooseShards([...loads, { slug: 'f-motors', cars: 20, photos: 20, photosNew: 0 }], 2, plan.tenants);
    for (const t of loads) expect(more.tenants[t.slug]).toBe(plan.tenants[t.slug]);
  });

  it('200 dealers of 50-1,500 cars on an ordinary night: balanced by cost, every shard inside the job limit', () => {
    const plan = chooseShards(night('ordinary'), 'auto', undefined);
    expect(plan.estimate.fits).toBe(true);
    expect(plan.photo_jobs).toEqual([]);
    const m = plan.estimate.shard_minutes;
    expect(Math.max(...m)).toBeLessThanOrEqual(plan.estimate.budget_minutes);
    // The next night, with the plan kept, nobody moves.
    const again = chooseShards(night('ordinary'), plan.shards.length, plan.tenants);
    expect(again.estimate.moved).toEqual([]);
  });

  it('a first night of 200 real dealers (20 photos a car) runs photo jobs first and fits the job limit', () => {
    const plan = chooseShards(night('first'), 'auto', undefined, { maxShards: 20 });
    expect(plan.photo_jobs.length).toBeGreaterThan(0);
    expect(plan.estimate.fits).toBe(true);
    expect(plan.estimate.photo_job_minutes).toBeLessThanOrEqual(plan.estimate.budget_minutes);
    // Without a photo store (no bucket) there are no photo jobs to run: the plan says it does not fit.
    const local = chooseShards(night('first'), 4, undefined, { photoJobsAllowed: false });
    expect(local.photo_jobs).toEqual([]);
    expect(local.estimate.fits).toBe(false);
  });

  it('a pinned count whose photos would not fit gets photo jobs too', () => {
    const plan = chooseShards(night('first'), 8, undefined);
    expect(plan.shards).toHaveLength(8);
    expect(plan.photo_jobs.length).toBeGreaterThan(0);
  });
});

describe('the photo ledger', () => {
  it("counts tonight's references the live release does not show", () => {
    const ledger = parseLedger(JSON.stringify(makeLedger(['https://cdn.example/a.jpg', 'photos/b.jpg'])));
    expect(newPhotos(['https://cdn.example/a.jpg', 'photos/b.jpg', 'photos/c.jpg', 'photos/c.jpg'], ledger)).toBe(1);
    // No ledger (a new tenant, or unreadable): every photo is new, the safe side for the plan.
    expect(newPhotos(['photos/b.jpg', 'photos/c.jpg'], undefined)).toBe(2);
    expect(parseLedger('not json')).toBeUndefined();
    expect(parseLedger(undefined)).toBeUndefined();
  });
});
