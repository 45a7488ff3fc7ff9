/**
 * Issue 27: tenant files are data. The logo the build publishes is read only from inside the tenant
 * folder, re-encoded (raster) or sanitised (SVG); anything else is refused, naming the file.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { classifySource } from '../../scripts/lib/images/pipeline.ts';
import { realPathInside, sanitiseSvg, tenantImageAsset } from '../../scripts/lib/tenant-files.ts';

const work = mkdtempSync(join(tmpdir(), 'tenant-files-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const tenant = join(work, 'tenant');
const outside = join(work, 'outside');
mkdirSync(join(tenant, 'brand'), { recursive: true });
mkdirSync(outside, { recursive: true });

describe('tenant files are read only from inside the tenant folder', () => {
  writeFileSync(join(outside, 'evil.png'), 'x');
  symlinkSync(join(outside, 'evil.png'), join(tenant, 'brand', 'evil.png'));
  symlinkSync(outside, join(tenant, 'linked'));

  it('refuses a symlink that leads out of the folder, at build time', async () => {
    expect(realPathInside(join(tenant, 'brand', 'evil.png'), tenant)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('outside the tenant folder'),
    });
    expect(classifySource('brand/evil.png', tenant)).toMatchObject({ kind: 'bad' });
    expect(classifySource('linked/evil.png', tenant)).toMatchObject({ kind: 'bad' });
    expect(await tenantImageAsset(join(tenant, 'linked', 'evil.png'), tenant)).toMatchObject({ ok: false });
  });

  it('still reads ordinary files', async () => {
    writeFileSync(
      join(tenant, 'brand', 'ok.png'),
      await sharp({ create: { width: 4, height: 4, channels: 4, background: '#c00' } })
        .png()
        .toBuffer(),
    );
    expect(classifySource('brand/ok.png', tenant)).toMatchObject({ kind: 'file' });
    expect(classifySource('brand/missing.png', tenant)).toMatchObject({ kind: 'file' });
  });
});

describe('a logo is published as an image and nothing else', () => {
  it('refuses an HTML file named as the logo', async () => {
    const file = join(tenant, 'brand', 'logo.png');
    writeFileSync(file, '<!doctype html><html><body><script>window.__pwned = 1</script></body></html>');
    const asset = await tenantImageAsset(file, tenant);
    expect(asset.ok).toBe(false);
    const named = join(tenant, 'brand', 'evil.html');
    writeFileSync(named, '<html><script>alert(1)</script></html>');
    expect(await tenantImageAsset(named, tenant)).toMatchObject({ ok: false, reason: expect.stringMatching(/refused/) });
  });

  it('refuses bytes that are no image', async () => {
    const file = join(tenant, 'brand', 'logo.jpg');
    writeFileSync(file, 'MZ\x90\x00 not an image at all');
    expect(await tenantImageAsset(file, tenant)).toMatchObject({ ok: false, reason: expect.stringContaining('not an image') });
  });

  it('re-encodes a raster logo (anything appended to the image is gone)', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#0a0' } })
      .png()
      .toBuffer();
    const file = join(tenant, 'brand', 'logo-ok.png');
    writeFileSync(file, Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]));
    const asset = await tenantImageAsset(file, tenant);
    expect(asset).toMatchObject({ ok: true, ext: '.png' });
    if (!asset.ok) return;
    expect(asset.bytes.toString('latin1')).not.toContain('<script>');
    expect((await sharp(asset.bytes).metadata()).width).toBe(8);
  });

  it('sanitises an SVG logo: scripts, foreignObject, handlers and outside links go, the drawing stays', async () => {
    const hostile = `<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY x "y">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(2)</script>
  <html:script xmlns:html="http://www.w3.org/1999/xhtml">alert(3)</html:script>
  <foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><script>alert(4)</script></body></foreignObject>
  <style>@import url(https://evil.example/x.css); rect { fill: red }</style>
  <a href="javascript:alert(5)"><rect width="5" height="5" onclick="alert(6)" style="fill:url(https://evil.example/p)"/></a>
  <a xlink:href="https://evil.example/"><circle r="2"/></a>
  <use href="https://evil.example/sprite.svg#x"/>
  <image href="https://evil.example/track.png" width="1" height="1"/>
  <set attributeName="href" to="javascript:alert(7)"/>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>
  <path id="mark" d="M0 0h10v10z" fill="url(#g)"/>
  <use href="#mark"/>
</svg>`;
    const out = sanitiseSvg(hostile);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const svg = out.svg;
    for (const bad of ['alert', 'script', 'foreignObject', 'onload', 'onclick', 'evil.example', 'javascript:', '@import', 'ENTITY'])
      expect(svg, bad).not.toContain(bad);
    expect(svg).toContain('M0 0h10v10z');
    expect(svg).toContain('url(#g)');
    expect(svg).toMatch(/href="#mark"/);
    const file = join(tenant, 'brand', 'logo.svg');
    writeFileSync(file, hostile);
    expect(await tenantImageAsset(file, tenant)).toMatchObject({ ok: true, ext: '.svg' });
  });

  it('refuses XML that is not an SVG', () => {
    expect(sanitiseSvg('<html><body>x</body></html>')).toMatchObject({ ok: false });
    expect(sanitiseSvg('<svg><unclosed></svg>')).toMatchObject({ ok: false });
  });
});

describe('content files are read only from inside the tenant folder', () => {
  it('a content page or data file that is a symlink out of the folder is refused, naming the file', async () => {
    const { loadContent } = await import('../../src/io/content-folder.ts');
    const t = join(work, 'content-tenant');
    mkdirSync(join(t, 'content', 'pages'), { recursive: true });
    writeFileSync(join(outside, 'secret.md'), '---\ntitle: Secret of the build machine\n---\n\nroot:x:0:0\n');
    writeFileSync(join(outside, 'offers.json'), '[{"id":"x","name":"Secret offer"}]');
    symlinkSync(join(outside, 'secret.md'), join(t, 'content', 'pages', 'about-us.md'));
    symlinkSync(join(outside, 'offers.json'), join(t, 'content', 'offers.json'));
    writeFileSync(join(t, 'content', 'pages', 'careers.md'), '---\ntitle: Careers\n---\n\nJoin us.\n');
    const { content, problems } = loadContent(t, 'content-tenant');
    expect(JSON.stringify(content)).not.toContain('Secret');
    expect(JSON.stringify(content)).toContain('Careers');
    expect(problems.join('\n')).toMatch(/content\/pages\/about-us\.md.*outside the tenant folder/);
    expect(problems.join('\n')).toMatch(/content\/offers\.json.*outside the tenant folder/);
  });
});
