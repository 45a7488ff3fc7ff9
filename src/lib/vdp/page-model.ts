/**
 * Everything a vehicle page shows, decided once from the car, the tenant and the build time by the
 * spec's rules. The Astro components only render this; the islands only change what the shopper
 * changes (calculators, media, reveals).
 */
import type { Photo } from '../model/vehicle.ts';
import { shouldShowPriceGauge } from '../price-gauge/index.ts';
import { gaugeFromModelFiles, marketPath, tenantHasPriceGauge } from '../price-gauge/market.ts';
import { bodyTypeLabel } from '../rules/body-type.ts';
import { tenantTimeZone } from '../rules/tenant-clock.ts';
import { callUsNumber, phoneShown, type PhoneShown } from '../rules/call-us.ts';
import type { CardTag } from '../rules/card-tag.ts';
import { fuelEconomy, isFuelCalculatorShown, weeklyFuelCost, FUEL_DISTANCE_DEFAULT, FUEL_PRICE_DEFAULT } from '../rules/fuel-cost.ts';
import { keySpecs, type SpecItem } from '../rules/key-specs.ts';
import type { PriceDisplay } from '../rules/price-display.ts';
import type { VdpActions } from '../rules/vdp-actions.ts';
import {
  allSpecifications,
  carDetails,
  dealerComments,
  directionsUrl,
  FEATURES_PREVIEW,
  isBelowMarket,
  locationAnnouncement,
  regoExpiryText,
  SPECS_PREVIEW,
  splitPreview,
  type CommentsDisplay,
  type SpecGroup,
} from '../rules/vdp-content.ts';
import { availableViews, gallerySlides, initialView, panoramaHotspots, showThumbnailStrip, type MediaView, type Slide } from '../rules/vdp-media.ts';
import { usedCarBlock, type UsedCarBlock } from '../rules/used-car.ts';
import { mapEmbedUrl } from '../content/locations.ts';
import { vehicleBreadcrumbs, type Crumb, type CrumbRefinements } from '../rules/vdp-page.ts';
import { calculatorView, type CalculatorView } from '../finance/calculator-view.ts';
import { disclaimerText, financeBlock, type FinanceBlock } from '../rules/finance-display.ts';
import { calculatorOnOffer, calculatorOnPrice, lenderOfferTerms, warningPlace, type OfferPlace, type OfferSource } from '../finance/offer.ts';
import { financeDisclaimer } from '../finance/options.ts';
import { quoteBasis, quoteEstimate, shouldFetchQuote, tenantHasFinanceQuote, type QuoteEstimate } from '../finance/quote.ts';
import { viewOf, type SiteModel } from '../site/site-model.ts';
import { locationById } from '../model/vehicle-view.ts';
import type { Location } from '../tenant/load-tenant.ts';
import { makeModel } from '../search/documents.ts';
import { searchDealers, siteDerived } from '../search/site-derived.ts';
import { similarCarsQuery } from '../search/similar.ts';
import { similarBandPath } from './similar-band.ts';
import { emptyState, searchLink, searchUrl, type UrlContext } from '../search/url.ts';
import type { Hotspot, VdpExtras } from '../schemas/vdp-extras.ts';
import { sidebarActions, type SidebarAction } from './sidebar-actions.ts';
import type { VdpVehicle } from './vehicle.ts';

