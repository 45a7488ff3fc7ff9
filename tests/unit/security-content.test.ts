/**
 * What a tenant's config or content files can put on a page (issue 16, items 2 to 4): theme values
 * written into <style>, URLs that become links, markdown links, and the sign-in redirect.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isSafeHref, renderMarkdown } from '../../src/lib/content/markdown.ts';
import { themeCss } from '../../src/lib/content/theme.ts';
import { safeRedirect } from '../../src/lib/forms/gating.ts';
import { HttpUrl } from '../../src/lib/schemas/common.ts';
import { ThemeSchema } from '../../src/lib/schemas/theme.ts';
import { TenantConfigSchema } from '../../src/lib/schemas/tenant.ts';

const tenant = (over: Record<string, unknown> = {}, location: Record<string, unknown> = {}) => ({
  slug: 'alpha',
  name: 'Alpha Motors',
  url: 'https://alpha.example.com.au',
  locations: [{ name: 'Alpha Sales', address: { state: 'NSW', postcode: '2250' }, ...location }],
  ...over,
});

describe('theme values are held to their CSS grammar (item 2)', () => {
  const injections = ['8px}</style><script>alert(1)</script>', '8px;background:url(https://evil.example/x)', '8px/**/', 'expression(alert(1))', '8px\n}'];
  it.each(injections)('radius %j is refused', (radius) => {
    expect(v.safeParse(ThemeSchema, { radius }).success).toBe(false);
  });
  it.each([
    'Arial}</style><script>alert(1)</script>',
    'Arial; background: red',
    '"Open Sans</style>", sans-serif',
    "Roboto, 'x\\'}",
    'url(https://evil.example/font.woff)',
  ])('font list %j is refused (font_family and heading_font_family)', (font) => {
    expect(v.safeParse(ThemeSchema, { font_family: font }).success).toBe(false);
    expect(v.safeParse(ThemeSchema, { heading_font_family: font }).success).toBe(false);
  });
  it.each(['8px', '0', '0.5rem', '12px 12px 0 0', '50%'])('radius %j is a length', (radius) => {
    expect(v.safeParse(ThemeSchema, { radius }).success).toBe(true);
  });
  it.each(['system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif', 'Impact, "Arial Narrow Bold", "Helvetica Neue", sans-serif', 'Open Sans'])(
    'font list %j is accepted',
    (font) => {
      expect(v.safeParse(ThemeSchema, { font_family: font, heading_font_family: font }).success).toBe(true);
    },
  );
  it('themeCss never writes a character that ends the rule or the <style> element, whatever it is given', () => {
    const theme = v.parse(ThemeSchema, {});
    const css = themeCss({ ...theme, radius: '8px}</style><script>alert(1)</script>', font_family: 'a;b{c}' });
    expect(css).not.toMatch(/<|>/);
    expect(css.match(/[{}]/g)).toEqual(['{', '}']);
    expect(css).not.toMatch(/a;b/);
  });
});

describe('URLs in tenant config are http(s) only (item 2)', () => {
  const bad = [
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
  ];
  it.each(bad)('%s is refused as a URL, a location website_url and an address place_url', (url) => {
    expect(v.safeParse(HttpUrl, url).success).toBe(false);
    expect(v.safeParse(TenantConfigSchema, tenant({}, { website_url: url })).success).toBe(false);
    expect(v.safeParse(TenantConfigSchema, tenant({}, { address: { state: 'NSW', postcode: '2250', place_url: url } })).success).toBe(false);
  });
  it('https and http addresses are accepted', () => {
    expect(
      v.safeParse(
        TenantConfigSchema,
        tenant(
          {},
          { website_url: 'https://alpha.example.com.au/service', address: { state: 'NSW', postcode: '2250', place_url: 'http://maps.example.com/x' } },
        ),
      ).success,
    ).toBe(true);
  });
});

describe('content markdown links are http(s), mailto, tel or relative (item 3)', () => {
  const dangerous = [
    '[click](javascript:alert(1))',
    '[click](JAVASCRIPT:alert(1))',
    '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[click](vbscript:msgbox)',
    '[click](&#106;avascript:alert(1))',
    '[click](java%09script:alert(1))',
    '[click][ref]\n\n[ref]: javascript:alert(1)',
    '<javascript:alert(1)>',
    '<data:text/html,hi>',
  ];
  it.each(dangerous)('%j renders no link', (md) => {
    const html = renderMarkdown(md);
    expect(html).not.toMatch(/href="[^"]*(?:javascript|data|vbscript|&#106;|%09)/i);
    expect(html).not.toMatch(/<a /);
  });
  it.each([
    ['[a](https://example.com)', 'https://example.com'],
    ['[a](/cars?make=Toyota)', '/cars?make=Toyota'],
    ['[a](#finance)', '#finance'],
    ['[a](mailto:sales@example.com)', 'mailto:sales@example.com'],
    ['[a](tel:+61243000000)', 'tel:+61243000000'],
    ['<https://example.com/x>', 'https://example.com/x'],
    ['[a][r]\n\n[r]: https://example.com/ref', 'https://example.com/ref'],
  ])('%j keeps its link', (md, href) => {
    expect(renderMarkdown(md)).toContain(`href="${href}"`);
  });
  it('isSafeHref refuses schemes outside the allow-list however they are spelt', () => {
    expect(isSafeHref(' javascript:x')).toBe(false);
    expect(isSafeHref('java\nscript:x')).toBe(false);
    expect(isSafeHref('&#x6A;avascript:x')).toBe(false);
    expect(isSafeHref('ftp://x')).toBe(false);
    expect(isSafeHref('about/us')).toBe(true);
  });
});

describe('sign-in redirects stay on this site (item 4)', () => {
  const bypasses = [
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example/x',
    '/%09/evil.example/x',
    '/\n/evil.example',
    '/%0a/evil.example',
    '/%2F%2Fevil.example',
    '%2F%2Fevil.example',
    '/%5Cevil.example',
    '/%5C%5Cevil.example',
    'https:evil.example',
    'https://evil.example',
    'http:/evil.example',
    '//user@evil.example',
    '/\\@evil.example',
    'javascript:alert(1)',
    ' /evil',
    '',
  ];
  it.each(bypasses)('%j goes home', (target) => {
    const out = safeRedirect(target);
    expect(out).toBe('/');
  });
  it('what it returns resolves to this origin for every bypass', () => {
    for (const target of bypasses) expect(new URL(safeRedirect(target), 'https://alpha.example.com.au').origin).toBe('https://alpha.example.com.au');
  });
  it.each([
    ['/my-garage', '/my-garage'],
    ['/cars?make=Toyota&sort=price#results', '/cars?make=Toyota&sort=price#results'],
    ['/finance-application', '/finance-application'],
  ])('%j is followed', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });
});
