/**
 * Just enough of the CSS cascade to compare how prominent two elements are: the declared font-size
 * and font-weight an element ends up with from the page's own stylesheets (its <style> elements and
 * linked same-site CSS), by specificity then source order, inline style winning, inherited from the
 * nearest ancestor that sets it, with the browser defaults for bold and small elements. Selectors are
 * matched by css-select (over ultrahtml's tree: ultrahtml-adapter.ts) and their specificity read from
 * css-what's parse, so the selector semantics are a maintained library's, not a hand-written subset.
 * Rules inside `@media` apply at the viewport widths their query matches (rulesAt: the checks look at
 * a phone's and a desktop's width, so a phone layout cannot pass what it fails); other at-rules
 * (@supports, @container) are not applied, and state pseudo-classes (:hover, :focus ...) never
 * match: the check compares what the page shows at rest.
 */
import { compile } from 'css-select';
import { AttributeAction, IgnoreCaseMode, SelectorType, parse as parseSelector, type Selector } from 'css-what';
import { ELEMENT_NODE, type ElementNode, type Node } from 'ultrahtml';
import { ultrahtmlAdapter } from './ultrahtml-adapter.ts';

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
  let byWidth = atWidth.get(rules);
  if (!byWidth) atWidth.set(rules, (byWidth = new Map()));
  let out = byWidth.get(width);
  if (!out) byWidth.set(width, (out = rules.filter((r) => !r.media || r.media.every((q) => mediaMatches(q, width)))));
  return out;
}

/**
 * rulesAt's answers by rule list: the pages of a site share a few parsed stylesheets (pages.ts), so
 * each list is filtered once per width, not once per finance offer. Callers only read the lists.
 */
const atWidth = new WeakMap<readonly CssRule[], Map<number, CssRule[]>>();

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

/**
 * Pseudo-classes for a state the page is not in at rest (nothing hovered, focused, pressed, visited
 * or targeted by the URL's fragment): they never match, so `a:hover` does not apply and
 * `a:not(:hover)` does, as in a browser showing the page untouched.
 */
const AT_REST_FALSE = ['hover', 'active', 'focus', 'focus-visible', 'focus-within', 'visited', 'target', 'target-within'];
const PSEUDOS = Object.fromEntries(AT_REST_FALSE.map((name) => [name, () => false]));

/** css-select also takes jQuery's extensions; a browser rejects a selector using one, so the rule is skipped as it would be. */
const NOT_CSS = new Set([
  'contains',
  'icontains',
  'checkbox',
  'file',
  'password',
  'radio',
  'reset',
  'image',
  'submit',
  'parent',
  'header',
  'button',
  'input',
  'text',
  'selected',
]);

/** Whether css-what's tokens hold what a stylesheet rule cannot be applied to the element for: a pseudo-element (it styles a generated box) or a non-CSS extension. */
function inapplicable(selectors: readonly Selector[][]): boolean {
  return selectors.some((tokens) =>
    tokens.some(
      (t) =>
        t.type === SelectorType.PseudoElement || (t.type === SelectorType.Pseudo && (NOT_CSS.has(t.name) || (Array.isArray(t.data) && inapplicable(t.data)))),
    ),
  );
}

/** Specificity (a, b, c), compared in that order. */
export type Specificity = readonly [ids: number, classes: number, types: number];

const compareSpecificity = (x: Specificity, y: Specificity): number => x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
const mostSpecific = (list: readonly Selector[][]): Specificity =>
  list.map(specificityOfTokens).reduce((best, s) => (compareSpecificity(s, best) > 0 ? s : best), [0, 0, 0] as Specificity);

/**
 * Selectors Level 4 specificity of one complex selector: ids; classes, attributes and
 * pseudo-classes; types and pseudo-elements. :is(), :not(), :has() count as their most specific
 * argument, :where() as nothing, :nth-child(An+B of S) as a pseudo-class plus S's most specific.
 */
