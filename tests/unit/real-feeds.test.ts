/**
 * Issue 30: the ingest on real dealer feeds (tests/fixtures/exports/real, 5 rows each, facts only; sources
 * in SOURCES.md there). What `npm run stock:inspect` tells a dealer's integrator about each, and what the
 * build's ingest makes of the cars: a US dealer's Meta XML (miles, USD, 30 to 64 photos a car) and a
 * Canadian dealer's Google vehicle ads TSV (CAD, image URLs with commas, schema.org drive words).
 * Each is also read priced in AUD (a copy made here), to see the cars the site would list.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspect } from '../../scripts/stock-inspect.ts';
import { ingestStock } from '../../src/io/stock-file.ts';
import { parseTenantConfig, resolveTenant } from '../../src/lib/tenant/load-tenant.ts';

const NOW = Date.parse('2026-11-27T00:00:00Z') / 1000;
const REAL = 'tests/fixtures/exports/real';
const META = 'meta-us-dealer-mi-usd.xml';
const GOOGLE = 'google-ca-dealer.tsv';

/** The fixture in a tenant folder, its prices rewritten by `price` (identity: as published). */
function tenantWith(fixture: string, preset: string, price: (text: string) => string = (t) => t) {
  const dir = mkdtempSync(join(tmpdir(), 'real-feed-'));
  writeFileSync(join(dir, fixture), price(readFileSync(join(REAL, fixture), 'utf8')));
  const config = parseTenantConfig(
    { slug: 'realfeed', name: 'Real feed', url: 'https://realfeed.example.com.au', locations: [{ name: 'Main yard' }], stock: { file: fixture, preset } },
    'realfeed',
    'tenant.json',
  );
  return { dir, tenant: resolveTenant(config, dir) };
}
const inAud = (t: string) => t.replace(/ (USD|CAD)(?=<|\t)/g, ' AUD');

