/**
 * The vehicle view: everything any output says about one car, decided once per car per build from the
 * Vehicle, the tenant and the build's clock. The vehicle page, the cards, the search documents, the
 * feeds, the compliance checks and the functions (through model.json) read these facts; none of them
 * decides a price, a tag, availability, reservability, finance eligibility, a name or a link again.
 *
 * Pure: no I/O, no clock (`now` comes from the build), JSON-serialisable (it is written into model.json).
 * Each fact is still decided by its own rule in src/lib/rules, src/lib/forms or src/lib/finance; this
 * module only calls them, once, and names the answers.
 */
import { chooseLender, financeDisplay, isFinanceHidden, type FinanceDisplay, type FinanceProvider } from '../rules/finance-display.ts';
import { reserveTerms } from '../rules/reserve-terms.ts';
import type { CardTag } from '../rules/card-tag.ts';
import { cardFacts, cardSettingsFor, type CardFacts } from './card-facts.ts';
import { formatDollars } from '../rules/format.ts';
import { isSold } from '../rules/listing.ts';
import { priceTypeLabel, type PriceDisplay } from '../rules/price-display.ts';
import { isTestDriveOnly, vdpActions, type VdpActions } from '../rules/vdp-actions.ts';
import { shareUrl } from '../rules/vdp-page.ts';
import { subscriptionPriceText } from '../rules/used-car.ts';
import { vehicleFullName } from '../rules/vehicle-title.ts';
import type { Tenant } from '../tenant/load-tenant.ts';
import type { Vehicle } from './vehicle.ts';

/** What the view reads besides the car: the tenant's settings and the build's "now" (unix seconds). */
export interface ViewContext {
  tenant: Pick<Tenant, 'url' | 'texts' | 'features' | 'reserve' | 'finance' | 'locations' | 'dealerships' | 'vdp_config'>;
  now: number;
}

export interface VehicleView {
  id: string;
  /** "year make model" (the card and sidebar title). */
  title: string;
  /** "badge series", the line below the title. */
  subtitle: string;
  /** Title then subtitle: how forms, feeds, the watchlist and reservations name the car. */
  fullName: string;
  /** The spec's price display: a price above 10, else PREORDER, else the tenant's no-price text. */
  price: PriceDisplay;
  /** The shown price in dollars; undefined when the site shows none. */
  shownPrice: number | undefined;
  /** The price_type label (Drive away / Excluding government charges / the exported text), shown price or not. */
  priceLabel: string | undefined;
  /** The label under a shown price (priceLabel, only where a price is shown). */
  priceNote: string | undefined;
  /** The subscription price per week ("$189 per week"), where the car has one above 10 and is not sold (subscriptionPriceText). */
  subscription: string | undefined;
  /** The struck-through earlier price, where before_price is above the shown price. */
  wasPrice: string | undefined;
  /** The card/page tag by the spec's precedence. */
  tag: CardTag;
  sold: boolean;
  /** in_stock or coming_soon and not sold: the full sidebar, the feeds, finance. */
  available: boolean;
  /** A "Test Drive Only" car: never reserved or bought online. */
  testDriveOnly: boolean;
  /**
   * Online reservation where the car is available and eligible (isReserveEligible): its path, button
   * label and deposit (reserveTerms); undefined otherwise. The same as actions.reserve.
   */
  reserve: { href: string; label: string; deposit: number } | undefined;
  /** The vehicle page's sidebar actions and their links (trade-in, finance, history report, print). */
  actions: VdpActions;
  finance: {
    /** No finance at all: not available, a Suzuki, or a dealership whose finance is hidden. */
    hidden: boolean;
    /** The lender block or disclaimer the car shows, by the spec's eligibility table. */
    display: FinanceDisplay;
    /** The car's lender (the configured provider's entry, else its first), shown or not: its fees apply to the calculator. */
    provider: FinanceProvider | undefined;
  };
  /** The car's dealership (its own, else its location's), with the display name. */
  dealership: { slug: string; name: string } | undefined;
  /**
   * The id of the tenant location the car is at (undefined when the car names none); by id, so the model
   * file carries each location once (tenant.locations; locationById finds it).
   */
  locationId: string | undefined;
  /** The id of the location the car is advertised from: its own, else the tenant's primary, else the first. */
  servingLocationId: string | undefined;
  /** The default sort key (custom_rank, descending). */
  rank: number;
  links: {
    /** /cars/{slug} */
    path: string;
    /** The vehicle page, absolute. */
    url: string;
    /** The enquiry form on the vehicle page. */
    enquire: string;
  };
}

