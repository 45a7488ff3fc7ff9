import { describe, expect, it } from 'vitest';
import {
  reserveDeposit,
  isReserveEligible,
  isTestDriveOnly,
  reserveLabel,
  vdpActions,
  type ActionFacts,
  type ActionSettings,
} from '../../src/lib/rules/vdp-actions.ts';

const car = (c: Partial<ActionFacts> = {}): ActionFacts => ({ id: '1', slug: 'a-car', status: 'in_stock', car_type: 'used', price: 30000, ...c });

const SET: ActionSettings = { reserveOnline: true, buyOnlinePath: false, favourites: true, watchlist: true };

describe('reservation deposit', () => {
  it("is the car's processor deposit, else the tenant's, else $200", () => {
    expect(reserveDeposit({})).toBe(200);
    expect(reserveDeposit({ reserveDeposit: 500 })).toBe(500);
    expect(reserveDeposit({ reserveDeposit: 500, processorDeposit: 99 })).toBe(99);
  });
});

describe('sidebar actions', () => {
  it('available cars (in_stock, coming_soon) get the buttons; others the SOLD panel and no save', () => {
    const a = vdpActions(car(), SET);
    expect([a.available, a.soldPanel, a.save, a.tradeIn?.href]).toEqual([true, false, true, '/cars/trade-in?car_id=1']);
    expect(vdpActions(car({ status: 'coming_soon' }), SET).available).toBe(true);
    const sold = vdpActions(car({ status: 'sold' }), SET);
    expect([sold.available, sold.soldPanel, sold.save, sold.tradeIn, sold.reserve]).toEqual([false, true, false, undefined, undefined]);
  });
  it('no Save button (nor its sign-in path) on a site without a watchlist', () => {
    expect(vdpActions(car(), { ...SET, watchlist: false }).save).toBe(false);
    expect(vdpActions(car(), SET).save).toBe(true);
  });
  it('a sold car offers no finance: the SOLD panel replaces the buying actions, the finance link with its price included', () => {
    expect(vdpActions(car(), SET).finance?.href).toBe('/finance?vehiclePriceBudget=30000&car_id=1&car_type=used#finance-form');
    expect(vdpActions(car({ status: 'sold' }), SET).finance).toBeUndefined();
    expect(vdpActions(car({ sold: true }), SET).finance).toBeUndefined();
    expect(vdpActions(car({ status: 'coming_soon' }), SET).finance).toBeDefined();
  });
  it('the finance link carries a budget only for a price the page shows (above 10)', () => {
    expect(vdpActions(car({ price: 10 }), SET).finance?.href).not.toContain('vehiclePriceBudget');
    expect(vdpActions(car({ price: 11 }), SET).finance?.href).toContain('vehiclePriceBudget=11');
  });
  it('Test Drive Only: any case, spaces around ignored', () => {
    expect(isTestDriveOnly({ tag: ' test DRIVE only ' })).toBe(true);
    expect(isTestDriveOnly({ tag: 'Test Drive' })).toBe(false);
    expect(isTestDriveOnly({ tag: null })).toBe(false);
  });
  it('history report only with a file', () => {
    expect(vdpActions(car(), SET).historyReport).toBeUndefined();
    expect(vdpActions(car({ file: 'https://x/r.pdf' }), SET).historyReport?.href).toBe('https://x/r.pdf');
  });
  it('reserve only when eligible and not Test Drive Only; path per tenant', () => {
    expect(vdpActions(car(), SET).reserve).toEqual({ href: '/cars/a-car/checkout', label: 'Reserve for $200', deposit: 200 });
    expect(vdpActions(car(), { ...SET, buyOnlinePath: true }).reserve?.href).toBe('/cars/a-car/buy-online');
    expect(vdpActions(car({ tag: 'Test Drive Only' }), SET).reserve).toBeUndefined();
    expect(isReserveEligible(car({ reserved: true }), true)).toBe(false);
    expect(isReserveEligible(car({ price: 200 }), true)).toBe(false);
    expect(isReserveEligible(car({ price: 201 }), true)).toBe(true);
    expect(isReserveEligible(car({ status: 'coming_soon' }), true)).toBe(false);
    expect(isReserveEligible(car(), false)).toBe(false);
  });
  it('reserve label: processor label, else tenant label, else the deposit or $200', () => {
    expect(reserveLabel({})).toBe('Reserve for $200');
    expect(reserveLabel({ reserveDeposit: 500 })).toBe('Reserve for $500');
    expect(reserveLabel({ reserveDeposit: 500, reserveLabel: 'Hold it for $500' })).toBe('Hold it for $500');
    expect(reserveLabel({ reserveLabel: 'x', processorLabel: 'Pay $99 deposit' })).toBe('Pay $99 deposit');
  });
  it('favourite hidden when off, not in stock, price 0 or no photos', () => {
    expect(vdpActions(car(), SET).favourite).toBe(true);
    expect(vdpActions(car(), { ...SET, favourites: false }).favourite).toBe(false);
    expect(vdpActions(car({ status: 'coming_soon' }), SET).favourite).toBe(false);
    expect(vdpActions(car({ price: 0 }), SET).favourite).toBe(false);
    expect(vdpActions(car({ photos_count: 0 }), SET).favourite).toBe(false);
  });
});
