/**
 * The compliance rules, as data in the style of the error catalogue (src/lib/errors/errors-data.ts):
 * each rule has an id, a title, the requirement in one sentence, the law or regulator guide it comes
 * from, a severity, a message built from its arguments and a hint saying what to do. An `error`
 * holds the tenant's publish (the published site is kept); a `warning` is reported and published.
 *
 * These are aids for dealers and operators, not legal advice. A source we could not confirm says
 * "to be confirmed"; docs/compliance.md lists every rule with its sources.
 */

export type Severity = 'error' | 'warning';

export interface Source {
  /** The law or guide and its provision, as it is cited. */
  cite: string;
  /** Where it was read (a regulator's or legislation page). */
  url?: string | undefined;
  /** false: we could not confirm the provision; docs say "to be confirmed". */
  confirmed: boolean;
}

export interface ComplianceRule<A extends unknown[] = never[]> {
  id: string;
  title: string;
  /** The requirement, in one sentence. */
  requirement: string;
  sources: readonly Source[];
  severity: Severity;
  message: (...args: A) => string;
  hint: string;
}

// ---- Sources ---------------------------------------------------------------------------------------

const NSW_S19A: Source = {
  cite: 'Motor Dealers and Repairers Act 2013 (NSW) s 19A: licence number on the website and all advertising, reasonably prominent, identified as the licence number',
  url: 'https://zoelaw.ai/legislation/motor-dealers-and-repairers-act-2013/sections/19A',
  confirmed: true,
};
const NSW_FT_ADS: Source = {
  cite: 'NSW Fair Trading, Motor dealer advertisements (licensee name, "licence number" followed by the number)',
  url: 'https://www.fairtrading.nsw.gov.au/trades-and-businesses/business-essentials/advertising-and-marketing-your-business/motor-dealer-advertisements',
  confirmed: true,
};
const WA_S21: Source = {
  cite: 'Motor Vehicle Dealers Act 1973 (WA) s 21: business name and dealer licence number in every advertisement',
  url: 'https://commerce.wa.gov.au/consumer-protection/penalties-and-infringements-motor-vehicle-dealers',
  confirmed: true,
};
const VIC_MCTR: Source = {
  cite: 'Motor Car Traders Regulations 2018 (Vic) Part 3 (conduct, including advertising businesses or cars for sale); the provision requiring the LMCT number in advertisements is to be confirmed',
  url: 'https://www.consumer.vic.gov.au/licensing-and-registration/motor-car-traders/running-your-business/professional-conduct',
  confirmed: false,
};
const unconfirmed = (cite: string): Source => ({ cite: `${cite}: a licence number requirement in advertising is to be confirmed`, confirmed: false });

