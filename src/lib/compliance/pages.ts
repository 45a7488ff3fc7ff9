/**
 * The checks that need the rendered output: each reads one built page (its HTML and the page's own
 * stylesheets) and returns findings. The templates mark what the checks read with data attributes:
 *   data-finance-offer                  one finance offer (a block, an estimate)
 *     data-finance="repayment"          a repayment amount
 *     data-finance="rate"               the annual percentage (interest) rate
 *     data-finance="comparison"         the comparison rate (labelled "comparison rate" beside it)
 *     data-finance="warning"            the comparison rate warning
 *     data-finance="ends" data-date     the offer's end date (YYYY-MM-DD)
 *     data-finance="lender-disclaimer"  the lender's own disclaimer
 *   data-price / data-price-label / data-was-price   the vehicle page's price, its label, the before price
 *   data-licence="<location slug>"      a location's dealer licence number
 *   [data-slide] img                    the vehicle page's photos
 * A page that drops a marker fails the check that reads it, which is the point: the check verifies
 * what is published, not what the model meant to publish.
 */
import { ELEMENT_NODE, TEXT_NODE, parse, type ElementNode, type Node } from 'ultrahtml';
import { CHECKED_WIDTHS, fontSizePx, fontWeight, parseCss, rulesAt, type CssRule } from './css.ts';
import { disclaimerMismatches, shownNumber } from './disclaimer.ts';
import { finding, type Finding } from './findings.ts';
import { formatDollarsAsRead } from '../rules/format.ts';
import {
  CollectionNoticeMissing,
  ComparisonRateLessProminent,
  ComparisonWarningMissing,
  ComparisonWarningRepeated,
  FinanceOfferExpired,
  LenderDisclaimerMismatch,
  LenderDisclaimerMissing,
  OptInPreTicked,
  PhotoAltMissing,
  PriceTooLow,
  PriceTypeMismatch,
  PrivacyLinkMissing,
  RateWithoutComparison,
  RepaymentWithoutRate,
  WasPriceNotHigher,
} from './rules.ts';

export interface Page {
  /** The page's path on the site, e.g. /cars/2016-holden-colorado-ctu47159. */
  path: string;
  root: Node;
  /** The page's style rules (those under @media carry their query: rulesAt), parsed on first use (only finance offers need them). */
  readonly rules: CssRule[];
}

/**
 * The pages of a site link the same few stylesheets: parse each distinct set once per process, not once
 * per page (it was about 1 s of a 5,000-car build). The rules are only read, never changed.
 */
const parsedCache = new Map<string, CssRule[]>();
function parsedSheets(sheets: string): CssRule[] {
  let rules = parsedCache.get(sheets);
  if (!rules) {
    if (parsedCache.size >= 64) parsedCache.clear();
    rules = parseCss(sheets);
    parsedCache.set(sheets, rules);
  }
  return rules;
}

/** Parses a built page; `css(href)` returns a linked same-site stylesheet's text. */
export function readPage(path: string, html: string, css: (href: string) => string | undefined = () => undefined): Page {
  // ultrahtml drops the text before a comment (React's "<!-- -->" text separators): comments go first.
  const root = parse(html.replace(/<!--[\s\S]*?-->/g, ''));
  let rules: CssRule[] | undefined;
  return {
    path,
    root,
    get rules() {
      if (!rules) {
        let sheets = '';
        walk(root, (el) => {
          if (el.name === 'style') sheets += `${textOf(el)}\n`;
          else if (el.name === 'link' && /\bstylesheet\b/.test(el.attributes['rel'] ?? '') && el.attributes['href'])
            sheets += `${css(el.attributes['href']) ?? ''}\n`;
        });
        rules = parsedSheets(sheets);
      }
      return rules;
    },
  };
}

export function walk(node: Node, visit: (el: ElementNode) => void): void {
  for (const el of elementsOf(node)) visit(el);
}

/**
 * The node and every element under it, in document order, listed once per node: a vehicle page's
 * checks look for their markers about ten times over the same tree, and a walk of the whole tree
 * each time was a tenth of the compliance step. The checks only read the trees, so a list stays true.
 */
const listed = new WeakMap<Node, ElementNode[]>();
function elementsOf(node: Node): ElementNode[] {
  let out = listed.get(node);
  if (out) return out;
  out = [];
  // Depth-first, children in order, with an explicit stack: bounded by the number of nodes.
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === ELEMENT_NODE) out.push(n as ElementNode);
    const children = (n as { children?: Node[] }).children;
    if (children) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  listed.set(node, out);
  return out;
}

