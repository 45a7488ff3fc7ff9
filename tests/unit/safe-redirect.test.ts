import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../src/lib/site/safe-redirect.ts';
import { signInHref } from '../../src/lib/forms/gating.ts';

const SITE = 'https://alpha.example.com.au';

/** What a browser on SITE does with the value: where an <a href> or location.assign() lands. */
const lands = (path: string) => new URL(path, SITE);

describe('safeRedirect: the one same-origin redirect rule (issue 27)', () => {
  const hostile = [
    // Dot segments the parser removes, leaving a path that starts with `//` (another host to a browser).
    '/.//evil.example/x',
    '/%2e//evil.example/x',
    '/%2E//evil.example/x',
    '/x/..//evil.example/x',
    '/x/%2e%2e//evil.example/x',
    '/x/%2E%2e//evil.example/x',
    '/a/b/../..//evil.example/x',
    '/././/evil.example',
    '/.%2f/evil.example',
    '/..//evil.example',
    // Backslashes, raw and encoded (a browser reads `\` as `/` in http URLs).
    '/\\evil.example',
    '/.\\/evil.example',
    '/%5Cevil.example',
    '/%5c%5cevil.example',
    '\\\\evil.example',
    // Tabs, newlines and other control characters, raw and encoded (browsers drop them).
    '/\t/evil.example/x',
    '/%09/evil.example/x',
    '/\n/evil.example',
    '/%0a/evil.example',
    '/%0D/evil.example',
    '/\r\n/evil.example',
    '/.\t//evil.example',
    '/\u0000/evil.example',
    // Protocol-relative, absolute and scheme tricks.
    '//evil.example',
    '///evil.example',
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    'https://evil.example',
    'https:evil.example',
    'http:/evil.example',
    '//user@evil.example',
    '/\\@evil.example',
    'javascript:alert(1)',
    'data:text/html,x',
    ' /evil',
    'evil.example',
    '',
    '/%',
    `/${'a'.repeat(2001)}`,
  ];

  it.each(hostile)('%j goes to the fallback', (target) => {
    expect(safeRedirect(target)).toBe('/');
    expect(safeRedirect(target, '/success')).toBe('/success');
  });

  it('no hostile value lands on another host, by what a browser parses', () => {
    for (const target of hostile) expect(lands(safeRedirect(target)).origin).toBe(SITE);
  });

  it('null and undefined go to the fallback', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect(undefined, '/x')).toBe('/x');
  });

  it.each([
    ['/my-garage', '/my-garage'],
    ['/cars?make=Toyota&sort=price#results', '/cars?make=Toyota&sort=price#results'],
    ['/finance-application', '/finance-application'],
    ['/cars/toyota-corolla-2020-abc123/buy-online', '/cars/toyota-corolla-2020-abc123/buy-online'],
    ['/search?q=a%20b', '/search?q=a%20b'],
    ['/', '/'],
  ])('%j is followed as it is', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
    expect(lands(safeRedirect(target)).origin).toBe(SITE);
  });

  it('a harmless dot segment is followed as the parser reads it (the browser goes to the same place)', () => {
    expect(safeRedirect('/cars/./x')).toBe('/cars/x');
    expect(safeRedirect('/cars/y/../x')).toBe('/cars/x');
  });

  it('the sign-in URL never carries a hostile redirect or back', () => {
    const href = signInHref('watchlist', '/.//evil.example/x', '/%2e//evil.example/x');
    const q = new URL(href, SITE).searchParams;
    expect(q.get('redirect')).toBe('/');
    expect(q.get('back')).toBe('/');
    expect(signInHref('watchlist', '/cars/a', '/cars/a')).toBe('/sign-in?type=watchlist&redirect=%2Fcars%2Fa&back=%2Fcars%2Fa');
  });
});
