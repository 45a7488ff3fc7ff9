import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBenchTenant } from '../../scripts/demo/generate-bench.ts';
import { BAD_REASONS, generateRealworldTenant, type Expected } from '../../scripts/demo/generate-realworld.ts';
import { exportShape, generateDemoTenants, isListed, parseNow, type GeneratedTenant } from '../../scripts/demo/generate.ts';
import { makeVin, vinCheckDigit } from '../../scripts/demo/stock.ts';
import { createRng } from '../../scripts/demo/prng.ts';
import { commentContradictions, gearCount, perkFits, type CommentCar } from '../../scripts/demo/plausible.ts';
import { CarRecordSchema } from '../../src/lib/schemas/car.ts';
import { parseTenantConfig } from '../../src/lib/tenant/load-tenant.ts';

const NOW = '2026-11-22';
const NOW_UNIX = Math.floor(parseNow(NOW).getTime() / 1000);
const DAY = 86400;
const SLUGS = ['demo-coastal-toyota', 'demo-southern-motor-group', 'demo-redline-used-cars'] as const;

type Rec = Record<string, unknown> & { id: number; images: { image: { url: string } }[] };

let out: string;
let written: GeneratedTenant[];
const work: string[] = [];

function tmp(prefix: string): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  work.push(d);
  return d;
}

function hashDir(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (d: string, rel: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name), `${rel}${e.name}/`);
      else
        files[`${rel}${e.name}`] = createHash('sha256')
          .update(readFileSync(join(d, e.name)))
          .digest('hex');
    }
  };
  walk(dir, '');
  return files;
}

function stockOf(slug: string): Rec[] {
  return JSON.parse(readFileSync(join(out, slug, 'stock.json'), 'utf8')) as Rec[];
}

function manifestOf(slug: string): { edge_cases: Record<string, { id: number } | undefined> } {
  return JSON.parse(readFileSync(join(out, slug, 'demo-manifest.json'), 'utf8')) as { edge_cases: Record<string, { id: number } | undefined> };
}

beforeAll(async () => {
  out = tmp('demo-tenants-');
  written = await generateDemoTenants({ out, now: NOW });
}, 180_000);

afterAll(() => {
  for (const d of work) rmSync(d, { recursive: true, force: true });
});