export function all(node: Node, test: (el: ElementNode) => boolean): ElementNode[] {
  return elementsOf(node).filter(test);
}

export function textOf(node: Node): string {
  if (node.type === TEXT_NODE) return String((node as { value: string }).value);
  if (node.type === ELEMENT_NODE && ['script', 'template'].includes((node as ElementNode).name)) return '';
  return ((node as { children?: Node[] }).children ?? []).map(textOf).join('');
}

const clean = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const WARNING_TEXT = /comparison rate is true only for the example/i;
const PERCENT = /\d+(?:\.\d+)?\s*%/;
const DOLLARS = /\$\s*[\d,]+(?:\.\d+)?/;
const byFinance = (group: ElementNode, kind: string) => all(group, (el) => el.attributes['data-finance'] === kind);

/** How the comparison rate is less prominent than the rates and repayments beside it, by these rules. */
function prominenceProblems(comparison: ElementNode, rates: ElementNode[], repayments: ElementNode[], rules: readonly CssRule[]): string[] {
  const problems: string[] = [];
  const cSize = fontSizePx(comparison, rules);
  const cWeight = fontWeight(comparison, rules);
  for (const rate of rates) {
    if (rate.name !== comparison.name) problems.push(`a <${comparison.name}> beside a <${rate.name}> rate`);
    const rSize = fontSizePx(rate, rules);
    if (cSize < rSize) problems.push(`font-size ${round(cSize)}px against the rate's ${round(rSize)}px`);
    const rWeight = fontWeight(rate, rules);
    if (cWeight < rWeight) problems.push(`font-weight ${cWeight} against the rate's ${rWeight}`);
    if (distance(rate, comparison) > 2) problems.push('not beside the rate');
  }
  for (const repayment of repayments) {
    const pSize = fontSizePx(repayment, rules);
    if (cSize < pSize) problems.push(`font-size ${round(cSize)}px against the repayment's ${round(pSize)}px`);
    const pWeight = fontWeight(repayment, rules);
    if (cWeight < pWeight) problems.push(`font-weight ${cWeight} against the repayment's ${pWeight}`);
  }
  return problems;
}

/** How many steps up from `a` and `b` their nearest common ancestor is (the larger of the two). */
function distance(a: ElementNode, b: ElementNode): number {
  const ancestors = new Map<Node, number>();
  let steps = 0;
  for (let n: Node | undefined = a; n; n = n.parent, steps++) ancestors.set(n, steps);
  steps = 0;
  for (let n: Node | undefined = b; n; n = n.parent, steps++) {
    const up = ancestors.get(n);
    if (up !== undefined) return Math.max(up, steps);
  }
  return Number.POSITIVE_INFINITY;
}

export interface FinanceContext {
  /** "CTU47159 2016 Holden Colorado Z71": how findings name the car. */
  car: string;
  /** The build day, YYYY-MM-DD: an offer ending before it is past. */
  today: string;
  /** The export carries this lender's own disclaimer for the car's offer. */
  lenderDisclaimer?: { lender: string } | undefined;
}

/**
 * Every finance offer on the page: a repayment has its rate; a rate has a comparison rate,
 * labelled as such, in the same element type, no smaller and no lighter than the rate and any
 * repayment (from the page's stylesheets), within two levels of the rate; the warning is in the
 * offer; the offer has not ended; the lender's disclaimer is there when the export carries one.
 */
