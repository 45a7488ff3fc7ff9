import { describe, expect, it } from 'vitest';
import { garagePaths, gateFor, safeRedirect, signInHref } from '../../src/lib/forms/gating.ts';

describe('gating', () => {
  const on = { checkout: true, finance: true, trade_in: true, spin_to_win: true };
  it('always gates /online-payment and the garage pages', () => {
    expect(gateFor('/online-payment/', '', {})).toBe('online-payment');
    expect(gateFor('/my-garage', '', {})).toBe('my-garage');
    expect(gateFor('/mymotorama', '', {}, ['/my-garage', '/mymotorama'])).toBe('my-garage');
    // The tenant's own garage page comes from its gating config, and is gated whatever else is off.
    expect(garagePaths({ garage_path: '/mybigboxcars' })).toEqual(['/my-garage', '/mybigboxcars']);
    expect(gateFor('/mybigboxcars/', '', { garage_path: '/mybigboxcars' })).toBe('my-garage');
    expect(gateFor('/mybigboxcars', '', {})).toBeUndefined();
  });
  it('gates the per-tenant routes only when configured', () => {
    expect(gateFor('/cars/abc/checkout', '', {})).toBeUndefined();
    expect(gateFor('/cars/abc/checkout', '', on)).toBe('checkout');
    expect(gateFor('/cars/abc/buy-online', '', on)).toBe('checkout');
    expect(gateFor('/cars/trade-in', '?car_id=1', on)).toBe('trade-in');
    expect(gateFor('/personalised/finance', '?car_id=1', on)).toBe('car-finance');
    expect(gateFor('/finance', '', on)).toBe('finance');
    expect(gateFor('/spin-to-win', '', on)).toBe('spin-to-win');
  });
  it('never gates a checkout path without a car slug', () => expect(gateFor('/cars//checkout', '', on)).toBeUndefined());
  it('builds the sign-in URL and only follows local redirects', () => {
    expect(signInHref('watchlist', '/cars/a', '/cars/a')).toBe('/sign-in?type=watchlist&redirect=%2Fcars%2Fa&back=%2Fcars%2Fa');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/my-garage')).toBe('/my-garage');
  });
});
