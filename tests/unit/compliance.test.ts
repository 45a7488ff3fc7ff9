/**
 * The compliance rules, one by one: the rules are data (every rule has its requirement and a source),
 * the model checks (licence numbers, price types) and the page checks (finance offers with the
 * page's CSS, prices, forms, photos, licences shown) on small pages written here.
 */
import { describe, expect, it } from 'vitest';
import { RULES, LICENCE_LAWS } from '../../src/lib/compliance/rules.ts';
import { countFindings, holdReason } from '../../src/lib/compliance/findings.ts';
import { licenceNumberFindings, licenceShownFindings, stateCode, type LicensedLocation } from '../../src/lib/compliance/licence.ts';
import { priceTypeFindings, requiredPriceLabel } from '../../src/lib/compliance/prices.ts';
import { priceTypeLabel } from '../../src/lib/rules/price-display.ts';
import { financeFindings, formFindings, licencesShown, photoFindings, priceFindings, readPage } from '../../src/lib/compliance/pages.ts';
import { fontSizePx, fontWeight, mediaMatches, parseCss, rulesAt, selectorMatches, selectorSpecificity } from '../../src/lib/compliance/css.ts';
import { parse, type ElementNode } from 'ultrahtml';

const loc = (over: Partial<LicensedLocation> = {}): LicensedLocation => ({
  name: 'Coastal Toyota Gosford',
  slug: 'gosford',
  visible: true,
  location_type: 'sales',
  dealer_license_number: 'MD 012345',
  address: { state: 'NSW' },
  ...over,
});

