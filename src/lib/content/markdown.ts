/**
 * Markdown for content pages: YAML front matter plus a body rendered with marked. Raw HTML in the
 * body is shown as text (a content file cannot inject scripts or break the layout), headings start at
 * h2 (the page title is the h1), images go through the build's image pipeline, and links are kept only
 * for http(s), mailto, tel and relative targets (inline, reference and autolinks alike).
 */
import { Marked, type Tokens } from 'marked';
import { parse as parseYaml } from 'yaml';

export interface MarkdownFile {
  data: unknown;
  body: string;
}

const FRONT_MATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Splits `---`-fenced YAML front matter from the body. Throws on YAML that does not parse. */
export function parseMarkdownFile(text: string): MarkdownFile {
  const m = FRONT_MATTER.exec(text);
  if (!m) return { data: {}, body: text };
  const data: unknown = parseYaml(m[1] ?? '') ?? {};
  return { data, body: text.slice(m[0].length) };
}

/** Image sources written in a markdown body, in order. */
export function markdownImages(body: string): string[] {
  const out: string[] = [];
  new Marked().walkTokens(new Marked().lexer(body), (t) => {
    if (t.type === 'image') out.push((t as Tokens.Image).href);
  });
  return out;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/** Decodes the character references a link target may be written with (`&#106;avascript:`). */
function decodeEntities(s: string): string {
  return s.replace(
    /&(?:#x([0-9a-f]+)|#(\d+)|(amp|colon|tab|newline|lt|gt|quot|apos));?/gi,
    (m, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
      if (hex) return String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff));
      if (dec) return String.fromCodePoint(Math.min(parseInt(dec, 10), 0x10ffff));
      const named: Record<string, string> = { amp: '&', colon: ':', tab: '\t', newline: '\n', lt: '<', gt: '>', quot: '"', apos: "'" };
      return named[(name ?? '').toLowerCase()] ?? m;
    },
  );
}

/**
 * A link target a content file may use: http(s), mailto, tel, or relative (a path, #fragment, ?query).
 * Anything else (`javascript:`, `data:`, `vbscript:`, `file:`), however it is spelt (entities, tabs,
 * upper case), is not a link. Browsers drop tabs and newlines from URLs, so they are dropped here too.
 */
export function isSafeHref(href: string): boolean {
  let s = decodeEntities(href);
  try {
    s = decodeURIComponent(s.replace(/%(?![0-9a-f]{2})/gi, '%25'));
  } catch {
    return false;
  }
  s = s.replace(/[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(s);
  if (!scheme) return !s.includes(':') || /^[/?#.]/.test(s);
  return ALLOWED_SCHEMES.has((scheme[1] ?? '').toLowerCase());
}

/** How a body image is written: the page resolves sources to published variants. */
export type ImageHtml = (src: string, alt: string) => string;

const defaultImage: ImageHtml = (src, alt) => `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" loading="lazy">`;

/** Renders a markdown body to HTML. */
export function renderMarkdown(body: string, image: ImageHtml = defaultImage): string {
  const md = new Marked({
    gfm: true,
    renderer: {
      html(token) {
        return escapeHtml(token.text);
      },
      heading(token) {
        const depth = Math.min(6, Math.max(2, token.depth + 1));
        return `<h${depth}>${this.parser.parseInline(token.tokens)}</h${depth}>\n`;
      },
      image(token) {
        return image(token.href, token.text);
      },
      link(token) {
        const text = this.parser.parseInline(token.tokens);
        if (!isSafeHref(token.href)) return text;
        const external = /^https?:\/\//.test(token.href) ? ' rel="noopener"' : '';
        return `<a href="${escapeHtml(token.href)}"${external}>${text}</a>`;
      },
    },
  });
  return md.parse(body, { async: false });
}

/** Plain text of a markdown body (for descriptions), whitespace collapsed. */
export function markdownText(body: string): string {
  return renderMarkdown(body, () => '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
