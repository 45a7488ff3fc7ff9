/**
 * The vehicle page's extras are read once, at ingest, into the Vehicle's typed `extras` (issue 28): a
 * malformed extra is said like a rejected row (its field, reason and stock number) and left off the car,
 * which keeps everything else and is listed; the raw exported values are not kept on the vehicle.
 */
import { describe, expect, it } from 'vitest';
import { ingestRows, stockRows } from '../../src/lib/ingest/ingest.ts';
import { vehicleView } from '../../src/lib/model/vehicle-view.ts';
import { parseTenantConfig, resolveTenant } from '../../src/lib/tenant/load-tenant.ts';

const NOW = Date.parse('2026-11-22T00:00:00Z') / 1000;
const tenant = resolveTenant(
  parseTenantConfig(
    {
      slug: 't',
      name: 'T',
      url: 'https://t.example.com.au',
      locations: [{ name: 'T' }],
      features: { reserve_online: true },
      stock: { file: 'stock.json' },
    },
    't',
    'tenant.json',
  ),
  '/tmp',
);
const ingestJson = (records: Record<string, unknown>[]) =>
  ingestRows(tenant, { file: 'stock.json', ...stockRows(tenant, 'stock.json', Buffer.from(JSON.stringify(records), 'utf8')) }, NOW);

const base = { car_type: 'used', status: 'in_stock', make: 'Toyota', model: 'Hilux', year: 2021, price: 45990 };
const lenders = { Angle: { interestRate: '8.95%', comparisonRate: 9.62, paymentWeek: '$123.40', term: 60 } };

describe('ingest reads the vehicle page extras once', () => {
  it('a malformed extra is a warning naming the field and the stock number; the car is listed with the rest', () => {
    const { vehicles, rejected, warnings } = ingestJson([
      { ...base, id: '1', stocknum: 'A1', variant: { cylinders: 'four' }, finance_lenders: lenders, payment_processors: [{ deposit: 250 }] },
      { ...base, id: '2', stocknum: 'A2', variant: { cylinders: 6 } },
    ]);
    expect(rejected).toEqual([]);
    expect(vehicles.map((v) => [v.id, v.listed])).toEqual([
      ['1', true],
      ['2', true],
    ]);
    const bad = warnings.filter((w) => w.startsWith('variant.cylinders: '));
    expect(bad).toHaveLength(1);
    expect(bad[0]).toBe(
      'variant.cylinders: expected a number (received "four") in 1 record: that extra is not shown, the car is still listed (stocknum A1 at record 1)',
    );
    expect(bad[0]).not.toContain('A2');

    const [first, second] = vehicles;
    expect(first!.extras.variant).toBeUndefined();
    expect(first!.extras.finance_lenders['Angle']).toMatchObject({ interestRate: 8.95, paymentWeek: 123.4, term: { termMonths: 60 } });
    expect(first!.extras.payment_processor_deposit).toBe(250);
    expect(second!.extras.variant).toMatchObject({ cylinders: 6 });
    // Read once: the untyped values are not on the vehicle for anything to read again.
    for (const key of ['variant', 'finance_lenders', 'payment_processors']) expect(key in first!).toBe(false);
  });

  it("a CSV row's extra is named by the row's line in the file", () => {
    const csv =
      'id,stocknum,car_type,status,make,model,year,price,payment_processors\n1,C1,used,in_stock,Toyota,Hilux,2021,45990,\n2,C2,used,in_stock,Toyota,Hilux,2021,45990,stripe\n';
    const { vehicles, warnings } = ingestRows(tenant, { file: 'stock.csv', ...stockRows(tenant, 'stock.csv', Buffer.from(csv, 'utf8')) }, NOW);
    expect(vehicles.map((v) => v.stocknum)).toEqual(['C1', 'C2']);
    expect(warnings.filter((w) => w.startsWith('payment_processors'))).toEqual([
      expect.stringMatching(/^payment_processors: .* \(received "stripe"\) in 1 record: .* \(stocknum C2 at line 3\)$/),
    ]);
  });

  it('the view reads the typed extras: the lender offer and the processor deposit', () => {
    const { vehicles } = ingestJson([{ ...base, id: '1', stocknum: 'A1', finance_lenders: lenders, payment_processors: [{ deposit: 250 }] }]);
    const view = vehicleView(vehicles[0]!, { tenant, now: NOW });
    expect(view.reserve?.deposit).toBe(250);
    expect(view.finance.provider).toBe('Angle');
  });

  it('the same problem on many cars is one line with the first few stock numbers', () => {
    const rows = ['B1', 'B2', 'B3', 'B4', 'B5'].map((stocknum, i) => ({
      ...base,
      id: String(i + 1),
      stocknum,
      autograb_data: { average_market_price: 'lots' },
    }));
    const { vehicles, warnings } = ingestJson(rows);
    expect(vehicles).toHaveLength(5);
    const lines = warnings.filter((w) => w.startsWith('autograb_data.average_market_price: '));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      'autograb_data.average_market_price: expected a number (received "lots") in 5 records: that extra is not shown, the cars are still listed (stocknum B1 at record 1; stocknum B2 at record 2; stocknum B3 at record 3; and 2 more)',
    );
  });
});
