/**
 * Markdown for content pages: YAML front matter plus a body rendered with marked. Raw HTML in the
 * body is shown as text (a content file cannot inject scripts or break the layout), headings start at
 * h2 (the page title is the h1) and images go through the build's image pipeline.
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