export interface VehiclePage {
  car: VdpVehicle;
  extras: VdpExtras;
  title: string;
  subtitle: string;
  fullName: string;
  url: string;
  crumbs: Crumb[];
  tag: CardTag;
  price: PriceDisplay;
  priceNote?: string | undefined;
  wasPrice?: string | undefined;
  belowMarket: boolean;
  views?: number | undefined;
  /** The build's time (unix seconds): the view count call's updated_at. */
  updatedAt: number;
  location?: { name: string; href: string } | undefined;
  announcement?: { text: string; directions?: string | undefined } | undefined;
  actions: VdpActions;
  /** The sidebar's buying actions: at most three primary, the rest as smaller links (sidebarActions). */
  sidebar: { primary: SidebarAction[]; secondary: SidebarAction[] };
  phone?: PhoneShown | undefined;
  /** The SOLD panel's line: sold, or (another status, e.g. under_offer) no longer available. */
  soldPanelText: string;
  /** The tenant's call button text (texts.call, default "Call the dealer"), on the SOLD panel's call button. */
  callText: string;
  /** Logged to the browser console when there is no number to call (spec). */
  phoneWarning?: string | undefined;
  media: {
    photos: Photo[];
    slides: Slide[];
    video?: string | undefined;
    thumbnails: boolean;
    views: MediaView[];
    initial: MediaView;
    spin: Photo[];
    interior?: Photo | undefined;
    /** The interior panorama's hotspots (panoramaHotspots), positioned on the picture. */
    interiorHotspots: { id: string; description: string; posX: number; posY: number }[];
    walkaround: string[];
    hotspots: Hotspot[];
  };
  /** The used-car block's rows (usedCarBlock): used cars only. */
  usedCar?: UsedCarBlock | undefined;
  /** The subscription price per week, from the view. */
  subscription?: string | undefined;
  /** "See more from this dealer": the search for the car's dealership (/search/{dealership_slug}). */
  dealerSearch?: { name: string; href: string } | undefined;
  /** Share: the menu (copy link, Facebook, X, Email), or (vdp_config.share_copies_link) one button that copies the link and shows a toast. */
  shareCopiesLink: boolean;
  specs: { shown: SpecItem[]; more: SpecItem[] };
  features: { shown: string[]; more: string[] };
  details: SpecItem[];
  rego?: string | undefined;
  allSpecs: SpecGroup[];
  comments: CommentsDisplay;
  finance: {
    block?: (FinanceBlock & { provider: string }) | undefined;
    lenderDisclaimer?: string | undefined;
    /** Sidebar estimate from a quote (the car's, or fetched: then `fetchQuote` and '...'). */
    quote?: QuoteEstimate | undefined;
    /** What the quote's figure assumes (5 years, 10% deposit, 30% final payment), with this car's amounts. */
    quoteBasis: string;
    fetchQuote: boolean;
    calculator?: CalculatorView | undefined;
    /** What the calculator opens on: the lender offer the car shows, or the tenant's own rate (offer.ts). */
    calculatorSource: OfferSource;
    /** The one offer that prints the comparison rate warning (warningPlace); the others link to it. */
    warningAt?: OfferPlace | undefined;
    disclaimer: { short: string; full: string; truncated: boolean };
  };
  fuel?: { economy: number; price: string; distance: string; weekly: string } | undefined;
  delivery: boolean;
  /**
   * The price gauge: fetched from `src` when it comes near the screen. With `car`, `src` is its model's
   * comparable stock (/cars/_market/*.json) and the page computes the gauge of car `car` from it; without,
   * `src` is the functions' answer (GET {car path}/autogauge, the AutoGrab plugin). Absent: no gauge.
   */
  gauge?: { src: string; car?: string | undefined } | undefined;
  /**
   * Similar cars: their cards load from `src` (the car's price band, /cars/_similar/*.json, written by
   * the build), where `car` finds its list, when the section comes near the screen; until then, without
   * JavaScript, or when that fails, the section links to `searchHref`, the search narrowed by the same
   * rule (car type and price window). Absent when the build found no similar car.
   */
  similar?: { src: string; car: string; searchHref: string } | undefined;
  map?: { location: Location; directions?: string | undefined; embed?: string | undefined } | undefined;
  stickyBars: boolean;
}

const crumbContexts = new WeakMap<SiteModel, UrlContext & { known: Set<string> }>();

/** What the vehicle pages' breadcrumbs read from the whole stock (the search routes not built, the models in stock), once per model. */
function crumbContext(model: SiteModel): UrlContext & { known: Set<string> } {
  let ctx = crumbContexts.get(model);
  if (!ctx) {
    // The search routes and models in stock are the model's derived part (made once in the build's model step).
    const { skipped, models } = siteDerived(model).search;
    ctx = { dealers: searchDealers(model.tenant), skipped: new Set(skipped), known: new Set(models) };
    crumbContexts.set(model, ctx);
  }
  return ctx;
}

/** Breadcrumb links are the search's own URLs for the narrowed search (its pretty paths where built). */
function crumbLinks(model: SiteModel) {
  const c = crumbContext(model);
  return {
    href: (refinements: CrumbRefinements) => searchUrl({ ...emptyState(), refinements }, c),
    makeModel,
    isKnownModel: (mm: string) => c.known.has(mm),
    bodyLabel: bodyTypeLabel,
  };
}

/**
 * "See more from this dealer": the search narrowed to the car's dealership, built by the search's one
 * link builder, so it is the dealership's pretty path /search/{dealership_slug} (or, where another page
 * holds that path, the stock search with the dealership refinement) and reads back as that search.
 * Only for a dealership the tenant lists (the search knows it by its name).
 */
