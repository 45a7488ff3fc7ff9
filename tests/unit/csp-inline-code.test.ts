/**
 * Issue 27: the CSP allows the inline scripts our components emit, found by the HTML tokenizer,
 * never script-looking text a tenant put in an attribute value, a comment or a page's text.
 */
import { describe, expect, it } from 'vitest';
import { inlineCode } from '../../src/lib/security/headers.ts';

const EVIL = `<script>window.__pwned=1</script>"'><img src=x onerror="window.__pwned=2"> javascript:x <svg onload=window.__pwned=4>`;
const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const text = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe('inline code is what real elements carry', () => {
  it('finds our scripts and handlers', () => {
    const html = `<!doctype html><html><head><script>document.documentElement.classList.add('js')</script><script type="module" src="/_astro/a.js"></script><script type="application/ld+json">{"a":1}</script></head><body><button onclick="window.print()">Print</button><SCRIPT type=module>ours()</SCRIPT></body></html>`;
    expect(inlineCode(html)).toEqual({
      scripts: ["document.documentElement.classList.add('js')", 'ours()'],
      handlers: ['window.print()'],
      externalScripts: ['/_astro/a.js'],
    });
  });

  it('takes nothing from tenant text in attribute values, text, comments or JSON data', () => {
    const html = [
      `<img alt="${attr(EVIL)}" src="/a.webp">`,
      `<meta content="${attr(EVIL)}">`,
      `<astro-island props="${attr(JSON.stringify({ name: EVIL }))}"></astro-island>`,
      `<div data-x='${EVIL.replace(/'/g, '&#39;')}'></div>`,
      `<p>${text(EVIL)}</p>`,
      `<title>${text(EVIL)}</title>`,
      `<textarea>${EVIL.replace(/<\/textarea/gi, '')}</textarea>`,
      `<!-- ${EVIL.replace(/-->/g, '')} -->`,
      `<script type="application/ld+json">${JSON.stringify({ name: EVIL }).replace(/</g, '\\u003c')}</script>`,
      `<script type="application/json" data-page-analytics>${JSON.stringify({ n: EVIL }).replace(/</g, '\\u003c')}</script>`,
    ].join('\n');
    expect(inlineCode(html)).toEqual({ scripts: [], handlers: [], externalScripts: [] });
  });

  it('a script body ends only at its end tag, whatever it holds', () => {
    const html = `<script>var s = "<div onclick=\\"x()\\">"; if (a < b) f();</script><p onclick="y()">`;
    expect(inlineCode(html)).toEqual({ scripts: ['var s = "<div onclick=\\"x()\\">"; if (a < b) f();'], handlers: ['y()'], externalScripts: [] });
  });
});
