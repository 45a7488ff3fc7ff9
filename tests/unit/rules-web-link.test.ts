/**
 * Issue 27: stock-export addresses (external_video_url, file) become links only when they are web
 * addresses; decided once (src/lib/rules/web-link.ts) and read where the links are written.
 */
import { describe, expect, it } from 'vitest';
import { vdpActions } from '../../src/lib/rules/vdp-actions.ts';
import { webLink } from '../../src/lib/rules/web-link.ts';

describe('webLink', () => {
  it('keeps http and https addresses', () => {
    expect(webLink('https://cdn.example.com.au/ppsr/1.pdf')).toBe('https://cdn.example.com.au/ppsr/1.pdf');
    expect(webLink(' http://video.example.com/x ')).toBe('http://video.example.com/x');
  });

  it('refuses every other scheme and anything that is no absolute URL', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      '\u0001javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '//evil.example/x',
      '/relative/path.pdf',
      'ftp://example.com/x',
      'https://',
      '',
      undefined,
      null,
    ]) {
      expect(webLink(bad), String(bad)).toBeUndefined();
    }
  });
});

describe('the history report action', () => {
  const car = { status: 'in_stock', car_type: 'used', id: '1', slug: 'a-1', price: 10000, price_type: 'DAP' } as unknown as Parameters<typeof vdpActions>[0];
  const settings = { watchlist: false, favourites: false, comingSoonNoTestDrive: false, reserveOnline: false } as unknown as Parameters<typeof vdpActions>[1];
  it('links a web address and leaves out a javascript: one', () => {
    expect(vdpActions({ ...car, file: 'https://cdn.example.com.au/r.pdf' }, settings).historyReport).toEqual({ href: 'https://cdn.example.com.au/r.pdf' });
    expect(vdpActions({ ...car, file: 'javascript:window.__pwned=1' }, settings).historyReport).toBeUndefined();
  });
});