export function dealerSearchLink(
  dealership: { slug: string; name: string } | undefined,
  dealerships: readonly { slug: string; name: string }[],
  model: SiteModel,
): { name: string; href: string } | undefined {
  if (!dealership || !dealerships.some((d) => d.slug === dealership.slug)) return undefined;
  const ctx = crumbContext(model);
  return { name: dealership.name, href: searchLink({ dealership_name: [dealership.name] }, ctx) };
}

/** The similar-cars section (VehiclePage.similar): its cards' file and the search it falls back to. */
export function similarSection(car: VdpVehicle, model: SiteModel): VehiclePage['similar'] {
  if (!car.similar_ids?.length) return undefined;
  const query = similarCarsQuery(car);
  const price = query.ranges?.price;
  const searchHref = searchLink({ car_type: (query.anyOf?.car_type ?? []).map(String) }, crumbContext(model), price ? { ranges: { price } } : {});
  return { src: similarBandPath(car), car: car.id, searchHref };
}

/**
 * A car's breadcrumbs: the only part of its page that reads the whole stock's search routes (the
 * incremental render hashes them with the car's own inputs, scripts/lib/incremental.ts).
 */
export function vehicleCrumbs(car: VdpVehicle, model: SiteModel): Crumb[] {
  return vehicleBreadcrumbs(car, viewOf(model, car).title, crumbLinks(model));
}

/** The page of one listed car. */
export function vehiclePage(car: VdpVehicle, model: SiteModel): VehiclePage {
  // The car's page and its print sheet render in the same build from the same model: derived once.
  let pages = pagesByModel.get(model);
  if (!pages) pagesByModel.set(model, (pages = new WeakMap()));
  let page = pages.get(car);
  if (!page) pages.set(car, (page = deriveVehiclePage(car, model)));
  return page;
}

const pagesByModel = new WeakMap<SiteModel, WeakMap<VdpVehicle, VehiclePage>>();

