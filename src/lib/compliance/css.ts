/**
 * Just enough of the CSS cascade to compare how prominent two elements are: the declared font-size
 * and font-weight an element ends up with from the page's own stylesheets (its <style> elements and
 * linked same-site CSS), by specificity then source order, inline style winning, inherited from the
 * nearest ancestor that sets it, with the browser defaults for bold and small elements. Rules inside
 * `@media` apply at the viewport widths their query matches (rulesAt: the checks look at a phone's
 * and a desktop's width, so a phone layout cannot pass what it fails); other at-rules (@supports,
 * @container) and selectors with state pseudo-classes (:hover, :focus ...) are not applied: the check
 * compares what the page shows at rest.
 */
import { ELEMENT_NODE, type ElementNode } from 'ultrahtml';

export interface CssRule {
  selector: string;
  declarations: Record<string, string>;
  order: number;
  /** The `@media` queries the rule sits in (all must match), outermost first; none: always applies. */
  media?: string[] | undefined;
}

/** The widths the prominence checks look at: a phone's and a desktop's (the widths the site is tested at). */
export const CHECKED_WIDTHS = [390, 1280] as const;

const ROOT_FONT_PX = 16;

/**
 * Whether a media query list matches a screen this many CSS pixels wide (and, for orientation, as
 * tall as a phone held upright or a desktop): screen/all, min-width and max-width (px, em, rem),
 * the range syntax (`width >= 600px`), and/not/only. Anything else (print, hover, prefers-*) does
 * not match: a rule under it is not what a shopper's screen shows at rest.
 */
export function mediaMatches(query: string, width: number): boolean {
  const height = width < 700 ? 844 : 800;
  const px = (value: string): number | undefined => {
    const m = /^(-?[\d.]+)(px|em|rem)?$/.exec(value.trim());
    if (!m) return undefined;
    const n = Number(m[1]);
    return m[2] === 'em' || m[2] === 'rem' ? n * ROOT_FONT_PX : n;
  };
  const feature = (f: string): boolean => {
    const plain = /^\s*(min-|max-)?(width|height|orientation)\s*:\s*([^)]+?)\s*$/.exec(f);
    if (plain) {
      const [, bound, name, value] = plain;
      if (name === 'orientation') return value === (height >= width ? 'portrait' : 'landscape');
      const n = px(value as string);
      const actual = name === 'width' ? width : height;
      if (n === undefined) return false;
      return bound === 'min-' ? actual >= n : bound === 'max-' ? actual <= n : actual === n;
    }
    const range = /^\s*(width|height)\s*(<=|>=|<|>|=)\s*([^)]+?)\s*$/.exec(f);
    if (range) {
      const [, name, op, value] = range;
      const n = px(value as string);
      const actual = name === 'width' ? width : height;
      if (n === undefined) return false;
      return op === '>=' ? actual >= n : op === '<=' ? actual <= n : op === '>' ? actual > n : op === '<' ? actual < n : actual === n;
    }
    return false;
  };
  return query.split(',').some((one) => {
    let q = one.trim().toLowerCase();
    const negated = /^not\s/.test(q);
    q = q.replace(/^(not|only)\s+/, '');
    const parts = q.split(/\s+and\s+/);
    const ok = parts.every((part) => {
      const t = part.trim();
      if (t === 'screen' || t === 'all' || t === '') return true;
      const m = /^\((.*)\)$/.exec(t);
      return m ? feature(m[1] as string) : false;
    });
    return negated ? !ok : ok;
  });
}

/** The rules that apply at this viewport width: those outside any @media, and those whose queries all match. */
export function rulesAt(rules: readonly CssRule[], width: number): CssRule[] {
  return rules.filter((r) => !r.media || r.media.every((q) => mediaMatches(q, width)));
}

/** The style rules of a stylesheet, one per selector in a list; those inside @media carry its query, other at-rules are skipped. */
export function parseCss(css: string, startOrder = 0, media: string[] = []): CssRule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: CssRule[] = [];
  let i = 0;
  let order = startOrder;
  while (i < text.length) {
    const open = text.indexOf('{', i);
    if (open < 0) break;
    const prelude = text.slice(i, open).trim();
    // Find the matching close brace (nested blocks inside at-rules).
    let depth = 1;
    let j = open + 1;
    while (j < text.length && depth > 0) {
      if (text[j] === '{') depth++;
      else if (text[j] === '}') depth--;
      j++;
    }
    const body = text.slice(open + 1, j - 1);
    i = j;
    // A stray ';'-terminated at-rule (@import, @charset) before the prelude.
    const cleaned = prelude.replace(/^(@[^;{]*;\s*)+/, '');
    const atMedia = /^@media\s+([\s\S]+)$/i.exec(cleaned);
    if (atMedia) {
      const inner = parseCss(body, order, [...media, (atMedia[1] as string).trim()]);
      rules.push(...inner);
      order += inner.length;
      continue;
    }
    if (cleaned.startsWith('@') || body.includes('{')) continue;
    const declarations: Record<string, string> = {};
    for (const d of body.split(';')) {
      const colon = d.indexOf(':');
      if (colon < 0) continue;
      const prop = d.slice(0, colon).trim().toLowerCase();
      const value = d
        .slice(colon + 1)
        .replace(/!important/i, '')
        .trim();
      if (prop && value) declarations[prop] = value;
    }
    for (const selector of splitSelectors(cleaned)) rules.push({ selector, declarations, order: order++, ...(media.length ? { media } : {}) });
  }
  return rules;
}