describe('the rules are data', () => {
  it('every rule has an id, a title, a one-sentence requirement, a source, a severity, a message and a hint', () => {
    const ids = new Set<string>();
    for (const r of RULES) {
      expect(r.id).toMatch(/^[a-z-]+$/);
      expect(ids.has(r.id)).toBe(false);
      ids.add(r.id);
      expect(r.title.length).toBeGreaterThan(5);
      expect(r.requirement).toMatch(/\.$/);
      expect(r.sources.length).toBeGreaterThan(0);
      expect(['error', 'warning']).toContain(r.severity);
      expect(typeof r.message).toBe('function');
      expect(r.hint.length).toBeGreaterThan(10);
    }
  });
  it('an unconfirmed source says so; every state and territory has an entry', () => {
    for (const r of RULES) for (const s of r.sources) if (!s.confirmed) expect(s.cite).toMatch(/to be confirmed/);
    expect(Object.keys(LICENCE_LAWS).sort()).toEqual(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']);
  });
});

describe('dealer licence numbers', () => {
  it('a NSW or WA sales location without a number is an error naming the location and state', () => {
    const f = licenceNumberFindings([
      loc({ dealer_license_number: undefined }),
      loc({ name: 'Perth Cars', slug: 'perth', dealer_license_number: ' ', address: { state: 'Western Australia' } }),
    ]);
    expect(f.map((x) => [x.rule, x.severity, x.message])).toEqual([
      ['licence-number-missing', 'error', 'Coastal Toyota Gosford (NSW) has no dealer licence number; NSW law asks for it on the website and in advertising'],
      ['licence-number-missing', 'error', 'Perth Cars (WA) has no dealer licence number; WA law asks for it on the website and in advertising'],
    ]);
  });
  it('where the requirement is to be confirmed it is a warning; service and hidden locations are not checked', () => {
    const f = licenceNumberFindings([
      loc({ name: 'Dandenong', dealer_license_number: undefined, address: { state: 'vic' } }),
      loc({ name: 'Service', location_type: 'service', dealer_license_number: undefined }),
      loc({ name: 'Hidden', visible: false, dealer_license_number: undefined }),
      loc({ name: 'Used', location_type: '', location_subtype: 'Pre-owned sales', dealer_license_number: undefined, address: { state: 'QLD' } }),
    ]);
    expect(f.map((x) => `${x.severity} ${x.subject}`)).toEqual(['warning Dandenong', 'warning Used']);
    expect(licenceNumberFindings([loc()])).toEqual([]);
  });
  it('state names and codes', () => {
    expect(stateCode('New South Wales')).toBe('NSW');
    expect(stateCode(' tas ')).toBe('TAS');
    expect(stateCode('Auckland')).toBeUndefined();
  });
  it('a page that does not show a sales location licence, identified as a licence, is flagged with the location and a page', () => {
    const page = (html: string) => licencesShown(readPage('/', `<footer>${html}</footer>`));
    const good = page('<span data-licence="gosford">Coastal Toyota Gosford: dealer licence no. MD 012345</span>');
    const bare = page('<span data-licence="gosford">MD 012345</span>');
    const none = page('');
    expect(licenceShownFindings([loc()], [{ path: '/', licences: good }])).toEqual([]);
    const f = licenceShownFindings(
      [loc()],
      [
        { path: '/', licences: good },
        { path: '/cars/a', licences: bare },
        { path: '/cars/b', licences: none },
      ],
    );
    expect(f.map((x) => x.message)).toEqual(['Coastal Toyota Gosford: licence MD 012345 is not shown on 2 pages (e.g. /cars/a)']);
  });
});

describe('prices from the model', () => {
  it('the label price_type asks for', () => {
    // The view's priceLabel is priceTypeLabel(price_type), decided once per build.
    const required = (priceType: string | null) => requiredPriceLabel({ priceLabel: priceTypeLabel(priceType) });
    expect(required('DAP')).toBe('Drive away');
    expect(required('egc')).toBe('Excluding government charges');
    expect(required('POA')).toBeUndefined();
    expect(required(null)).toBeUndefined();
  });
  it('a shown price with no drive-away or EGC type is a warning; no price shown, no finding', () => {
    expect(priceTypeFindings({ shownPrice: 20990, priceLabel: undefined }, null, 'A1 car')).toMatchObject([
      { rule: 'price-type-unstated', severity: 'warning' },
    ]);
    expect(priceTypeFindings({ shownPrice: 20990, priceLabel: 'Drive away' }, 'DAP', 'A1 car')).toEqual([]);
    expect(priceTypeFindings({ shownPrice: undefined, priceLabel: undefined }, null, 'A1 car')).toEqual([]);
  });
});

const CSS = `
.fin dd{font-size:1.5rem;font-weight:800}
.fin .small{font-size:.8rem}
.fin .light{font-weight:400}
.pay strong{font-size:2rem}
.fin dd:hover{font-size:3rem}
@media (min-width:900px){.fin dd{font-size:4rem}}
`;
const WARNING = 'WARNING: This comparison rate is true only for the examples given and may not include all fees and charges.';
function offer(inner: string, extra = ''): string {
  return `<html><head><style>${CSS}</style></head><body><div class="fin" data-finance-offer="lender" ${extra}>${inner}</div></body></html>`;
}
const rates = (comparison = '<dd data-finance="comparison">8.49% p.a.</dd>') =>
  `<dl><div><dt>Interest rate</dt><dd data-finance="rate">7.99% p.a.</dd></div><div><dt>Comparison rate*</dt>${comparison}</div></dl>`;
const ctx = { car: 'CTU1 2016 Holden Colorado', today: '2026-11-25' };

describe('finance offers on a page', () => {
  it('a compliant offer: repayment, rate, comparison rate as prominent, warning, lender disclaimer', () => {
    const html = offer(
      `<p><strong data-finance="repayment">$100</strong> per week</p>${rates()}<p data-finance="warning">${WARNING}</p><p data-finance="lender-disclaimer">Lender terms.</p>`,
    );
    expect(financeFindings(readPage('/cars/a', html), { ...ctx, lenderDisclaimer: { lender: 'Manual' } })).toEqual([]);
  });
  it('a rate without a comparison rate is flagged with the car named (also a "-" comparison rate)', () => {
    for (const cmp of ['', '<dd data-finance="comparison">-</dd>']) {
      const f = financeFindings(readPage('/cars/a', offer(`${rates(cmp)}<p data-finance="warning">${WARNING}</p>`)), ctx);
      expect(f.map((x) => x.message)).toEqual(['CTU1 2016 Holden Colorado: the finance offer on /cars/a shows 7.99% but no comparison rate']);
    }
  });
  it('a repayment without a rate', () => {
    const f = financeFindings(
      readPage('/cars/a', offer('<p><strong data-finance="repayment">$100</strong> per week</p><span data-finance="rate">-</span>')),
      ctx,
    );
    expect(f.map((x) => x.rule)).toEqual(['repayment-without-rate']);
  });
  it('a comparison rate smaller or lighter than the rate, by the CSS that applies (not the text)', () => {
    const small = financeFindings(
      readPage('/cars/a', offer(`${rates('<dd class="small" data-finance="comparison">8.49% p.a.</dd>')}<p data-finance="warning">${WARNING}</p>`)),
      ctx,
    );
    expect(small.map((x) => x.message)).toEqual([
      "CTU1 2016 Holden Colorado: the comparison rate on /cars/a is less prominent than the rate (font-size 12.8px against the rate's 24px at 390 px wide; font-size 12.8px against the rate's 64px at 1280 px wide)",
    ]);
    const light = financeFindings(
      readPage('/cars/a', offer(`${rates('<dd class="light" data-finance="comparison">8.49% p.a.</dd>')}<p data-finance="warning">${WARNING}</p>`)),
      ctx,
    );
    expect(light[0]?.message).toMatch(/font-weight 400 against the rate's 800/);
  });
  it('a comparison rate smaller than the repayment; a comparison rate in another element type; not labelled', () => {
    const html = offer(`<p class="pay"><strong data-finance="repayment">$100</strong></p>${rates()}<p data-finance="warning">${WARNING}</p>`);
    expect(financeFindings(readPage('/cars/a', html), ctx)[0]?.message).toMatch(/font-size 24px against the repayment's 32px/);
    const span = offer(
      `<dl><div><dt>Interest rate</dt><dd data-finance="rate">7.99%</dd></div><div>Comparison rate <span data-finance="comparison">8.49%</span></div></dl><p data-finance="warning">${WARNING}</p>`,
    );
    expect(financeFindings(readPage('/cars/a', span), ctx)[0]?.message).toMatch(/a <span> beside a <dd> rate/);
    const unlabelled = offer(`${rates().replace('Comparison rate*', 'Other')}<p data-finance="warning">${WARNING}</p>`);
    expect(financeFindings(readPage('/cars/a', unlabelled), ctx)[0]?.message).toMatch(/not labelled "comparison rate"/);
  });
  it('no warning; an offer that ended; the lender disclaimer missing', () => {
    const html = offer(`${rates()}<p data-finance="ends" data-date="2026-11-24">Offer ends 24/11/2026</p>`);
    const f = financeFindings(readPage('/cars/a', html), { ...ctx, lenderDisclaimer: { lender: 'Manual' } });
    expect(f.map((x) => x.rule).sort()).toEqual(['comparison-rate-warning-missing', 'finance-offer-expired', 'lender-disclaimer-missing']);
    expect(f.find((x) => x.rule === 'finance-offer-expired')?.message).toBe('CTU1 2016 Holden Colorado: the finance offer on /cars/a ended on 2026-11-24');
    const today = offer(`${rates()}<p data-finance="warning">${WARNING}</p><p data-finance="ends" data-date="2026-11-25">Offer ends</p>`);
    expect(financeFindings(readPage('/cars/a', today), ctx)).toEqual([]);
  });
});

describe('a layout for phones: @media rules apply at the widths they match', () => {
  it('a comparison rate made smaller only on phones is found, and the finding names the width', () => {
    const phoneSmall = `@media (max-width: 40rem) { .fin .cmp { font-size: .75rem } }`;
    const html = offer(`${rates('<dd class="cmp" data-finance="comparison">8.49% p.a.</dd>')}<p data-finance="warning">${WARNING}</p>`).replace(
      '</style>',
      `${phoneSmall}</style>`,
    );
    expect(financeFindings(readPage('/cars/a', html), ctx).map((f) => f.message)).toEqual([
      "CTU1 2016 Holden Colorado: the comparison rate on /cars/a is less prominent than the rate (font-size 12px against the rate's 24px at 390 px wide)",
    ]);
  });
  it('reads min-width, max-width, the range syntax, and/not/only and screen; print and unknown features do not match', () => {
    expect(mediaMatches('(max-width: 600px)', 390)).toBe(true);
    expect(mediaMatches('(max-width: 600px)', 1280)).toBe(false);
    expect(mediaMatches('screen and (min-width: 48em)', 1280)).toBe(true);
    expect(mediaMatches('only screen and (min-width: 48em)', 390)).toBe(false);
    expect(mediaMatches('(width >= 900px)', 1280)).toBe(true);
    expect(mediaMatches('(width < 900px)', 390)).toBe(true);
    expect(mediaMatches('print, (max-width: 500px)', 390)).toBe(true);
    expect(mediaMatches('print', 390)).toBe(false);
    expect(mediaMatches('not print', 390)).toBe(true);
    expect(mediaMatches('(hover: hover)', 1280)).toBe(false);
    expect(mediaMatches('(orientation: portrait)', 390)).toBe(true);
    const nested = parseCss('@media screen { @media (max-width: 600px) { .a { font-size: 9px } } }');
    expect(nested[0]?.media).toEqual(['screen', '(max-width: 600px)']);
    expect(rulesAt(nested, 390)).toHaveLength(1);
    expect(rulesAt(nested, 1280)).toHaveLength(0);
  });
});

describe('the CSS the checks read', () => {
  const el = (html: string, id: string) => {
    let found: ElementNode | undefined;
    const visit = (n: ElementNode) => {
      if (n.attributes?.['id'] === id) found = n;
      for (const c of n.children ?? []) if (c.type === 1) visit(c as ElementNode);
    };
    visit(parse(html) as unknown as ElementNode);
    return found!;
  };
  it('descendant and child combinators, attributes, :where; hover and @media rules are not applied', () => {
    const doc = '<div class="a" data-x><p class="b"><span id="s" data-y>t</span></p></div>';
    const s = el(doc, 's');
    expect(selectorMatches(s, '.a span')).toBe(true);
    expect(selectorMatches(s, '.a[data-x] .b > span[data-y]')).toBe(true);
    expect(selectorMatches(s, ':where(.a) span')).toBe(true);
    expect(selectorMatches(s, '.a > span')).toBe(false);
    expect(selectorMatches(s, '.a span:hover')).toBe(false);
    expect(rulesAt(parseCss('@media (x){.a{font-size:9px}} .b{font-size:2em}'), 390).map((r) => r.selector)).toEqual(['.b']);
  });
  it('specificity, then source order, inline style, inheritance and em', () => {
    const rules = parseCss('.b span{font-size:10px} span{font-size:30px} .a{font-size:20px;font-weight:bold} .c{font-size:2em}');
    const doc =
      '<div class="a"><p class="b"><span id="s">t</span></p><p><span id="t">u</span><span id="u" style="font-size:7px">v</span><span class="c" id="c">w</span></p></div>';
    expect(fontSizePx(el(doc, 's'), rules)).toBe(10);
    expect(fontSizePx(el(doc, 't'), rules)).toBe(30);
    expect(fontSizePx(el(doc, 'u'), rules)).toBe(7);
    expect(fontSizePx(el(doc, 'c'), rules)).toBe(40);
    expect(fontWeight(el(doc, 't'), rules)).toBe(700);
  });
});

describe('selectors matched by css-select, specificity from css-what', () => {
  const el = (html: string, id: string) => {
    let found: ElementNode | undefined;
    const visit = (n: ElementNode) => {
      if (n.attributes?.['id'] === id) found = n;
      for (const c of n.children ?? []) if (c.type === 1) visit(c as ElementNode);
    };
    visit(parse(html) as unknown as ElementNode);
    return found!;
  };
  const doc =
    '<ul class="list" lang="en-AU"><li id="one" class="x">a</li><li id="two" data-k="fin-rate" class="y z">b</li><li id="three" class="x">c</li></ul>';

  it('matches :is(), :not(), :has(), attribute operators, sibling combinators and nth-child', () => {
    const [one, two, three] = [el(doc, 'one'), el(doc, 'two'), el(doc, 'three')];
    expect(selectorMatches(two, 'li:is(.q, .z)')).toBe(true);
    expect(selectorMatches(one, 'li:not(.x)')).toBe(false);
    expect(selectorMatches(two, 'li:not(.x)')).toBe(true);
    expect(selectorMatches(two, '[data-k^="fin"]')).toBe(true);
    expect(selectorMatches(two, '[data-k$="rate"][data-k*="-"]')).toBe(true);
    expect(selectorMatches(two, '[data-k|="fin"]')).toBe(true);
    expect(selectorMatches(two, '[class~="z"]')).toBe(true);
    expect(selectorMatches(two, '[data-k="FIN-RATE" i]')).toBe(true);
    expect(selectorMatches(two, '[data-k="FIN-RATE"]')).toBe(false);
    expect(selectorMatches(two, '#one + li')).toBe(true);
    expect(selectorMatches(three, '#one + li')).toBe(false);
    expect(selectorMatches(three, '#one ~ .x')).toBe(true);
    expect(selectorMatches(two, 'li:nth-child(2)')).toBe(true);
    expect(selectorMatches(three, 'li:nth-child(odd)')).toBe(true);
    expect(selectorMatches(three, 'li:last-child')).toBe(true);
    expect(selectorMatches(one, 'ul:has(> .y) > :first-child')).toBe(true);
  });

  it('a state or pseudo-element never matches; the page at rest is not hovered, so :not(:hover) does', () => {
    const two = el(doc, 'two');
    for (const state of [':hover', ':focus', ':active', ':focus-visible', ':focus-within', ':visited', ':target', '::before', ':after'])
      expect(selectorMatches(two, `li${state}`), state).toBe(false);
    expect(selectorMatches(two, '.list:focus-within li')).toBe(false);
    expect(selectorMatches(two, 'li:not(:hover)')).toBe(true);
  });

  it('an invalid, unknown or non-CSS selector is skipped, not thrown', () => {
    const two = el(doc, 'two');
    for (const bad of ['li[', 'li:nope', 'li::-webkit-scrollbar', 'li:contains(b)', ':header', 'a >> b', 'svg|li'])
      expect(selectorMatches(two, bad), bad).toBe(false);
    expect(fontSizePx(two, parseCss('li:nope{font-size:40px} li[{font-size:30px} li{font-size:12px}'))).toBe(12);
  });

  it('specificity per Selectors Level 4: :is/:not/:has take their most specific argument, :where none', () => {
    expect(selectorSpecificity('#a .b c')).toEqual([1, 1, 1]);
    expect(selectorSpecificity('[id=a]')).toEqual([0, 1, 0]);
    expect(selectorSpecificity('li:is(.a, #b)')).toEqual([1, 0, 1]);
    expect(selectorSpecificity('li:not(.a.b, p)')).toEqual([0, 2, 1]);
    expect(selectorSpecificity('div:has(> .a)')).toEqual([0, 1, 1]);
    expect(selectorSpecificity(':where(#a .b) li')).toEqual([0, 0, 1]);
    expect(selectorSpecificity('li:nth-child(2)')).toEqual([0, 1, 1]);
    expect(selectorSpecificity('*')).toEqual([0, 0, 0]);
    expect(selectorSpecificity('li:bogus')).toEqual([0, 0, 0]);
  });

  it('the cascade applies the most specific matching rule, whatever its order', () => {
    const two = el(doc, 'two');
    // Each later rule is less specific: by specificity the first wins, by order alone the last would.
    const rules = parseCss('li:is(#two).y.z{font-size:30px} #one ~ li.y{font-size:20px} li:not(.x){font-size:10px} :where(#two){font-size:5px}');
    expect(fontSizePx(two, rules)).toBe(30);
    expect(fontSizePx(two, rules.slice(1))).toBe(20);
    expect(fontSizePx(two, rules.slice(2))).toBe(10);
    // Equal specificity: the later rule wins; a class beats any number of types.
    expect(fontSizePx(two, parseCss('li:nth-child(2){font-size:11px} li.y{font-size:13px}'))).toBe(13);
    expect(fontSizePx(two, parseCss('.y{font-size:14px} html body ul li{font-size:9px}'))).toBe(14);
    // A state rule is not applied even though more specific; @media applies at the width it matches.
    const stateful = parseCss('#two:hover{font-size:50px} li{font-size:12px} @media (max-width: 600px){li{font-size:18px}}');
    expect(fontSizePx(two, rulesAt(stateful, 1280))).toBe(12);
    expect(fontSizePx(two, rulesAt(stateful, 390))).toBe(18);
  });
});

describe('prices on the vehicle page', () => {
  const page = (inner: string) => readPage('/cars/a', `<div>${inner}</div>`);
  it('$0 or a price of 10 or less is an error', () => {
    expect(priceFindings(page('<p data-price>$0</p>'), { car: 'A1' }).map((f) => f.rule)).toEqual(['price-too-low']);
    expect(priceFindings(page('<p data-price>$10</p>'), { car: 'A1' }).map((f) => f.rule)).toEqual(['price-too-low']);
    expect(priceFindings(page('<p data-price>$11</p>'), { car: 'A1' })).toEqual([]);
    expect(priceFindings(page('<p data-price>Enquire for price.</p>'), { car: 'A1' })).toEqual([]);
  });
  it('the label follows price_type, both ways', () => {
    expect(priceFindings(page('<p data-price>$20,990</p><p data-price-label>Drive away</p>'), { car: 'A1', expectedLabel: 'Drive away' })).toEqual([]);
    expect(priceFindings(page('<p data-price>$20,990</p>'), { car: 'A1', expectedLabel: 'Drive away', priceType: 'DAP' })[0]?.message).toBe(
      'A1: /cars/a labels the price "nothing" but price_type says "DAP"',
    );
    expect(
      priceFindings(page('<p data-price>$20,990</p><p data-price-label>Excluding government charges</p>'), { car: 'A1', expectedLabel: 'Drive away' }),
    ).toHaveLength(1);
    expect(priceFindings(page('<p data-price>$20,990</p><p data-price-label>Drive away</p>'), { car: 'A1', priceType: 'POA' })).toHaveLength(1);
  });
  it('a "was" price only above the current price', () => {
    expect(priceFindings(page('<p data-price>$20,990</p><p data-was-price>Was <s>$22,990</s></p>'), { car: 'A1' })).toEqual([]);
    expect(priceFindings(page('<p data-price>$20,990</p><p data-was-price>Was <s>$20,990</s></p>'), { car: 'A1' })[0]?.message).toBe(
      'A1: /cars/a shows "was $20,990" beside $20,990',
    );
    expect(priceFindings(page('<p data-price>Enquire</p><p data-was-price>Was <s>$9,000</s></p>'), { car: 'A1' })).toHaveLength(1);
  });
});

describe('forms and privacy', () => {
  const NOTICE = '<p>Coastal Toyota collects the details in this form to answer your enquiry. <a href="/privacy-policy">Privacy policy</a>.</p>';
  const form = (inner: string) => readPage('/contact', `<form id="enquiry-form"><input name="email" type="email">${inner}</form>`);
  it('a form with the notice, the privacy link and an unticked opt-in passes', () => {
    expect(formFindings(form(`<label><input type="checkbox" name="opt_in"> Send me offers</label>${NOTICE}`), '/privacy-policy', true)).toEqual([]);
  });
  it('no notice; no privacy link; privacy page not published; opt-in ticked', () => {
    expect(formFindings(form('<a href="/privacy-policy">Privacy</a>'), '/privacy-policy', true).map((f) => f.rule)).toEqual(['collection-notice-missing']);
    expect(formFindings(form(NOTICE.replace('/privacy-policy', '/terms')), '/privacy-policy', true).map((f) => f.message)).toEqual([
      'form enquiry-form on /contact: no link to /privacy-policy',
    ]);
    expect(formFindings(form(NOTICE), '/privacy-policy', false).map((f) => f.message)).toEqual([
      'form enquiry-form on /contact: /privacy-policy is not published',
    ]);
    expect(
      formFindings(form(`<label><input type="checkbox" name="opt_in" checked> Send me offers</label>${NOTICE}`), '/privacy-policy', true).map((f) => f.rule),
    ).toEqual(['marketing-opt-in-preticked']);
  });
  it('a form that collects no personal information (a postcode search) is not checked', () => {
    expect(formFindings(readPage('/x', '<form><input name="postcode"></form>'), '/privacy-policy', true)).toEqual([]);
  });
});

describe('photos', () => {
  it('every vehicle photo names the car', () => {
    const html = (alt: string) =>
      readPage('/cars/a', `<ul><li data-slide><img alt="2016 Holden Colorado Z71"></li><li data-slide><img alt="${alt}"></li></ul><img alt="">`);
    const car = { label: 'A1 2016 Holden Colorado', make: 'Holden', model: 'Colorado' };
    expect(photoFindings(html('2016 Holden Colorado Z71, photo 2 of 2'), car)).toEqual([]);
    expect(photoFindings(html(''), car).map((f) => f.message)).toEqual(['A1 2016 Holden Colorado: 1 photo on /cars/a without alt text naming the car']);
  });
});

describe('findings', () => {
  it('counts and the hold reason name the first error', () => {
    const f = licenceNumberFindings([
      loc({ dealer_license_number: undefined }),
      loc({ name: 'Dandenong', dealer_license_number: undefined, address: { state: 'VIC' } }),
    ]);
    expect(countFindings(f)).toEqual({ error: 1, warning: 1 });
    expect(holdReason(f)).toBe(
      'compliance: 1 error (first: [licence-number-missing] Coastal Toyota Gosford (NSW) has no dealer licence number; NSW law asks for it on the website and in advertising)',
    );
    expect(holdReason(f.filter((x) => x.severity === 'warning'))).toBeUndefined();
  });
});

describe('repeats', () => {
  it('the same form on many pages is one finding with a count', async () => {
    const { mergeRepeats } = await import('../../src/lib/compliance/findings.ts');
    const page = (path: string) => readPage(path, '<form id="quick"><input type="email" name="email"><a href="/privacy-policy">Privacy</a></form>');
    const f = ['/a', '/b', '/c'].flatMap((p) => formFindings(page(p), '/privacy-policy', true));
    expect(mergeRepeats(f).map((x) => x.message)).toEqual(['form quick on /a has no collection notice (and on 2 more pages)']);
  });
});

describe('the run summary', () => {
  it('shows compliance per tenant: counts, the messages (a rule with many findings in one line), totals and the html column', async () => {
    const { complianceMessages, rowFromReport, summarise, summaryHtml, summaryMarkdown } = await import('../../scripts/lib/summary.ts');
    const { emptyReport } = await import('../../scripts/lib/report.ts');
    const { finding } = await import('../../src/lib/compliance/findings.ts');
    const { LicenceNumberMissing, PriceTypeUnstated } = await import('../../src/lib/compliance/rules.ts');
    const findings = [
      finding(LicenceNumberMissing, 'Penrith', 'Penrith', 'NSW'),
      ...['A1 car', 'A2 car', 'A3 car', 'A4 car'].map((c) => finding(PriceTypeUnstated, c, c, '')),
    ];
    expect(complianceMessages(findings)).toEqual([
      'error [licence-number-missing] Penrith (NSW) has no dealer licence number; NSW law asks for it on the website and in advertising',
      'warning [price-type-unstated] 4 findings, e.g. A1 car: price_type is empty, so the price has no drive-away or EGC label',
    ]);
    const report = { ...emptyReport('t1'), compliance: { error: 1, warning: 4, pages_checked: 9, findings } };
    const s = summarise([rowFromReport(report, 'held'), rowFromReport(emptyReport('t2'), 'built')], { build_day: '2026-11-25', duration_ms: 1 });
    expect(s.tenants[0]?.compliance).toMatchObject({ error: 1, warning: 4 });
    expect(s.totals).toMatchObject({ compliance_errors: 1, compliance_warnings: 4 });
    const html = summaryHtml(s);
    expect(html).toContain('<th>compliance</th>');
    expect(html).toContain('1 error</span>, <span class="warnings">4 warnings');
    expect(html).toContain('Penrith (NSW) has no dealer licence number');
    expect(html).toContain('aids, not legal advice');
    expect(summaryMarkdown(s)).toContain('| 1 errors, 4 warnings |');
  });
});

describe('an ending finance offer shortens how long an unchanged tenant is skipped', () => {
  it('valid_until is the day after the offer ends, so the next night rebuilds and the compliance step sees it', async () => {
    const { financeOfferEnds } = await import('../../src/lib/site/dated.ts');
    const { readVdpExtras } = await import('../../src/lib/schemas/vdp-extras.ts');
    const car = { extras: readVdpExtras({ finance_lenders: { Manual: { offerEnds: '2026-12-31T00:00:00' }, Other: { offerEnds: null } } }).extras };
    expect(financeOfferEnds(car)).toEqual(['2026-12-31']);
    expect(financeOfferEnds({ extras: readVdpExtras({}).extras })).toEqual([]);
  });
});

describe('licences on a car page', () => {
  it("a car's print sheet shows its location's licence; without a licensed location of its own, every sales location's", async () => {
    const { licencesForCar } = await import('../../src/lib/compliance/licence.ts');
    const a = { ...loc(), id: '1' };
    const b = { ...loc({ name: 'Penrith', slug: 'penrith', dealer_license_number: 'MD 2' }), id: '2' };
    const service = { ...loc({ name: 'Service', slug: 'svc', location_type: 'service' }), id: '3' };
    expect(licencesForCar([a, b, service], '2').map((l) => l.slug)).toEqual(['penrith']);
    expect(licencesForCar([a, b, service], '3').map((l) => l.slug)).toEqual(['gosford', 'penrith']);
    expect(licencesForCar([a, b], undefined).map((l) => l.slug)).toEqual(['gosford', 'penrith']);
    // A page that must show only Penrith's is not flagged for Gosford's.
    const shown = new Map([['penrith', 'Penrith: dealer licence no. MD 2']]);
    expect(licenceShownFindings([a, b], [{ path: '/print/x', licences: shown, only: ['penrith'] }])).toEqual([]);
    expect(licenceShownFindings([a, b], [{ path: '/print/x', licences: new Map(), only: ['penrith'] }]).map((f) => f.subject)).toEqual(['Penrith']);
  });
});