function specificityOfTokens(tokens: readonly Selector[]): Specificity {
  let [a, b, c] = [0, 0, 0];
  const add = (s: Specificity) => {
    a += s[0];
    b += s[1];
    c += s[2];
  };
  for (const t of tokens) {
    if (t.type === SelectorType.Attribute) {
      // css-what reads `#x` as an id attribute compared in quirks mode's case; `[id=x]` has no case mode and counts as an attribute.
      if (t.name === 'id' && t.action === AttributeAction.Equals && t.ignoreCase === IgnoreCaseMode.QuirksMode) a++;
      else b++;
    } else if (t.type === SelectorType.Tag || t.type === SelectorType.PseudoElement) c++;
    else if (t.type === SelectorType.Pseudo) {
      if (t.name === 'where') continue;
      if (Array.isArray(t.data)) add(mostSpecific(t.data));
      else {
        b++;
        const of = /^(?:nth-child|nth-last-child)$/.test(t.name) && typeof t.data === 'string' ? /\sof\s+(.+)$/.exec(t.data) : null;
        if (of) add(mostSpecific(parseSelector(of[1] as string)));
      }
    }
  }
  return [a, b, c];
}

interface Compiled {
  matches: (el: ElementNode) => boolean;
  specificity: Specificity;
}

/** Each selector parsed and compiled once per process: the pages of a site share a few stylesheets. */
const compiled = new Map<string, Compiled | null>();

/**
 * The selector compiled by css-select over ultrahtml trees; null for one it cannot apply (invalid,
 * a pseudo-element, an unsupported pseudo-class): the rule is skipped rather than the check failing.
 */
function compileSelector(selector: string): Compiled | null {
  let entry = compiled.get(selector);
  if (entry !== undefined) return entry;
  entry = null;
  try {
    const tokens = parseSelector(selector);
    if (tokens.length && !inapplicable(tokens)) {
      const specificity = mostSpecific(tokens);
      // compile sorts the tokens it is given: the specificity is read first.
      const test = compile<Node, ElementNode>(tokens, { adapter: ultrahtmlAdapter, pseudos: PSEUDOS });
      entry = { matches: (el) => test(el), specificity };
    }
  } catch {
    entry = null;
  }
  compiled.set(selector, entry);
  return entry;
}

export function selectorMatches(el: ElementNode, selector: string): boolean {
  return compileSelector(selector)?.matches(el) ?? false;
}

/** The selector's specificity ((0, 0, 0) for one that is never applied); a list counts as its most specific member. */
export function selectorSpecificity(selector: string): Specificity {
  return compileSelector(selector)?.specificity ?? [0, 0, 0];
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

type StyleProp = 'font-size' | 'font-weight';

const INLINE: Record<StyleProp, RegExp> = {
  'font-size': /(?:^|;)\s*font-size\s*:\s*([^;]+)/i,
  'font-weight': /(?:^|;)\s*font-weight\s*:\s*([^;]+)/i,
};

/**
 * The rules of a list that declare `prop`, with their compiled selectors (those that can apply):
 * an element's cascade is asked for up its ancestors, for each rate and repayment, so the few rules
 * that set a font size or weight are picked out of a site's stylesheets once per list, not per element.
 */
const declaringCache = new WeakMap<readonly CssRule[], Map<StyleProp, { rule: CssRule; value: string; selector: Compiled }[]>>();
function declaring(rules: readonly CssRule[], prop: StyleProp): { rule: CssRule; value: string; selector: Compiled }[] {
  let byProp = declaringCache.get(rules);
  if (!byProp) declaringCache.set(rules, (byProp = new Map()));
  let out = byProp.get(prop);
  if (!out) {
    out = rules.flatMap((rule) => {
      const value = rule.declarations[prop];
      const selector = value === undefined ? null : compileSelector(rule.selector);
      return value !== undefined && selector ? [{ rule, value, selector }] : [];
    });
    byProp.set(prop, out);
  }
  return out;
}

/** The value the element itself gets (inline, stylesheet or browser default), not inherited. */
function ownDeclared(el: ElementNode, prop: StyleProp, rules: readonly CssRule[]): string | undefined {
  const style = el.attributes['style'];
  const inline = style ? INLINE[prop].exec(style) : null;
  if (inline && inline[1]!.trim() !== 'inherit') return normalise(prop, inline[1]!);
  let best: { spec: Specificity; order: number; value: string } | undefined;
  for (const { rule: r, value, selector } of declaring(rules, prop)) {
    if (!selector.matches(el)) continue;
    const spec = selector.specificity;
    const byCascade = best ? compareSpecificity(spec, best.spec) || r.order - best.order : 1;
    if (byCascade > 0) best = { spec, order: r.order, value };
  }
  if (best && best.value !== 'inherit') return normalise(prop, best.value);
  const ua = UA_DEFAULTS[el.name]?.[prop];
  return ua ? normalise(prop, ua) : undefined;
}