describe('demo tenants', () => {
  it('writes the three tenants with the expected files', () => {
    expect(written.map((t) => t.slug)).toEqual([...SLUGS]);
    for (const slug of SLUGS) {
      for (const f of ['tenant.json', 'stock.json', 'demo-manifest.json']) expect(existsSync(join(out, slug, f))).toBe(true);
      expect(readdirSync(join(out, slug, 'photos')).length).toBeGreaterThan(50);
    }
  });

  it('is deterministic for the same --now (JSON in memory and every byte on disk)', async () => {
    const again = await generateDemoTenants({ now: NOW });
    expect(JSON.stringify(again.map((t) => [t.config, t.stock]))).toBe(JSON.stringify(written.map((t) => [t.config, t.stock])));
    const second = tmp('demo-tenants-again-');
    await generateDemoTenants({ out: second, now: NOW, only: ['demo-coastal-toyota'] });
    expect(hashDir(join(second, 'demo-coastal-toyota'))).toEqual(hashDir(join(out, 'demo-coastal-toyota')));
    for (const slug of SLUGS) {
      expect(readFileSync(join(out, slug, 'stock.json'), 'utf8')).toBe(
        `${JSON.stringify(written.find((t) => t.slug === slug)!.stock.map(exportShape), null, 2)}\n`,
      );
    }
  }, 120_000);

  it('moves dates with --now', async () => {
    const later = await generateDemoTenants({ now: '2026-12-01', only: ['demo-coastal-toyota'] });
    const a = written[0]!.stock[0]!;
    const b = later[0]!.stock[0]!;
    expect(Date.parse(b.created_at as string) - Date.parse(a.created_at as string)).toBe(9 * DAY * 1000);
  });

  it('has counts in range', () => {
    const counts = Object.fromEntries(SLUGS.map((s) => [s, stockOf(s).length]));
    expect(counts['demo-coastal-toyota']).toBeGreaterThanOrEqual(120);
    expect(counts['demo-coastal-toyota']).toBeLessThanOrEqual(200);
    expect(counts['demo-southern-motor-group']).toBeGreaterThanOrEqual(1300);
    expect(counts['demo-southern-motor-group']).toBeLessThanOrEqual(1700);
    expect(counts['demo-redline-used-cars']).toBeGreaterThanOrEqual(330);
    expect(counts['demo-redline-used-cars']).toBeLessThanOrEqual(470);
  });

  it('writes tenant.json files that pass parseTenantConfig', () => {
    for (const slug of SLUGS) {
      const raw = JSON.parse(readFileSync(join(out, slug, 'tenant.json'), 'utf8'));
      const cfg = parseTenantConfig(raw, slug, 'tenant.json');
      expect(cfg.slug).toBe(slug);
      for (const loc of cfg.locations) {
        expect(loc.address.postcode).toMatch(/^\d{4}$/);
        expect(loc.address.lat).toBeTypeOf('number');
        expect(loc.contact_detail.opening_hours.length).toBe(7);
      }
    }
    const group = parseTenantConfig(JSON.parse(readFileSync(join(out, 'demo-southern-motor-group/tenant.json'), 'utf8')), 'g', 'f');
    expect(group.locations.length).toBeGreaterThanOrEqual(5);
    expect(new Set(group.locations.map((l) => l.address.state))).toEqual(new Set(['NSW', 'VIC', 'QLD']));
    expect(new Set(group.locations.map((l) => l.location_type))).toEqual(new Set(['sales', 'service', 'parts']));
    const phones = group.locations.map((l) => l.contact_detail.phone ?? '');
    expect(phones.some((p) => p.startsWith('+61'))).toBe(true);
    expect(phones.some((p) => /^0\d/.test(p))).toBe(true);
    expect(group.locations.some((l) => l.special_hours.length > 0)).toBe(true);
    const themes = SLUGS.map((s) => JSON.parse(readFileSync(join(out, s, 'tenant.json'), 'utf8')).theme.primary);
    expect(new Set(themes).size).toBe(3);
  });

  it('writes stock records that all pass CarRecordSchema', () => {
    for (const slug of SLUGS) {
      for (const r of stockOf(slug)) {
        const res = v.safeParse(CarRecordSchema, r);
        if (!res.success) throw new Error(`${slug} car ${r.id}: ${res.issues.map((i) => i.message).join('; ')}`);
      }
    }
  });

  it('has realistic values', () => {
    for (const slug of SLUGS) {
      const stock = stockOf(slug);
      for (const r of stock) {
        // Every car has a well-formed VIN but the no_vin edge case, which has none.
        if (r.vin != null || r.id !== manifestOf(slug).edge_cases.no_vin?.id) expect(r.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
        const eq = r.standardEquipment as string[];
        expect(eq.length).toBeGreaterThanOrEqual(5);
        expect(eq.length).toBeLessThanOrEqual(20);
        const km = r.km as number;
        if (r.car_type === 'new') expect(km).toBeGreaterThanOrEqual(5);
        if (r.car_type === 'new') expect(km).toBeLessThanOrEqual(20);
        if (r.car_type === 'demo') expect(km).toBeGreaterThanOrEqual(1000);
        if (r.car_type === 'demo') expect(km).toBeLessThanOrEqual(9000);
        const price = r.price as number;
        if (price > 0 && r.item_type === 'car' && r.car_type === 'new') expect(price).toBeGreaterThanOrEqual(20000);
        if (price > 0 && r.car_type === 'new') expect(price).toBeLessThanOrEqual(140000);
        if (price > 0 && r.item_type === 'motorcycle') expect(price).toBeLessThanOrEqual(25000);
        if (price > 0 && r.item_type === 'truck' && r.car_type === 'new') expect(price).toBeGreaterThanOrEqual(60000);
        expect(['DAP', 'EGC']).toContain(r.price_type);
        for (const img of r.images) expect(img.image.url).toMatch(/^photos\/[a-z0-9-]+\.jpg$/);
      }
      // Used cars lose value with age.
      const used = stock.filter((r) => r.car_type === 'used' && r.item_type === 'car' && (r.price as number) > 0);
      const avg = (ys: Rec[]) => ys.reduce((s, r) => s + (r.price as number), 0) / Math.max(1, ys.length);
      const young = used.filter((r) => (r.year as number) >= 2024);
      const old = used.filter((r) => (r.year as number) <= 2018);
      if (young.length > 3 && old.length > 3) expect(avg(old)).toBeLessThan(avg(young));
    }
  });

  it('reads right for its car type: comments claim nothing the car is not, gears only where a gearbox has them', () => {
    const thisYear = parseNow(NOW).getUTCFullYear();
    const wrong: string[] = [];
    let checked = 0;
    for (const slug of SLUGS) {
      for (const r of stockOf(slug)) {
        const car: CommentCar = {
          car_type: r.car_type as CommentCar['car_type'],
          make: r.make as string,
          age: thisYear - (r.year as number),
          km: r.km as number,
          price_type: r.price_type as string,
          registered: typeof r.regplate === 'string' && r.regplate !== '',
        };
        const text = (r.dealercomments as string | null) ?? '';
        for (const says of commentContradictions(text, car)) wrong.push(`${slug} car ${r.id} (${car.car_type} ${r.make as string}): says ${says}`);
        if (text) checked++;
        // "Gears 1" only on an electric car (its reduction gear); a CVT has no gear count; a gearbox has 4 or more.
        const gears = (r.gearnum as number | null | undefined) ?? undefined; // null: the other_status edge case's empty fields
        if (gears === 1 && r.fuel !== 'Electric') wrong.push(`${slug} car ${r.id}: ${r.fuel as string} with 1 gear`);
        if (gears !== undefined && gears !== 1) expect(gears).toBeGreaterThanOrEqual(4);
        if (/Continuously Variable/.test(r.trans as string)) expect(gears).toBeUndefined();
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });

  it('keeps a perk line only where it holds for the car', () => {
    const car: CommentCar = { car_type: 'new', make: 'Toyota', age: 0, km: 10, price_type: 'DAP', registered: false };
    const used: CommentCar = { ...car, car_type: 'used', age: 3, km: 40000, registered: true };
    expect(perkFits('Every used vehicle has passed a 150-point inspection.', car)).toBe(false);
    expect(perkFits('Every used vehicle has passed a 150-point inspection.', used)).toBe(true);
    expect(perkFits('Every used vehicle has passed a 150-point inspection.', { ...used, car_type: 'demo' })).toBe(false);
    expect(perkFits('3-month / 5,000 km statutory warranty applies where eligible.', car)).toBe(false);
    expect(perkFits('12 months rego, fresh service, new tyres.', car)).toBe(false);
    expect(perkFits('Every car comes with a current WA roadworthy and a PPSR certificate.', car)).toBe(false);
    expect(perkFits('Every car comes with a current WA roadworthy and a PPSR certificate.', { ...used, car_type: 'demo' })).toBe(true);
    expect(perkFits('Toyota Access capped-price servicing applies.', car)).toBe(true);
    expect(perkFits('Toyota Access capped-price servicing applies.', { ...car, make: 'Ford' })).toBe(false);
    expect(perkFits('Toyota Access capped-price servicing applies.', { ...used, age: 7 })).toBe(false);
    expect(perkFits('Drive away no more to pay.', { ...car, price_type: 'EGC' })).toBe(false);
    expect(perkFits('Extended warranty available.', car)).toBe(true);
    expect(perkFits('Trade-ins welcome: we will appraise yours while you test drive.', car)).toBe(true);
    expect(
      commentContradictions('Our RAV4 demo is ready for a new home. 3,000 km, registered and immaculate.', { ...used, car_type: 'demo', registered: false }),
    ).toEqual(['a registered car']);
  });

  it('counts gears as a spec sheet does', () => {
    expect(gearCount('EV', 'electric')).toBe(1);
    expect(gearCount('EV', 'phev')).toBeUndefined();
    expect(gearCount('CVT', 'petrol')).toBeUndefined();
    expect(gearCount('eCVT', 'hybrid')).toBeUndefined();
    expect(gearCount('A8', 'diesel')).toBe(8);
    expect(gearCount('DCT7', 'petrol')).toBe(7);
    expect(gearCount('M6', 'petrol')).toBe(6);
  });

  it('computes VIN check digits', () => {
    // Published VINs with their check digits (the North American rule Australian imports carry).
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinCheckDigit('11111111111111111')).toBe('1');
    expect(vinCheckDigit('5GZCZ43D13S812715')).toBe('1');
    const vin = makeVin(createRng(1), 'Toyota', 2024, 123456);
    expect(vin[8]).toBe(vinCheckDigit(vin));
    expect(vin[9]).toBe('R');
  });

  it('has every car type and status in each tenant where sensible', () => {
    const want: Record<string, string[]> = {
      'demo-coastal-toyota': ['demo', 'new', 'used'],
      'demo-southern-motor-group': ['demo', 'new', 'used'],
      'demo-redline-used-cars': ['demo', 'used'],
    };
    for (const slug of SLUGS) {
      const stock = stockOf(slug);
      expect([...new Set(stock.map((r) => r.car_type))].sort()).toEqual(want[slug]);
      // "Under Offer": the other_status edge case, in the shape a real export sends another status.
      expect([...new Set(stock.map((r) => r.status))].sort()).toEqual(['Under Offer', 'coming_soon', 'in_stock', 'sold']);
    }
  });

  describe.each(SLUGS)('edge cases in %s', (slug) => {
    const has = (pred: (r: Rec) => boolean) => stockOf(slug).some(pred);
    const dir = () => join(out, slug);
    it('sold in and out of the recent-sold window', () => {
      expect(
        has(
          (r) =>
            r.status === 'sold' &&
            r.sold === true &&
            NOW_UNIX - (r.sold_date_timestamp as number) >= DAY &&
            NOW_UNIX - (r.sold_date_timestamp as number) <= 2 * DAY,
        ),
      ).toBe(true);
      expect(has((r) => r.status === 'sold' && NOW_UNIX - (r.sold_date_timestamp as number) >= 10 * DAY)).toBe(true);
    });
    it('coming soon, reserved, test drive only, hidden', () => {
      expect(has((r) => r.status === 'coming_soon')).toBe(true);
      expect(has((r) => r.reserved === true && r.status === 'in_stock')).toBe(true);
      expect(has((r) => r.tag === 'Test Drive Only')).toBe(true);
      expect(has((r) => r.show_on_dealer_website === false)).toBe(true);
    });
    it('price 0 and (for new-car dealers) preorder with price 0', () => {
      expect(has((r) => r.price === 0 && r.preorder !== true && r.status === 'in_stock')).toBe(true);
      if (slug !== 'demo-redline-used-cars') expect(has((r) => r.preorder === true && r.price === 0)).toBe(true);
      expect(has((r) => (r.before_price as number) > (r.price as number))).toBe(true);
    });
    it('just arrived and older listings', () => {
      const age = (r: Rec) => (NOW_UNIX - Date.parse(r.created_at as string) / 1000) / DAY;
      expect(has((r) => r.status === 'in_stock' && age(r) < 8)).toBe(true);
      expect(has((r) => r.status === 'in_stock' && age(r) > 30)).toBe(true);
    });
    it('electric, hybrid and certified used cars', () => {
      expect(has((r) => r.simple_fuel === 'Electric')).toBe(true);
      expect(has((r) => r.simple_fuel === 'Hybrid')).toBe(true);
      expect(has((r) => r.certified === true && r.car_type === 'used')).toBe(true);
    });
    it('cars with exactly 1, 3 and 4 photos and with 12 or more', () => {
      for (const n of [1, 3, 4]) expect(has((r) => r.images.length === n)).toBe(true);
      expect(has((r) => r.images.length >= 12)).toBe(true);
    });
    it('every referenced photo exists, except one deliberately missing', () => {
      const missing = new Set<string>();
      for (const r of stockOf(slug)) for (const i of r.images) if (!existsSync(join(dir(), i.image.url))) missing.add(i.image.url);
      expect([...missing]).toEqual(['photos/missing-photo-does-not-exist.jpg']);
    });
    it('a corrupt .jpg the build cannot decode, and real 1280x720 JPEGs', async () => {
      const corrupt = stockOf(slug).find((r) => r.images[0]?.image.url === 'photos/corrupt-photo.jpg');
      expect(corrupt).toBeDefined();
      await expect(sharp(join(dir(), 'photos/corrupt-photo.jpg')).metadata()).rejects.toThrow();
      const good = stockOf(slug).find((r) => r.images.length === 4)!;
      const meta = await sharp(join(dir(), good.images[0]!.image.url)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1280, 720]);
    });
    it('dealer comments: long, empty and one with HTML', () => {
      const stock = stockOf(slug);
      const text = (r: Rec) => (r.dealercomments as string | null) ?? '';
      expect(stock.some((r) => text(r).length > 400)).toBe(true);
      expect(stock.some((r) => r.dealercomments === '')).toBe(true);
      expect(stock.filter((r) => text(r).includes('<script>alert(1)</script><b>bold</b>')).length).toBe(1);
    });
    it('some records without a slug and some with a history report', () => {
      expect(has((r) => r.slug === null)).toBe(true);
      expect(has((r) => typeof r.file === 'string' && r.car_type === 'used')).toBe(true);
    });
    it('another status with null and empty optional fields (listed), and a subscription price', () => {
      const manifest = manifestOf(slug);
      const other = stockOf(slug).find((r) => r.id === manifest.edge_cases.other_status?.id)!;
      expect(other).toMatchObject({ status: 'Under Offer', tag: null, regplate: '', dealercomments: null, before_price: '' });
      expect(isListed(other, NOW_UNIX, 3)).toBe(true);
      if (slug !== 'demo-redline-used-cars') {
        const sub = stockOf(slug).find((r) => r.id === manifest.edge_cases.subscription?.id)!;
        expect(sub.subscription_price).toBeGreaterThan(10);
      }
    });
    it('the full-media car has a 2:1 interior panorama with positioned interior hotspots', async () => {
      const car = stockOf(slug).find((r) => r.id === manifestOf(slug).edge_cases.full_media?.id)!;
      const pano = car.spin_interior_image as string;
      expect(pano).toMatch(/-panorama\.jpg$/);
      const meta = await sharp(join(dir(), pano)).metadata();
      expect([meta.width, meta.height]).toEqual([2560, 720]);
      const hotspots = car.hotspots as { interior: { id: string }[]; positions: { hotspotId: string; posX: number; posY: number }[] };
      expect(hotspots.interior.length).toBe(3);
      for (const h of hotspots.interior) {
        const pos = hotspots.positions.find((p) => p.hotspotId === h.id)!;
        expect(pos.posX).toBeGreaterThanOrEqual(0);
        expect(pos.posX).toBeLessThanOrEqual(100);
        expect(pos.posY).toBeGreaterThanOrEqual(0);
        expect(pos.posY).toBeLessThanOrEqual(100);
      }
    });
    it('a manifest naming the edge-case cars', () => {
      const manifest = JSON.parse(readFileSync(join(dir(), 'demo-manifest.json'), 'utf8'));
      const ids = new Set(stockOf(slug).map((r) => r.id));
      for (const ref of Object.values(manifest.edge_cases) as { id: number }[]) expect(ids.has(ref.id)).toBe(true);
      const soldInWindow = stockOf(slug).find((r) => r.id === manifest.edge_cases.sold_in_window.id)!;
      expect(isListed(soldInWindow, NOW_UNIX, 3)).toBe(true);
      const soldBefore = stockOf(slug).find((r) => r.id === manifest.edge_cases.sold_outside_window.id)!;
      expect(isListed(soldBefore, NOW_UNIX, 5)).toBe(false);
    });
  });

  it('the group sells cars, motorcycles and trucks through several dealerships', () => {
    const stock = stockOf('demo-southern-motor-group');
    expect(stock.some((r) => r.item_type === 'motorcycle' && r.simple_body === 'motorcycle')).toBe(true);
    expect(stock.some((r) => r.item_type === 'truck' && r.simple_body === 'lightTruck')).toBe(true);
    expect(stock.some((r) => r.item_type === 'truck' && r.simple_body === 'cabChassis')).toBe(true);
    expect(new Set(stock.map((r) => r.dealership_slug)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(stock.map((r) => r.location_id)).size).toBeGreaterThanOrEqual(4);
    expect(stock.some((r) => r.simple_fuel === 'Plug-in Hybrid')).toBe(true);
    const coastal = stockOf('demo-coastal-toyota');
    expect(coastal.filter((r) => r.car_type !== 'used').every((r) => r.make === 'Toyota')).toBe(true);
    expect(stockOf('demo-redline-used-cars').some((r) => r.car_type === 'new')).toBe(false);
  });

  it("the group's motorcycle dealership keeps sold bikes listed for its own 7 days (the tenant's window is 3)", () => {
    const config = written.find((t) => t.slug === 'demo-southern-motor-group')!.config as { dealerships: { slug: string; recent_sold_days?: number }[] };
    expect(config.dealerships.find((d) => d.slug === 'southern-motorcycles')?.recent_sold_days).toBe(7);
    const ref = manifestOf('demo-southern-motor-group').edge_cases['sold_dealership_window']!;
    const bike = stockOf('demo-southern-motor-group').find((r) => r.id === ref.id)!;
    expect(bike.dealership_slug).toBe('southern-motorcycles');
    expect(NOW_UNIX - (bike.sold_date_timestamp as number)).toBeGreaterThan(3 * DAY);
    expect(isListed(bike, NOW_UNIX, 3)).toBe(false);
    expect(isListed(bike, NOW_UNIX, 7)).toBe(true);
  });
});

describe('benchmark tenant', () => {
  it('draws photos from a pool and replaces a percentage of vehicles with one new photo each', async () => {
    const dir = join(tmp('bench-'), 'bench-motors');
    const base = await generateBenchTenant({ out: dir, count: 200, now: NOW });
    expect(base.stock.length).toBe(200);
    expect(base.poolSize).toBe(20);
    for (const r of base.stock) {
      expect(r.images.length).toBeGreaterThanOrEqual(1);
      expect(r.images.length).toBeLessThanOrEqual(3);
      for (const i of r.images) expect(i.image.url).toMatch(/^photos\/pool-\d{4}\.jpg$/);
    }
    const before = hashDir(join(dir, 'photos'));
    expect(new Set(Object.values(before)).size).toBe(Object.keys(before).length);

    const changed = await generateBenchTenant({ out: dir, count: 200, changePercent: 5, now: NOW });
    expect(changed.stock.length).toBe(200);
    expect(changed.changedIds.length).toBe(10);
    expect(changed.newPhotos.length).toBe(10);
    expect(changed.renderedPhotos).toBe(10);
    const after = hashDir(join(dir, 'photos'));
    const added = Object.keys(after).filter((f) => !(f in before));
    expect(added.sort()).toEqual(changed.newPhotos.map((p) => p.replace('photos/', '')).sort());
    for (const f of Object.keys(before)) expect(after[f]).toBe(before[f]);
    expect(new Set(Object.values(after)).size).toBe(Object.keys(after).length);
    const ids = new Set(changed.stock.map((r) => r.id));
    for (const id of changed.changedIds) expect(ids.has(id)).toBe(false);
    for (const id of changed.newIds) expect(ids.has(id)).toBe(true);
    for (const r of changed.stock) expect(v.safeParse(CarRecordSchema, r).success).toBe(true);
  }, 120_000);
});

describe('real-world export tenant', () => {
  let dir: string;
  let expected: Expected;
  beforeAll(async () => {
    dir = join(tmp('realworld-'), 'realworld-motors');
    expected = await generateRealworldTenant({ out: dir, count: 400, now: NOW });
  }, 120_000);

  it('writes a minimal tenant.json whose stock mapping validates', () => {
    const raw = JSON.parse(readFileSync(join(dir, 'tenant.json'), 'utf8'));
    expect(Object.keys(raw).sort()).toEqual(['locations', 'name', 'slug', 'stock', 'url']);
    const cfg = parseTenantConfig(raw, 'realworld-motors', 'tenant.json');
    expect(cfg.stock.file).toBe('export.csv');
    expect(Object.keys(cfg.stock.mapping)).toEqual(expect.arrayContaining(['id', 'make', 'car_type', 'price', 'km', 'images', 'status']));
  });

  it('writes a messy CSV: Windows-1252, CRLF, quoted commas, quotes and newlines, placeholders', () => {
    const bytes = readFileSync(join(dir, 'export.csv'));
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    const csv = new TextDecoder('windows-1252').decode(bytes);
    expect(csv).toContain('\u2013 \u2018as new\u2019');
    expect(csv).toMatch(/,N\/A,|,TBA,/);
    expect(csv).toContain('\r\n');
    expect(csv).toMatch(/"[^"]*\n[^"]*"/);
    expect(csv).toContain('""');
    expect(csv).toMatch(/"[\d,]+ km"/);
    expect(csv).toContain(',POA,');
    expect(csv).toContain('http://127.0.0.1:9/nope.jpg');
    expect(csv).toContain('https://photos.invalid/car.jpg');
    expect(existsSync(join(dir, 'photos/corrupt.jpg'))).toBe(true);
  });

  it('lists about 3% bad rows of every kind and consistent listing expectations', () => {
    expect(expected.rows).toBe(400);
    expect(expected.bad_rows.length).toBeGreaterThanOrEqual(8);
    expect(expected.bad_rows.length).toBeLessThanOrEqual(20);
    expect(new Set(expected.bad_rows.map((b) => b.reason))).toEqual(new Set(BAD_REASONS));
    expect(expected.bad_rows.some((b) => b.reason === 'missing_id' && b.id === null)).toBe(true);
    const listed = new Set(expected.listed_ids);
    for (const id of expected.not_listed_ids) expect(listed.has(id)).toBe(false);
    for (const b of expected.bad_rows.filter((x) => x.reason === 'duplicate_id'))
      expect(listed.has(b.id!) || expected.not_listed_ids.includes(b.id!)).toBe(true);
    expect(expected.listed_ids.length + expected.not_listed_ids.length).toBeGreaterThan(expected.valid_rows * 0.9);
    expect(expected.photos.corrupt_ids.length).toBe(1);
    expect(expected.photos.unreachable_ids.length).toBeGreaterThan(0);
    expect(expected.poa_ids.length).toBeGreaterThan(0);
  });
});