export const NCC_PART10: Source = {
  cite: 'National Credit Code (Sch 1, National Consumer Credit Protection Act 2009 (Cth)) Part 10, ss 159-164 (comparison rates in credit advertisements)',
  url: 'https://ato.gov.au/law/view/document?DocID=PAC%2F20090134%2FSch1-159&PiT=99991231235958',
  confirmed: true,
};
const NCC_S164: Source = {
  cite: 'National Credit Code s 164 and ASIC RG 178.23: a comparison rate is identified as such and no less prominent than an annual percentage rate or repayment (not smaller or faded, not a click away, in close proximity)',
  confirmed: true,
};
const NCC_REPAYMENT_APR: Source = {
  cite: 'National Credit Code advertising provisions: an advertisement stating a repayment amount states the annual percentage rate (section number to be confirmed)',
  confirmed: false,
};
const NCC_WARNING: Source = {
  cite: 'National Credit Code Part 10 and National Consumer Credit Protection Regulations 2010: the comparison rate warning accompanies the comparison rate (regulation number to be confirmed)',
  confirmed: false,
};
const RG234: Source = {
  cite: 'ASIC RG 234 Advertising financial products and services (including credit): good practice guidance (qualifications clear and prominent, information current)',
  url: 'https://download.asic.gov.au/media/4496584/rg234-published-27-september-2017.pdf',
  confirmed: true,
};
const RG178_CURRENT: Source = {
  cite: 'ASIC RG 178 (advertisements should be current and withdrawn when no longer up to date; RG 178.5)',
  confirmed: true,
};
const ACL_PRICE: Source = {
  cite: 'Australian Consumer Law s 29(1)(i) (false or misleading representations about price) and s 48 (single price): to be confirmed for each case',
  confirmed: false,
};
const CAV_DRIVE_AWAY: Source = {
  cite: 'Consumer Affairs Victoria, Self assessment checklist for motor car traders (total "drive away" price displayed at least as prominently as any component)',
  url: 'https://www.consumer.vic.gov.au/businesses/licensed-businesses/motor-car-traders/running-your-business/self-assessment-checklist',
  confirmed: true,
};
const NSW_FT_PRICE: Source = {
  cite: 'NSW Fair Trading, Motor dealer advertisements (price, dealer charges and statutory charges shown; cash price where a reduction is implied)',
  url: 'https://www.fairtrading.nsw.gov.au/trades-and-businesses/business-essentials/advertising-and-marketing-your-business/motor-dealer-advertisements',
  confirmed: true,
};
const APP5: Source = {
  cite: 'Privacy Act 1988 (Cth) Sch 1, APP 5 (notification of the collection of personal information); OAIC APP Guidelines chapter 5',
  url: 'https://oaic.gov.au/agencies-and-organisations/app-guidelines/chapter-5-app-5-notification-of-the-collection-of-personal-information',
  confirmed: true,
};
const APP1: Source = {
  cite: 'Privacy Act 1988 (Cth) Sch 1, APP 1.3-1.5 (a clearly expressed, up-to-date privacy policy, made available, usually on the website); OAIC APP Guidelines chapter 1',
  url: 'https://oaic.gov.au/agencies-and-organisations/app-guidelines/chapter-1-app-1-open-and-transparent-management-of-personal-information',
  confirmed: true,
};
const SPAM_CONSENT: Source = {
  cite: 'Spam Act 2003 (Cth) (consent to commercial electronic messages) and APP 7 (direct marketing): that a pre-ticked box is not consent is to be confirmed against ACMA and OAIC guidance',
  confirmed: false,
};
const WCAG_111: Source = {
  cite: 'WCAG 2.2 Success Criterion 1.1.1 Non-text Content (level A)',
  url: 'https://www.w3.org/TR/WCAG22/#non-text-content',
  confirmed: true,
};

// ---- Licence numbers by state ----------------------------------------------------------------------

export type LicenceLaw =
  { state: string; required: true; sources: readonly Source[] } | { state: string; required: 'to be confirmed'; sources: readonly Source[] };

/**
 * Whether a state's law asks for the dealer licence number in advertising. `true` only where we read
 * the provision; elsewhere "to be confirmed" (a missing number there is a warning, not an error).
 */
export const LICENCE_LAWS: Record<string, LicenceLaw> = {
  NSW: { state: 'NSW', required: true, sources: [NSW_S19A, NSW_FT_ADS] },
  WA: { state: 'WA', required: true, sources: [WA_S21] },
  VIC: { state: 'VIC', required: 'to be confirmed', sources: [VIC_MCTR] },
  QLD: { state: 'QLD', required: 'to be confirmed', sources: [unconfirmed('Motor Dealers and Chattel Auctioneers Act 2014 (Qld)')] },
  SA: { state: 'SA', required: 'to be confirmed', sources: [unconfirmed('Second-hand Vehicle Dealers Act 1995 (SA)')] },
  TAS: { state: 'TAS', required: 'to be confirmed', sources: [unconfirmed('Motor Vehicle Traders Act 2011 (Tas)')] },
  ACT: { state: 'ACT', required: 'to be confirmed', sources: [unconfirmed('Sale of Motor Vehicles Act 1977 (ACT)')] },
  NT: { state: 'NT', required: 'to be confirmed', sources: [unconfirmed('Consumer Affairs and Fair Trading Act 1990 (NT)')] },
};

// ---- Rules -----------------------------------------------------------------------------------------