/** The one derivation: everything the outputs say about `car`, decided once. */
export function vehicleView(car: Vehicle, ctx: ViewContext): VehicleView {
  const { tenant } = ctx;
  // What a listing says (title, price display and label, tag, availability): the card's own derivation.
  const listing = cardFacts(car, cardSettingsFor(tenant));
  const { price, available } = listing;
  const shownPrice = price.kind === 'price' ? price.amount : undefined;
  const priceLabel = priceTypeLabel(car.price_type);
  const terms = reserveTerms(car, tenant.reserve);
  // The car's dealership: its own, else its location's. Finance hiding and the finance links read this one
  // (it read only the car's own, so a car whose dealership came from its location still showed finance).
  const location = locationById(tenant.locations, car.location?.id);
  const dealershipSlug = car.dealership_slug ?? location?.dealership_slug;
  const vdp = tenant.vdp_config;
  const actions = vdpActions(
    { ...car, dealership_slug: dealershipSlug, photos_count: car.photos.length },
    {
      reserveOnline: tenant.features.reserve_online,
      buyOnlinePath: tenant.features.buy_online_path,
      favourites: tenant.features.favourites,
      watchlist: tenant.features.watchlist,
      reserveDeposit: terms.deposit,
      reserveLabel: terms.label,
      comingSoonNoTestDrive: vdp.coming_soon_no_test_drive,
      financeLink: { path: vdp.finance_path, applyDealerships: vdp.apply_for_finance_dealerships },
    },
  );
  const lender = chooseLender(car.extras.finance_lenders, tenant.finance.provider);
  const display = financeDisplay({ year: car.year, price: car.price, make: car.make, dealership_slug: dealershipSlug, available }, lender, {
    currentYear: new Date(ctx.now * 1000).getUTCFullYear(),
    hiddenDealerships: tenant.finance.hidden_dealerships,
  });
  return {
    id: car.id,
    title: listing.title,
    subtitle: listing.subtitle,
    fullName: vehicleFullName(car),
    price,
    shownPrice,
    priceLabel,
    priceNote: listing.priceNote,
    subscription: subscriptionPriceText(car),
    wasPrice: shownPrice !== undefined && car.before_price && car.before_price > shownPrice ? formatDollars(car.before_price) : undefined,
    tag: listing.tag,
    sold: isSold(car),
    available,
    testDriveOnly: isTestDriveOnly(car),
    reserve: actions.reserve,
    actions,
    finance: {
      hidden: !available || isFinanceHidden({ make: car.make, dealership_slug: dealershipSlug }, tenant.finance.hidden_dealerships),
      display,
      provider: lender?.provider,
    },
    dealership: dealershipSlug ? { slug: dealershipSlug, name: tenant.dealerships.find((d) => d.slug === dealershipSlug)?.name ?? dealershipSlug } : undefined,
    locationId: location?.id,
    servingLocationId: (location ?? tenant.locations.find((l) => l.primary) ?? tenant.locations[0])?.id,
    rank: car.custom_rank,
    links: {
      path: car.path,
      url: shareUrl(tenant.url, car.path),
      enquire: `${car.path}#enquire`,
    },
  };
}

/** The facts a card shows, from the car's view (the same derivation as cardFacts: it is where the view got them). */
export function viewCardFacts(view: VehicleView): CardFacts {
  const { title, subtitle, price, priceNote, tag, available } = view;
  return { title, subtitle, price, priceNote, tag, available, reserveHref: view.reserve?.href };
}

/** The tenant location a view names (locationId, servingLocationId). */
export function locationById<L extends { id: string }>(locations: readonly L[], id: string | undefined): L | undefined {
  return id === undefined ? undefined : locations.find((l) => l.id === id);
}

/** Every car's view, by id: what the build writes into the model (SiteModel.views). */
export function vehicleViews(vehicles: readonly Vehicle[], ctx: ViewContext): Record<string, VehicleView> {
  const views: Record<string, VehicleView> = {};
  for (const car of vehicles) views[car.id] = vehicleView(car, ctx);
  return views;
}
