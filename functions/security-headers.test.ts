import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, formatHeadersFile, headersFor, inlineCode, parseHeadersFile, sha256Base64 } from '../src/lib/security/headers.ts';
import { siteHeaders } from '../scripts/lib/outputs/headers.ts';
import { staticSite } from './static.ts';
import { useHarness } from './test/harness.ts';
import { makeTenant } from './test/fixtures.ts';

describe('inline code of a page, as the browser hashes it', () => {
  it('hashes executable inline scripts only, and finds handlers and external scripts', () => {
    const html = `<html><head><script>a()</script><script type="module">b()</script><script type="application/ld+json">{"x":1}</script>
      <script type="application/json" data-x>{"y":2}</script><script src="/_astro/x.js"></script></head>
      <body><button onclick="window.print()">p</button><a href="#" onmouseover='go(&quot;x&quot;)'>x</a><style>.a{b:c}</style></body></html>`;
    const code = inlineCode(html);
    expect(code.scripts).toEqual(['a()', 'b()']);
    expect(code.handlers).toEqual(['window.print()', 'go("x")']);
    expect(code.externalScripts).toEqual(['/_astro/x.js']);
    // The value Chromium computes for <script>a()</script>.
    expect(sha256Base64('a()')).toBe('qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4=');
  });

  it('the CSP allows the hashes and the tag manager and pixel only when asked', () => {
    const plain = contentSecurityPolicy({ scriptHashes: ['AAA'] });
    expect(plain).toContain("script-src 'self' 'sha256-AAA';");
    expect(plain).toContain("frame-ancestors 'none'");
    expect(plain).toContain("object-src 'none'");
    expect(plain).not.toContain('googletagmanager');
    const tags = contentSecurityPolicy({ scriptHashes: ['AAA'], gtm: true, pixel: true, handlerHashes: ['BBB'] });
    expect(tags).toMatch(/script-src 'self' 'sha256-AAA' 'unsafe-hashes' 'sha256-BBB' https:\/\/www\.googletagmanager\.com https:\/\/connect\.facebook\.net;/);
  });

  it('_headers round-trips and matches splats', () => {
    const rules = parseHeadersFile(
      formatHeadersFile([
        { path: '/*', headers: { A: '1' } },
        { path: '/_astro/*', headers: { B: '2' } },
      ]),
    );
    expect(headersFor(rules, '/cars/x/')).toEqual({ A: '1' });
    expect(headersFor(rules, '/_astro/a.js')).toEqual({ A: '1', B: '2' });
  });
});

describe('the _headers output and the local static server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'headers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('builds a CSP from the pages written, refuses scripts from other hosts, and serve sends it', async () => {
    writeFileSync(join(dir, 'index.html'), '<script>hello()</script><div data-map-src="https://www.openstreetmap.org/export/embed.html"></div>');
    const tenant = makeTenant('alpha');
    const { file } = siteHeaders(dir, tenant);
    expect(file).toContain(`'sha256-${sha256Base64('hello()')}'`);
    expect(file).toContain('frame-src https://www.openstreetmap.org');
    writeFileSync(join(dir, '_headers'), file);
    const site = staticSite(dir);
    const res = await site.handle(new Request('http://localhost/'));
    expect(res.headers.get('content-security-policy')).toContain(`'sha256-${sha256Base64('hello()')}'`);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=31536000');
    expect((await site.handle(new Request('http://localhost/_headers'))).status).toBe(404);

    writeFileSync(join(dir, 'evil.html'), '<script src="https://cdn.evil.example/x.js"></script>');
    expect(() => siteHeaders(dir, tenant)).toThrow(/cdn\.evil\.example/);
  });
});

describe('the functions send the security headers', () => {
  const h = useHarness();
  it('on answers and errors alike', async () => {
    for (const res of [await h.request('/api/auth/session'), await h.request('/api/nothing-here'), await h.post('/api/leads', {})]) {
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
      expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    }
  });
});