export const LicenceNumberMissing = {
  id: 'licence-number-missing',
  title: 'Sales location without its dealer licence number',
  requirement:
    "Each sales location in a state whose law asks for it shows the dealer's licence number, identified as such, on the website and in its advertising.",
  sources: [NSW_S19A, NSW_FT_ADS, WA_S21],
  severity: 'error',
  message: (location: string, state: string) =>
    `${location} (${state}) has no dealer licence number; ${state} law asks for it on the website and in advertising`,
  hint: 'Set locations[].dealer_license_number in tenant.json (as printed on the licence, e.g. "MD 012345"), then build again.',
} satisfies ComplianceRule<[string, string]>;

export const LicenceNumberUnconfirmed = {
  id: 'licence-number-unconfirmed',
  title: 'Sales location without a dealer licence number (state rule to be confirmed)',
  requirement:
    'Each sales location shows its dealer licence number; in this state the advertising requirement is to be confirmed, so a missing number is a warning.',
  sources: [VIC_MCTR, ...Object.values(LICENCE_LAWS).flatMap((l) => (l.required === true || l.state === 'VIC' ? [] : l.sources))],
  severity: 'warning',
  message: (location: string, state: string) => `${location} (${state || 'no state'}) has no dealer licence number`,
  hint: 'Set locations[].dealer_license_number in tenant.json; showing it is good practice in every state and required in some.',
} satisfies ComplianceRule<[string, string]>;

export const LicenceNumberNotShown = {
  id: 'licence-number-not-shown',
  title: 'Dealer licence number not shown on the pages',
  requirement:
    "The licence number of each sales location is shown, identified as the dealer's licence number, on the home page and every vehicle page, and a car's print sheet shows its location's.",
  sources: [NSW_S19A, WA_S21],
  severity: 'error',
  message: (location: string, licence: string, pages: number, example: string) =>
    `${location}: licence ${licence} is not shown on ${pages} page${pages === 1 ? '' : 's'} (e.g. ${example})`,
  hint: "The footer and the vehicle page show each sales location's licence; check the location is visible and its location_type is sales or used, or report a template bug.",
} satisfies ComplianceRule<[string, string, number, string]>;

export const RepaymentWithoutRate = {
  id: 'repayment-without-rate',
  title: 'Repayment shown without the annual percentage rate',
  requirement: 'A finance offer that shows a repayment amount shows the annual percentage (interest) rate with it.',
  sources: [NCC_REPAYMENT_APR, RG234],
  severity: 'error',
  message: (car: string, page: string) => `${car}: the finance offer on ${page} shows a repayment but no annual percentage rate`,
  hint: "Check the car's finance figures in the export (interest rate missing); the offer must not show a repayment without its rate.",
} satisfies ComplianceRule<[string, string]>;

export const RateWithoutComparison = {
  id: 'rate-without-comparison-rate',
  title: 'Interest rate shown without a comparison rate',
  requirement: 'A finance offer that shows an annual percentage rate shows a comparison rate with it, identified as a comparison rate.',
  sources: [NCC_PART10, NCC_S164],
  severity: 'error',
  message: (car: string, page: string, rate: string) => `${car}: the finance offer on ${page} shows ${rate} but no comparison rate`,
  hint: "Add the comparison rate to the car's finance figures in the export (or remove the rate); the page must not advertise a rate without it.",
} satisfies ComplianceRule<[string, string, string]>;

export const ComparisonRateLessProminent = {
  id: 'comparison-rate-less-prominent',
  title: 'Comparison rate less prominent than the rate',
  requirement: 'The comparison rate is no less prominent than the annual percentage rate: same element, font size and weight, in close proximity.',
  sources: [NCC_S164],
  severity: 'error',
  message: (car: string, page: string, detail: string) => `${car}: the comparison rate on ${page} is less prominent than the rate (${detail})`,
  hint: 'Show both rates in the same element type and class so the stylesheet gives them the same size and weight, side by side.',
} satisfies ComplianceRule<[string, string, string]>;