export function financeFindings(page: Page, ctx: FinanceContext): Finding[] {
  const out: Finding[] = [];
  const groups = all(page.root, (el) => 'data-finance-offer' in el.attributes);
  // The page's one comparison rate warning (#comparison-warning): an offer may link to it instead of repeating it.
  const isWarning = (el: ElementNode) => el.attributes['data-finance'] === 'warning' && WARNING_TEXT.test(clean(textOf(el)));
  const warnings = all(page.root, isWarning);
  const pageWarning = warnings.some((el) => el.attributes['id'] === 'comparison-warning');
  if (warnings.length > 1) out.push(finding(ComparisonWarningRepeated, ctx.car, ctx.car, page.path, warnings.length));
  for (const group of groups) {
    const repayments = byFinance(group, 'repayment').filter((el) => DOLLARS.test(textOf(el)));
    const rates = byFinance(group, 'rate').filter((el) => PERCENT.test(textOf(el)));
    const comparisons = byFinance(group, 'comparison').filter((el) => PERCENT.test(textOf(el)));
    if (repayments.length > 0 && rates.length === 0) out.push(finding(RepaymentWithoutRate, ctx.car, ctx.car, page.path));
    if (rates.length > 0 && comparisons.length === 0)
      out.push(finding(RateWithoutComparison, ctx.car, ctx.car, page.path, clean(textOf(rates[0]!)).match(PERCENT)?.[0] ?? 'a rate'));
    const comparison = comparisons[0];
    if (comparison) {
      const problems: string[] = [];
      const label = clean(textOf(comparison.parent as Node));
      if (!/comparison rate/i.test(label)) problems.push('not labelled "comparison rate"');
      // At a phone's width and a desktop's: a layout's @media rules can make either one less prominent.
      const byWidth = CHECKED_WIDTHS.map((width) => ({ width, found: prominenceProblems(comparison, rates, repayments, rulesAt(page.rules, width)) }));
      const everywhere = byWidth[0]!.found.filter((p) => byWidth.every((w) => w.found.includes(p)));
      problems.push(...everywhere);
      for (const { width, found } of byWidth) for (const p of found) if (!everywhere.includes(p)) problems.push(`${p} at ${width} px wide`);
      if (problems.length > 0) out.push(finding(ComparisonRateLessProminent, ctx.car, ctx.car, page.path, [...new Set(problems)].join('; ')));
      const linked =
        pageWarning && all(group, (el) => el.attributes['data-finance'] === 'warning-link' && el.attributes['href'] === '#comparison-warning').length > 0;
      const warning = byFinance(group, 'warning').some(isWarning) || linked;
      if (!warning) out.push(finding(ComparisonWarningMissing, ctx.car, ctx.car, page.path));
    }
    for (const ends of byFinance(group, 'ends')) {
      const date = ends.attributes['data-date'];
      if (date && date < ctx.today) out.push(finding(FinanceOfferExpired, ctx.car, ctx.car, page.path, date));
    }
    if (ctx.lenderDisclaimer && (rates.length > 0 || repayments.length > 0) && group.attributes['data-finance-offer'] === 'lender') {
      const shown = byFinance(group, 'lender-disclaimer').some((el) => clean(textOf(el)).length > 0);
      if (!shown) out.push(finding(LenderDisclaimerMissing, ctx.car, ctx.car, page.path, ctx.lenderDisclaimer.lender));
    }
    // A disclaimer beside the offer states the offer's own rates and deposit.
    const figure = (kind: string) => {
      const el = byFinance(group, kind)[0];
      return el ? shownNumber(clean(textOf(el))) : undefined;
    };
    const shownFigures = { rate: figure('rate'), comparison: figure('comparison'), deposit: figure('deposit') };
    for (const el of byFinance(group, 'lender-disclaimer')) {
      const mismatches = disclaimerMismatches(clean(textOf(el)), shownFigures);
      if (mismatches.length > 0) out.push(finding(LenderDisclaimerMismatch, ctx.car, ctx.car, page.path, mismatches.join(', ')));
    }
  }
  return out;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Dollars in a shown price ("$20,990" -> 20990); undefined when it shows no amount. */
export function shownDollars(text: string): number | undefined {
  const m = DOLLARS.exec(text);
  return m ? Number(m[0].replace(/[$,\s]/g, '')) : undefined;
}

export interface PriceContext {
  car: string;
  /** The label price_type asks for ("Drive away", "Excluding government charges"), if any. */
  expectedLabel?: string | undefined;
  priceType?: string | undefined;
}

/** The vehicle page's price: never $10 or less, labelled as price_type says, "was" only above it. */
export function priceFindings(page: Page, ctx: PriceContext): Finding[] {
  const out: Finding[] = [];
  const priceEl = all(page.root, (el) => 'data-price' in el.attributes)[0];
  if (!priceEl) return out;
  const priceText = clean(textOf(priceEl));
  const amount = shownDollars(priceText);
  if (amount !== undefined && amount <= 10) out.push(finding(PriceTooLow, ctx.car, ctx.car, page.path, priceText));
  const label = all(page.root, (el) => 'data-price-label' in el.attributes).map((el) => clean(textOf(el)))[0] ?? '';
  if (amount !== undefined && ctx.expectedLabel && label.toLowerCase() !== ctx.expectedLabel.toLowerCase())
    out.push(finding(PriceTypeMismatch, ctx.car, ctx.car, page.path, ctx.priceType ?? ctx.expectedLabel, label));
  if (amount !== undefined && !ctx.expectedLabel && /drive ?away|government charges/i.test(label))
    out.push(finding(PriceTypeMismatch, ctx.car, ctx.car, page.path, ctx.priceType ?? '', label));
  for (const was of all(page.root, (el) => 'data-was-price' in el.attributes)) {
    const before = shownDollars(clean(textOf(was)));
    if (before !== undefined && (amount === undefined || before <= amount))
      out.push(
        finding(WasPriceNotHigher, ctx.car, ctx.car, page.path, formatDollarsAsRead(before), amount === undefined ? priceText : formatDollarsAsRead(amount)),
      );
  }
  return out;
}

/** The car's photos on its page name it: the alt text has the make and the model. */
export function photoFindings(page: Page, car: { label: string; make: string; model: string }): Finding[] {
  const imgs = all(page.root, (el) => el.name === 'img' && hasAncestor(el, (a) => 'data-slide' in a.attributes));
  const name = (s: string) => s.toLowerCase();
  const bad = imgs.filter((img) => {
    const alt = name(img.attributes['alt'] ?? '');
    return !(alt.includes(name(car.make)) && alt.includes(name(car.model)));
  });
  return bad.length > 0 ? [finding(PhotoAltMissing, car.label, car.label, page.path, bad.length)] : [];
}

function hasAncestor(el: ElementNode, test: (a: ElementNode) => boolean): boolean {
  for (let n = el.parent as ElementNode | undefined; n && n.type === ELEMENT_NODE; n = n.parent as ElementNode | undefined) if (test(n)) return true;
  return false;
}

const PERSONAL = /^(name|first_?name|last_?name|full_?name|email|phone|mobile|telephone)$/i;

/** Whether a form asks for personal information: an email or phone field, or a name/email/phone field. */
export function collectsPersonalInfo(form: ElementNode): boolean {
  return all(form, (el) => ['input', 'textarea'].includes(el.name)).some((el) => {
    const type = (el.attributes['type'] ?? 'text').toLowerCase();
    return type === 'email' || type === 'tel' || PERSONAL.test(el.attributes['name'] ?? '') || /email|phone|mobile/i.test(el.attributes['autocomplete'] ?? '');
  });
}

const OPT_IN = /opt[_-]?in|marketing|newsletter|offers/i;

/**
 * Every form that collects personal information carries the collection notice ("collects the
 * details ...") and a link to the privacy policy page, which is published; no marketing box is ticked.
 */
export function formFindings(page: Page, privacyPath: string, privacyPublished: boolean): Finding[] {
  const out: Finding[] = [];
  const forms = all(page.root, (el) => el.name === 'form');
  forms.forEach((form, i) => {
    if (!collectsPersonalInfo(form)) return;
    const name = form.attributes['id'] ?? form.attributes['name'] ?? form.attributes['aria-label'] ?? `#${i + 1}`;
    const text = clean(textOf(form));
    if (!/\bcollects?\b[^.]*\b(details|information)\b/i.test(text)) out.push(finding(CollectionNoticeMissing, `form ${name}`, name, page.path));
    const links = all(form, (el) => el.name === 'a').map((a) => (a.attributes['href'] ?? '').replace(/\/$/, '').split(/[?#]/)[0]);
    if (!links.includes(privacyPath)) out.push(finding(PrivacyLinkMissing, `form ${name}`, name, page.path, `no link to ${privacyPath}`));
    else if (!privacyPublished) out.push(finding(PrivacyLinkMissing, `form ${name}`, name, page.path, `${privacyPath} is not published`));
    for (const box of all(form, (el) => el.name === 'input' && (el.attributes['type'] ?? '').toLowerCase() === 'checkbox')) {
      const label = clean(textOf(box.parent as Node));
      if ('checked' in box.attributes && (OPT_IN.test(box.attributes['name'] ?? '') || OPT_IN.test(label)))
        out.push(finding(OptInPreTicked, `form ${name}`, name, page.path, label || (box.attributes['name'] ?? 'opt-in')));
    }
  });
  return out;
}

/** The licence numbers a page shows, by location slug. */
export function licencesShown(page: Page): Map<string, string> {
  const shown = new Map<string, string>();
  for (const el of all(page.root, (e) => 'data-licence' in e.attributes)) shown.set(el.attributes['data-licence']!, clean(textOf(el)));
  return shown;
}
