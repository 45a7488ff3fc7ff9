/**
 * Tenant files are data, never code (issue 27). A file the build publishes from a tenant's folder
 * as it is (the logo) is read only from inside the folder (its real path, symlinks resolved), and
 * only as an image: a raster image is decoded and encoded again with sharp, so nothing but pixels
 * survives; an SVG is sanitised (svgo's removeScripts, then a strict pass that drops
 * foreignObject, embedded documents, event handlers, links and styles leaving the file, and
 * animations that rewrite links); anything else is refused with a message naming the file.
 */
import { readFile } from 'node:fs/promises';
import { realPathInside } from '../../src/io/tenant-path.ts';
import sharp from 'sharp';
import { optimize, type CustomPlugin, type XastElement, type XastParent } from 'svgo';

export { realPathInside } from '../../src/io/tenant-path.ts';

/** Raster formats sharp decodes that a logo may be; all are published re-encoded as PNG. */
const RASTER = new Set(['png', 'jpeg', 'webp', 'gif', 'avif', 'tiff', 'heif']);
/** An embedded raster image in an SVG (data: URL); everything else an href names must be in the file (#id). */
const EMBEDDED_RASTER = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;
/** Elements that embed another document or run code; dropped with their content. */
const DROP = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'audio', 'video', 'canvas', 'handler', 'listener']);
const ANIMATION = new Set(['set', 'animate', 'animatemotion', 'animatetransform', 'animatecolor']);

const localName = (name: string) => (name.includes(':') ? name.slice(name.indexOf(':') + 1) : name).toLowerCase();
/** A CSS text that loads nothing from elsewhere (url() only of #fragments, no @import). */
const cssIsLocal = (css: string) =>
  !/@import|expression\s*\(|javascript:|behavior\s*:/i.test(css) &&
  [...css.matchAll(/url\s*\(\s*(['"]?)\s*([^'")\s]*)/gi)].every((m) => (m[2] ?? '').startsWith('#'));

const strict: CustomPlugin = {
  name: 'tenantSvgStrict',
  fn: () => ({
    element: {
      enter(node: XastElement, parent: XastParent) {
        const name = localName(node.name);
        const attributeName = (node.attributes['attributeName'] ?? '').toLowerCase();
        const prefixed = node.name.includes(':');
        if (DROP.has(name) || prefixed || (ANIMATION.has(name) && /href|^on/.test(attributeName))) {
          parent.children = parent.children.filter((c) => c !== node);
          return;
        }
        if (name === 'style' && !node.children.every((c) => (c.type === 'text' || c.type === 'cdata' ? cssIsLocal(c.value) : false))) {
          parent.children = parent.children.filter((c) => c !== node);
          return;
        }
        for (const [attr, value] of Object.entries(node.attributes)) {
          const local = localName(attr);
          const v = value.trim();
          const drop =
            local.startsWith('on') ||
            (local === 'href' && !v.startsWith('#') && !EMBEDDED_RASTER.test(v)) ||
            ['src', 'action', 'formaction', 'data', 'xml:base', 'base'].includes(local) ||
            (local === 'style' && !cssIsLocal(v)) ||
            (/^(?:javascript|vbscript|data):/i.test(v.replace(/[\s\0-\x1f]/g, '')) && !(local === 'href' && EMBEDDED_RASTER.test(v))) ||
            (/url\s*\(/i.test(v) && !cssIsLocal(v));
          if (drop) delete node.attributes[attr];
        }
      },
    },
  }),
};

/** A sanitised SVG, or why it is not one. */
export function sanitiseSvg(text: string): { ok: true; svg: string } | { ok: false; reason: string } {
  let out: string;
  try {
    out = optimize(text, {
      multipass: false,
      plugins: ['removeDoctype', 'removeXMLProcInst', 'removeComments', 'removeScripts', strict],
    }).data;
  } catch (err) {
    return { ok: false, reason: `not a well-formed SVG (${(err instanceof Error ? err.message : String(err)).split('\n')[0]})` };
  }
  if (!/^<svg[\s>]/.test(out.trim())) return { ok: false, reason: 'not an SVG image (its root element is not <svg>)' };
  return { ok: true, svg: out };
}

/** What the build publishes for a tenant file: its bytes and the extension they are, or why it is refused. */
export type TenantAsset = { ok: true; bytes: Buffer; ext: '.png' | '.svg' } | { ok: false; reason: string };

/**
 * A tenant's image file as the build may publish it: read through its real path inside the tenant
 * folder, a raster image re-encoded as PNG, an SVG sanitised; anything else refused.
 */
export async function tenantImageAsset(abs: string, tenantDir: string): Promise<TenantAsset> {
  const where = realPathInside(abs, tenantDir);
  if (!where.ok) return where;
  const bytes = await readFile(where.real);
  if (bytes.length === 0) return { ok: false, reason: 'refused: the file is empty' };
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  const looksXml = head.startsWith('<');
  if (looksXml) {
    const svg = sanitiseSvg(bytes.toString('utf8'));
    return svg.ok
      ? { ok: true, bytes: Buffer.from(svg.svg, 'utf8'), ext: '.svg' }
      : { ok: false, reason: `refused: ${svg.reason}; a logo must be an image (PNG, JPEG, WebP, GIF, AVIF or SVG)` };
  }
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !RASTER.has(format))
    return { ok: false, reason: 'refused: not an image sharp can decode; a logo must be an image (PNG, JPEG, WebP, GIF, AVIF or SVG)' };
  try {
    const png = await sharp(bytes, { animated: false, limitInputPixels: 64_000_000 })
      .rotate()
      .resize({ width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
    return { ok: true, bytes: png, ext: '.png' };
  } catch (err) {
    return { ok: false, reason: `refused: the image cannot be decoded (${(err instanceof Error ? err.message : String(err)).split('\n')[0]})` };
  }
}