export const ComparisonWarningMissing = {
  id: 'comparison-rate-warning-missing',
  title: 'Comparison rate without its warning',
  requirement: 'A comparison rate is accompanied by the comparison rate warning ("This comparison rate is true only for the examples given ...").',
  sources: [NCC_WARNING, NCC_PART10],
  severity: 'error',
  message: (car: string, page: string) => `${car}: the finance offer on ${page} shows a comparison rate without the comparison rate warning`,
  hint: 'Render the warning (COMPARISON_WARNING in src/lib/rules/finance-display.ts) in the same finance block.',
} satisfies ComplianceRule<[string, string]>;

export const LenderDisclaimerMissing = {
  id: 'lender-disclaimer-missing',
  title: "The lender's disclaimer is not shown",
  requirement: "Where the export carries the lender's own disclaimer for a finance offer, the page shows it with the offer.",
  sources: [RG234],
  severity: 'error',
  message: (car: string, page: string, lender: string) => `${car}: the ${lender} disclaimer from the export is not shown on ${page}`,
  hint: 'Render the lender\'s disclaimer in the finance block (data-finance="lender-disclaimer").',
} satisfies ComplianceRule<[string, string, string]>;

export const LenderDisclaimerMismatch = {
  id: 'lender-disclaimer-mismatch',
  title: "The lender's disclaimer states other figures than its offer",
  requirement: 'A disclaimer shown with a finance offer states the same interest rate, comparison rate and deposit as the offer beside it.',
  sources: [NCC_PART10, RG234],
  severity: 'error',
  message: (car: string, page: string, mismatches: string) => `${car}: the lender disclaimer on ${page} states ${mismatches}`,
  hint: "Have the export's disclaimer describe this car's offer (its rate, comparison rate and deposit), or leave the figures out of it.",
} satisfies ComplianceRule<[string, string, string]>;

export const ComparisonWarningRepeated = {
  id: 'comparison-rate-warning-repeated',
  title: 'The comparison rate warning printed more than once',
  requirement: "A page prints the comparison rate warning once, in its first offer; the page's other offers link to it.",
  sources: [NCC_WARNING, RG234],
  severity: 'warning',
  message: (car: string, page: string, count: number) => `${car}: ${page} prints the comparison rate warning ${count} times`,
  hint: 'Print the warning in the first offer only (src/lib/finance/offer.ts warningPlace) and link the others to it (#comparison-warning).',
} satisfies ComplianceRule<[string, string, number]>;

export const FinanceOfferExpired = {
  id: 'finance-offer-expired',
  title: 'Finance offer past its end date',
  requirement: 'A finance offer is not shown after its end date.',
  sources: [RG178_CURRENT, RG234],
  severity: 'error',
  message: (car: string, page: string, ended: string) => `${car}: the finance offer on ${page} ended on ${ended}`,
  hint: "Update or remove the offer in the export's finance figures (offerEnds); an expired offer must not be advertised.",
} satisfies ComplianceRule<[string, string, string]>;

export const PriceTooLow = {
  id: 'price-too-low',
  title: 'A listed car shows $0 or a token price',
  requirement: 'No listed car shows a price of $10 or less (it shows "Enquire for price" instead).',
  sources: [ACL_PRICE],
  severity: 'error',
  message: (car: string, page: string, shown: string) => `${car}: ${page} shows the price ${shown}`,
  hint: 'Fix the price in the export, or leave it empty so the page says the no-price text.',
} satisfies ComplianceRule<[string, string, string]>;

export const PriceTypeMismatch = {
  id: 'price-type-mismatch',
  title: 'Price label does not match the price type',
  requirement: 'A drive-away price is labelled drive-away and an excluding-government-charges price is labelled as such, as price_type says.',
  sources: [CAV_DRIVE_AWAY, NSW_FT_PRICE, ACL_PRICE],
  severity: 'error',
  message: (car: string, page: string, expected: string, shown: string) =>
    `${car}: ${page} labels the price "${shown || 'nothing'}" but price_type says "${expected}"`,
  hint: "Check the car's price_type in the export (DAP for drive away, EGC for excluding government charges).",
} satisfies ComplianceRule<[string, string, string, string]>;