/** "a, b:is(c, d)" -> ["a", "b:is(c, d)"]: commas inside parentheses stay. */
function splitSelectors(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let k = 0; k < list.length; k++) {
    const c = list[k];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      out.push(list.slice(start, k).trim());
      start = k + 1;
    }
  }
  out.push(list.slice(start).trim());
  return out.filter(Boolean);
}

/** Selectors that apply only in a state (hover, focus ...) or to pseudo-elements are left out. */
const STATEFUL = /::|:(?!where\(|is\(|root\b)/;

interface Compound {
  tag?: string | undefined;
  ids: string[];
  classes: string[];
  attrs: { name: string; value?: string | undefined }[];
}

/** One compound selector ("dd.a[data-x]"); undefined for what this matcher does not know. */
function parseCompound(text: string): Compound | undefined {
  const c: Compound = { ids: [], classes: [], attrs: [] };
  const re = /^(\*|[a-zA-Z][\w-]*)|\.([\w-]+)|#([\w-]+)|\[([\w-]+)(?:([~|^$*]?=)["']?([^"'\]]*)["']?)?\]/y;
  let i = 0;
  while (i < text.length) {
    re.lastIndex = i;
    const m = re.exec(text);
    if (!m || m.index !== i) return undefined;
    if (m[1] && i === 0) c.tag = m[1] === '*' ? undefined : m[1].toLowerCase();
    else if (m[1]) return undefined;
    if (m[2]) c.classes.push(m[2]);
    if (m[3]) c.ids.push(m[3]);
    if (m[4]) {
      if (m[5] && m[5] !== '=') return undefined;
      c.attrs.push({ name: m[4].toLowerCase(), value: m[5] ? (m[6] ?? '') : undefined });
    }
    i = re.lastIndex;
  }
  return c;
}

function matchesCompound(el: ElementNode, c: Compound): boolean {
  if (c.tag && el.name.toLowerCase() !== c.tag) return false;
  const classes = (el.attributes['class'] ?? '').split(/\s+/);
  if (!c.classes.every((k) => classes.includes(k))) return false;
  if (!c.ids.every((id) => el.attributes['id'] === id)) return false;
  return c.attrs.every((a) => (a.value === undefined ? a.name in el.attributes : el.attributes[a.name] === a.value));
}

type Step = { compound: Compound; combinator: ' ' | '>' };

/** "a > b c" as steps from the right; undefined for sibling combinators and unknown syntax. */
function parseSelector(selector: string): Step[] | undefined {
  const plain = selector.replace(/:(?:where|is)\(([^()]*)\)/g, '$1').replace(/:root\b/g, 'html');
  if (STATEFUL.test(plain) || /[+~]/.test(plain.replace(/\[[^\]]*\]/g, ''))) return undefined;
  const tokens = plain
    .replace(/\s*>\s*/g, ' > ')
    .trim()
    .split(/\s+/);
  const steps: Step[] = [];
  let combinator: ' ' | '>' = ' ';
  for (const t of tokens) {
    if (t === '>') {
      combinator = '>';
      continue;
    }
    const compound = parseCompound(t);
    if (!compound) return undefined;
    steps.push({ compound, combinator });
    combinator = ' ';
  }
  return steps.length ? steps : undefined;
}

const parsed = new Map<string, Step[] | null>();

export function selectorMatches(el: ElementNode, selector: string): boolean {
  let steps = parsed.get(selector);
  if (steps === undefined) {
    steps = parseSelector(selector) ?? null;
    parsed.set(selector, steps);
  }
  if (!steps) return false;
  const match = (node: ElementNode | undefined, k: number): boolean => {
    if (!node || node.type !== ELEMENT_NODE) return false;
    const step = steps[k]!;
    if (!matchesCompound(node, step.compound)) return false;
    if (k === 0) return true;
    // steps[k].combinator joins steps[k-1] (left) to steps[k] (this node).
    if (step.combinator === '>') return match(node.parent as ElementNode | undefined, k - 1);
    for (let up = node.parent as ElementNode | undefined; up && up.type === ELEMENT_NODE; up = up.parent as ElementNode | undefined) {
      if (match(up, k - 1)) return true;
    }
    return false;
  };
  return match(el, steps.length - 1);
}

/** Specificity as one number: ids x 10000 + classes and attributes x 100 + types. */
export function selectorSpecificity(selector: string): number {
  const steps = parseSelector(selector) ?? [];
  return steps.reduce((n, s) => n + s.compound.ids.length * 10000 + (s.compound.classes.length + s.compound.attrs.length) * 100 + (s.compound.tag ? 1 : 0), 0);
}

const UA_DEFAULTS: Record<string, Record<string, string>> = {
  strong: { 'font-weight': 'bold' },
  b: { 'font-weight': 'bold' },
  th: { 'font-weight': 'bold' },
  h1: { 'font-weight': 'bold', 'font-size': '2em' },
  h2: { 'font-weight': 'bold', 'font-size': '1.5em' },
  h3: { 'font-weight': 'bold', 'font-size': '1.17em' },
  small: { 'font-size': 'smaller' },
};

const WEIGHTS: Record<string, string> = { normal: '400', bold: '700' };

/** The declared value of `prop` on an element: its own, else the nearest ancestor's, else the initial value. */
export function declaredStyle(el: ElementNode, prop: 'font-size' | 'font-weight', rules: readonly CssRule[]): string {
  for (let node: ElementNode | undefined = el; node && node.type === ELEMENT_NODE; node = node.parent as ElementNode | undefined) {
    const own = ownDeclared(node, prop, rules);
    if (own !== undefined) return own;
  }
  return prop === 'font-weight' ? '400' : 'medium';
}

function normalise(prop: string, value: string): string {
  const v = value.trim().toLowerCase();
  return prop === 'font-weight' ? (WEIGHTS[v] ?? v) : v;
}

const ROOT_PX = ROOT_FONT_PX;

/**
 * The font size in CSS pixels from the declared values (px, rem, em, %, the keywords), resolved
 * through the ancestors; NaN where a value cannot be resolved without a browser (calc, clamp, vw).
 */
export function fontSizePx(el: ElementNode | undefined, rules: readonly CssRule[]): number {
  if (!el || el.type !== ELEMENT_NODE) return ROOT_PX;
  const value = ownDeclared(el, 'font-size', rules);
  const parentPx = () => fontSizePx(el.parent as ElementNode | undefined, rules);
  if (value === undefined) return parentPx();
  const m = /^(-?[\d.]+)(px|rem|em|%)$/.exec(value);
  if (m) {
    const n = Number(m[1]);
    return m[2] === 'px' ? n : m[2] === 'rem' ? n * ROOT_PX : m[2] === 'em' ? n * parentPx() : (n / 100) * parentPx();
  }
  const keywords: Record<string, () => number> = {
    medium: () => ROOT_PX,
    small: () => 13,
    large: () => 18,
    smaller: () => parentPx() / 1.2,
    larger: () => parentPx() * 1.2,
  };
  return keywords[value]?.() ?? Number.NaN;
}

/** The font weight as a number (400 normal, 700 bold); bolder/lighter resolved against the parent. */
export function fontWeight(el: ElementNode | undefined, rules: readonly CssRule[]): number {
  if (!el || el.type !== ELEMENT_NODE) return 400;
  const value = ownDeclared(el, 'font-weight', rules);
  const parent = () => fontWeight(el.parent as ElementNode | undefined, rules);
  if (value === undefined) return parent();
  if (value === 'bolder') return Math.min(900, parent() + 300);
  if (value === 'lighter') return Math.max(100, parent() - 300);
  const n = Number(WEIGHTS[value] ?? value);
  return Number.isFinite(n) ? n : parent();
}

/** The value the element itself gets (inline, stylesheet or browser default), not inherited. */
function ownDeclared(el: ElementNode, prop: 'font-size' | 'font-weight', rules: readonly CssRule[]): string | undefined {
  const style = el.attributes['style'] ?? '';
  const inline = new RegExp(`(?:^|;)\\s*${prop}\\s*:\\s*([^;]+)`, 'i').exec(style);
  if (inline && inline[1]!.trim() !== 'inherit') return normalise(prop, inline[1]!);
  let best: { spec: number; order: number; value: string } | undefined;
  for (const r of rules) {
    const value = r.declarations[prop];
    if (value === undefined || !selectorMatches(el, r.selector)) continue;
    const spec = selectorSpecificity(r.selector);
    if (!best || spec > best.spec || (spec === best.spec && r.order > best.order)) best = { spec, order: r.order, value };
  }
  if (best && best.value !== 'inherit') return normalise(prop, best.value);
  const ua = UA_DEFAULTS[el.name]?.[prop];
  return ua ? normalise(prop, ua) : undefined;
}