describe(`real Meta XML, a US dealer (${META})`, () => {
  const r = inspect({ file: join(REAL, META), now: NOW, mapping: true });
  const text = r.lines.join('\n');

  it('detects meta-automotive from its columns, with the evidence', () => {
    expect(r.preset).toBe('meta-automotive');
    expect(r.detected).toBe(true);
    expect(text).toMatch(
      /^preset: meta-automotive \(detected: it reads \d+ of the 90 columns, e\.g\. vehicle_id, description, title, body_style, price, address\.city; google-vehicle-listings \d+/m,
    );
  });

  it('says the mileages are miles converted to km, though every car is held for its price', () => {
    expect(text).toContain('units: km read in miles on 5 records (mileage.unit "MI"), converted to km');
  });

  it('never shows USD as dollars: every row rejected naming USD, not usable, the hint to price it in AUD', () => {
    expect(text).toContain('currency: USD on 5 records: rejected, the site shows AUD only');
    expect(r.result.vehicles).toHaveLength(0);
    expect(r.result.rejected.map((x) => x.field)).toEqual(['price', 'price', 'price', 'price', 'price']);
    expect(r.result.rejected[0]!.reason).toContain('a price in USD, not Australian dollars');
    expect(r.result.rejected[0]!.reason).toContain('"11194.00 USD"');
    expect(r.usable).toBe(false);
    expect(text).toContain('verdict: not usable: 5 of 5 records rejected');
    expect(text).toContain("hint: Prices in USD (5 records) are never shown as dollars: have the dealer's export priced in Australian dollars");
    expect(text).not.toContain('--accept');
  });

  it('counts the cars with photos past the 20 the preset reads', () => {
    expect(text).toContain("photos: 5 cars had photos past the preset's last photo column (image[20].url … image[63].url); those photos are not read");
  });

  it('names the columns nothing reads, and the transmission word it passes through', () => {
    for (const column of ['url', 'address.addr1', 'address.postal_code', 'address.country', 'vehicle_type', 'custom_number_0'])
      expect(text).toMatch(new RegExp(`^  ${column.replace(/[.[\]]/g, '\\$&')} +not read`, 'm'));
    expect(text).toContain('trans: "OTHER" 1');
  });

  it('priced in AUD, the build lists the available cars in km, 20 photos each, the trim from the title', () => {
    const { tenant } = tenantWith(META, 'meta-automotive', inAud);
    const result = ingestStock(tenant, NOW);
    expect(result.rejected).toEqual([]);
    expect(result.conversions.km_from_miles).toBe(5);
    const car = (vin: string) => result.vehicles.find((v) => v.vin === vin)!;
    const sonata = car('5NPE24AF8JH613336');
    expect(sonata.km).toBe(185734); // 115,410 mi
    expect(sonata.price).toBe(11194);
    expect(sonata.badge).toBe('SE FWD Sedan'); // "Pre-Owned 2018 Hyundai Sonata SE FWD Sedan"
    expect(sonata.image_sources).toHaveLength(20);
    expect(sonata.city).toBe('Hamilton');
    expect(sonata.state).toBe('AL');
    expect(car('2HKRM3H74EH507993').trans).toBe('OTHER');
    expect(car('1GCGSCEN8J1211540').body).toBe('Ute'); // PICKUP
    expect(result.vehicles.filter((v) => v.listed).map((v) => v.vin)).toEqual(['5NPE24AF8JH613336', '3GNAXMEV7NS200005', '2HKRM3H74EH507993']);
    expect(car('1GCGSCEN8J1211540').status).toBe('sold');
  });
});

describe(`real Google vehicle ads TSV, a Canadian dealer (${GOOGLE})`, () => {
  const r = inspect({ file: join(REAL, GOOGLE), now: NOW, mapping: true });
  const text = r.lines.join('\n');

  it('detects google-vehicle-listings from its columns, with the evidence', () => {
    expect(r.preset).toBe('google-vehicle-listings');
    expect(r.detected).toBe(true);
    expect(text).toMatch(
      /^preset: google-vehicle-listings \(detected: it reads \d+ of the 24 columns, e\.g\. id, vin, store_code, dealership_name, price, condition;/m,
    );
    expect(text).toContain('format tsv, encoding utf-8, 5 rows, 24 columns');
  });

  it('reads the km as km and never shows CAD as dollars', () => {
    expect(text).toContain('units: km (no miles found)');
    expect(text).toContain('currency: CAD on 5 records: rejected, the site shows AUD only');
    expect(r.result.rejected[0]!.reason).toContain('a price in CAD, not Australian dollars');
    expect(r.usable).toBe(false);
    expect(text).toContain('hint: Prices in CAD (5 records) are never shown as dollars');
  });

  it('names the unread columns, warns about the two that look like fields, and suggests the mapping', () => {
    expect(text).toMatch(/^  dealership_address +not read/m);
    expect(text).toMatch(/^  link +not read/m);
    expect(text).toMatch(/^  seating_capacity +not read \(did you mean seats\?\)/m);
    expect(r.suggestion).toEqual({
      stock: { file: GOOGLE, preset: 'google-vehicle-listings', mapping: { seats: 'seating_capacity' } },
    });
  });

  it('priced in AUD: one photo a car (a URL with commas stays whole), trims as published, fuel words said', () => {
    const { tenant } = tenantWith(GOOGLE, 'google-vehicle-listings', inAud);
    const result = ingestStock(tenant, NOW);
    expect(result.rejected).toEqual([]);
    expect(result.conversions.km_from_miles).toBe(0);
    const car = (id: string) => result.vehicles.find((v) => v.id === id)!;
    expect(car('16-260218').image_sources).toEqual(['https://media.edealer.ca/w_400,h_300,q_90,c_f,v1/trim/JK6XB5BIB5GLNJI25CJKUVUEL4.webp']);
    for (const v of result.vehicles) expect(v.image_sources).toHaveLength(1);
    expect(car('16-260467A').badge).toBe('Rebel 4x4 Crew Cab 5\'7" Box'); // a quote in an unquoted TSV cell
    expect(car('16-260467A').body).toBe('Ute'); // Truck
    expect(car('16-260375B').badge).toBe('AWD 4dr LT'); // no trim: from "2024 Chevrolet Traverse AWD 4dr LT"
    expect(car('16-260218').km).toBe(7560);
    // Its `fuel` column and schema.org drive names are read through the preset's lookups: Petrol, not "Gasoline".
    expect(result.vehicles.map((v) => v.fuel)).toEqual(expect.arrayContaining(['Petrol', 'Hybrid']));
    expect(result.vehicles.every((v) => v.fuel === 'Petrol' || v.fuel === 'Hybrid')).toBe(true);
    expect(car('16-260375B').drive).toBe('AWD');
    const aud = inspect({ file: join(tenant.dir, GOOGLE), preset: 'google-vehicle-listings', now: NOW }).lines.join('\n');
    expect(aud).not.toContain('"Gasoline"');
    expect(aud).toContain('verdict: usable: 5 cars would be listed');
  });
});