export const PriceTypeUnstated = {
  id: 'price-type-unstated',
  title: 'Price not labelled drive-away or excluding government charges',
  requirement: 'A shown price says whether it is drive-away or excludes government charges.',
  sources: [CAV_DRIVE_AWAY, NSW_FT_PRICE],
  severity: 'warning',
  message: (car: string, priceType: string) =>
    `${car}: price_type ${priceType ? `"${priceType}" is neither drive-away nor excluding government charges` : 'is empty'}, so the price has no drive-away or EGC label`,
  hint: 'Set price_type in the export (DAP or EGC).',
} satisfies ComplianceRule<[string, string]>;

export const WasPriceNotHigher = {
  id: 'was-price-not-higher',
  title: '"Was" price shown where the price is not lower',
  requirement: 'A before ("was") price is shown only beside a current price that is lower.',
  sources: [ACL_PRICE, NSW_FT_PRICE],
  severity: 'error',
  message: (car: string, page: string, was: string, now: string) => `${car}: ${page} shows "was ${was}" beside ${now}`,
  hint: 'Fix before_price in the export; it is shown only when it is above the price.',
} satisfies ComplianceRule<[string, string, string, string]>;

export const CollectionNoticeMissing = {
  id: 'collection-notice-missing',
  title: 'Form without the collection notice',
  requirement: 'Every form that collects personal information says who collects it and why (the collection notice), at the form.',
  sources: [APP5],
  severity: 'error',
  message: (form: string, page: string) => `form ${form} on ${page} has no collection notice`,
  hint: 'Lead forms render collectionNotice() (src/islands/forms/LeadForm.tsx); a form that collects names, emails or phone numbers needs one.',
} satisfies ComplianceRule<[string, string]>;

export const PrivacyLinkMissing = {
  id: 'privacy-policy-link-missing',
  title: 'Form without a link to the privacy policy',
  requirement: "Every form that collects personal information links to the tenant's privacy policy page, and that page is published.",
  sources: [APP1, APP5],
  severity: 'error',
  message: (form: string, page: string, why: string) => `form ${form} on ${page}: ${why}`,
  hint: 'Link the form to /privacy-policy and keep the privacy policy page (content/pages or the default page).',
} satisfies ComplianceRule<[string, string, string]>;

export const OptInPreTicked = {
  id: 'marketing-opt-in-preticked',
  title: 'Marketing opt-in ticked in advance',
  requirement: 'A marketing opt-in box is not ticked before the person ticks it.',
  sources: [SPAM_CONSENT],
  severity: 'error',
  message: (form: string, page: string, box: string) => `form ${form} on ${page}: the marketing box "${box}" is ticked in advance`,
  hint: 'Render the opt-in checkbox unchecked.',
} satisfies ComplianceRule<[string, string, string]>;

export const PhotoAltMissing = {
  id: 'photo-alt-missing',
  title: 'Vehicle photo without alt text naming the car',
  requirement: 'Every vehicle photo has alt text naming the car (make and model).',
  sources: [WCAG_111],
  severity: 'error',
  message: (car: string, page: string, photos: number) => `${car}: ${photos} photo${photos === 1 ? '' : 's'} on ${page} without alt text naming the car`,
  hint: 'Vehicle photos take their alt text from the car title (VdpMedia.astro, VehicleCard); check the car has a make and model.',
} satisfies ComplianceRule<[string, string, number]>;

/** Every rule, in the order docs/compliance.md lists them. */
export const RULES = [
  LicenceNumberMissing,
  LicenceNumberUnconfirmed,
  LicenceNumberNotShown,
  RepaymentWithoutRate,
  RateWithoutComparison,
  ComparisonRateLessProminent,
  ComparisonWarningMissing,
  LenderDisclaimerMissing,
  LenderDisclaimerMismatch,
  ComparisonWarningRepeated,
  FinanceOfferExpired,
  PriceTooLow,
  PriceTypeMismatch,
  PriceTypeUnstated,
  WasPriceNotHigher,
  CollectionNoticeMissing,
  PrivacyLinkMissing,
  OptInPreTicked,
  PhotoAltMissing,
] as const;