function deriveVehiclePage(car: VdpVehicle, model: SiteModel): VehiclePage {
  const { tenant, now } = model;
  const { extras } = car;
  // What the page says about the car's price, tag, availability, reservation, finance eligibility and
  // location was decided once for this build (src/lib/model/vehicle-view.ts); the page only reads it.
  const view = viewOf(model, car);
  const { title, price, shownPrice, actions } = view;
  const location = locationById(tenant.locations, view.locationId);
  const callUs = callUsNumber(car, tenant.contact, tenant.features.phone_filtering_by_car_type);

  const spin = car.spin_photos ?? [];
  const video = car.video_url;
  const views = availableViews({ spinFrames: spin.length, walkaround: extras.walkaround_videos.length, interior: !!car.interior_photo });
  const photos = car.photos;

  const display = view.finance.display;
  // No finance at all for a car that is not available: the SOLD panel replaces the buying actions.
  const financeHidden = view.finance.hidden;
  const quoteOn = tenantHasFinanceQuote(tenant);
  const fetchQuote = actions.available && !financeHidden && display.show !== 'block' && shouldFetchQuote(quoteOn, extras.youxQuote, car.price);
  // The calculator's options for this car: its dealership's fees and fixed rate, its lender's fee.
  const tenantCalculator = calculatorView(
    tenant.finance,
    { dealership: view.dealership?.slug, provider: view.finance.provider ?? tenant.finance.provider },
    car.price,
  );
  // One offer per car: the calculator opens on the lender offer the car shows (its price, deposit, rate,
  // term and fees), else on the car's price at the tenant's own rate, labelled as such.
  const lenderBlock = display.show === 'block' ? { ...financeBlock(display.entry), provider: display.provider } : undefined;
  const offerTerms = lenderBlock && display.show === 'block' ? lenderOfferTerms(display.entry, shownPrice) : undefined;
  const calculator = offerTerms
    ? calculatorOnOffer(
        tenantCalculator,
        offerTerms,
        disclaimerText(financeDisclaimer(tenant.finance, { interest: offerTerms.rate, comparison: offerTerms.comparison })),
      )
    : calculatorOnPrice(tenantCalculator, shownPrice);
  const quote = extras.youxQuote && !financeHidden ? quoteEstimate(extras.youxQuote, false) : fetchQuote ? quoteEstimate(undefined, true) : undefined;
  const financeSection = !!actions.finance && !financeHidden;
  const warningAt = warningPlace({
    estimate: !!lenderBlock?.payment || !!quote,
    block: financeSection && !!lenderBlock,
    calculator: financeSection && calculator.interest !== 'slider',
  });

  const economy = fuelEconomy(extras.variant?.fuelconsumptioncombined);
  const gaugeOn = tenantHasPriceGauge(tenant) && shownPrice !== undefined;
  // With the local gauge the build already knows the answer: a car whose gauge would be hidden gets no block.
  const gaugeShown = gaugeOn && (car.price_gauge === undefined || shouldShowPriceGauge(car.price_gauge));
  const gauge = !gaugeShown ? undefined : gaugeFromModelFiles(tenant) ? { src: marketPath(car), car: car.id } : { src: `${car.path}/autogauge` };
  const announcement = locationAnnouncement(car.location);

  return {
    car,
    extras,
    title,
    subtitle: view.subtitle,
    fullName: view.fullName,
    url: view.links.url,
    crumbs: vehicleCrumbs(car, model),
    tag: view.tag,
    price,
    priceNote: view.priceNote,
    wasPrice: view.wasPrice,
    belowMarket: actions.available && isBelowMarket(shownPrice, extras.autograb_data),
    views: tenant.features.show_view_count ? (car.views ?? 0) : undefined,
    updatedAt: now,
    location: car.location ? { name: car.location.name, href: `/locations/${car.location.slug}` } : undefined,
    announcement: announcement ? { text: announcement, directions: location ? directionsUrl(location.address) : undefined } : undefined,
    actions,
    sidebar: sidebarActions(actions, !!callUs.number),
    phone: callUs.number ? phoneShown(callUs.number, tenant.features.phone_unmasked) : undefined,
    callText: tenant.texts.call,
    soldPanelText: view.sold ? 'This vehicle has been sold.' : 'This vehicle is no longer available.',
    phoneWarning: 'warning' in callUs ? callUs.warning : undefined,
    media: {
      photos,
      slides: gallerySlides(photos.length, !!video, tenant.vdp_config.video_placement),
      video,
      thumbnails: showThumbnailStrip(car, photos.length),
      views,
      initial: initialView(tenant.vdp_config.default_media_view, views),
      spin,
      interior: car.interior_photo,
      walkaround: extras.walkaround_videos,
      interiorHotspots: car.interior_photo?.ok ? panoramaHotspots(extras.hotspots.interior) : [],
      hotspots: extras.hotspots.exterior,
    },
    usedCar: usedCarBlock(car, now, actions.historyReport?.href),
    subscription: view.subscription,
    dealerSearch: dealerSearchLink(view.dealership, tenant.dealerships, model),
    shareCopiesLink: tenant.vdp_config.share_copies_link,
    specs: splitPreview(keySpecs(car), SPECS_PREVIEW),
    features: splitPreview(car.standardEquipment ?? [], FEATURES_PREVIEW),
    details: carDetails(car),
    rego: regoExpiryText(car.rego_expiry, now, tenant.features.unregistered_text, tenantTimeZone(tenant)),
    allSpecs: allSpecifications(extras.variant, extras.specifications),
    comments: dealerComments(car.dealercomments),
    finance: {
      block: lenderBlock,
      lenderDisclaimer: display.show === 'disclaimer' ? display.disclaimer : undefined,
      quote,
      fetchQuote,
      quoteBasis: quoteBasis(shownPrice),
      calculator: financeHidden ? undefined : calculator,
      calculatorSource: offerTerms ? 'lender' : 'tenant',
      warningAt,
      disclaimer: calculator.disclaimer,
    },
    fuel:
      tenant.features.fuel_calculator && isFuelCalculatorShown(car)
        ? {
            economy,
            price: FUEL_PRICE_DEFAULT,
            distance: FUEL_DISTANCE_DEFAULT,
            weekly: weeklyFuelCost(FUEL_DISTANCE_DEFAULT, FUEL_PRICE_DEFAULT, economy) ?? '',
          }
        : undefined,
    delivery: tenant.features.delivery_calculator && tenant.delivery_zones.length > 0 && actions.available,
    gauge,
    similar: similarSection(car, model),
    map: tenant.vdp_config.show_map_section && location ? { location, directions: directionsUrl(location.address), embed: mapEmbedUrl(location) } : undefined,
    stickyBars: tenant.features.sticky_bars,
  };
}
