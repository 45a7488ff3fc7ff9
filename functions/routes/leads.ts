/**
 * POST /api/leads: every form's lead. Stored with its outbox rows in one transaction before the 201
 * {lead_id}. Idempotency-Key makes a retry return the same lead (a different body with the same key
 * is 409). A filled honeypot field gets a normal-looking 201 and nothing is stored. Rate-limited per
 * IP; past the tenant's ceiling each IP is held to a lower hourly limit, never the whole tenant. The tenant comes from the origin (middleware), never from the body.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { normaliseAuPhone } from '../../src/lib/phone/au-phone.ts';
import type { AppEnv, Deps } from '../context.ts';
import type { Site } from '../registry.ts';
import { Http } from '../errors.ts';
import { canonicalJson, hmac, newId, sha256 } from '../lib/crypto.ts';
import { fullName, type CarSnapshot, type LeadPayload, type Reservation, type TradeIn } from '../lib/lead.ts';
import { localPayment } from '../adapters/local.ts';
import { RESERVATION_CATEGORY } from '../../src/lib/rules/reserve-terms.ts';
import { enqueueLead } from '../lib/outbox.ts';
import { lookupPostcode } from '../lib/postcodes.ts';
import { countHits, ipBucket, tooMany } from '../lib/rate-limit.ts';
import { idString, invalid, looseBoolean, optionalText, type FieldIssue } from '../lib/validation.ts';
import { conflict, idempotency, replayed, type IdempotencyEnv } from '../middleware/idempotency.ts';
import { validate } from '../middleware/validate.ts';
import type { Vehicle } from '../../src/lib/model/vehicle.ts';
import type { VehicleView } from '../../src/lib/model/vehicle-view.ts';

/** The hidden field bots fill in; people never see it. Keep it empty in every form. */
export const HONEYPOT_FIELD = 'contact_me_by_fax_only';

const STATES = ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT'] as const;
const MAX_EXTRA_FIELDS = 30;
const EMAIL = /^[^\s@<>()\[\],;:"]+@[^\s@<>()\[\],;:"]+\.[^\s@<>()\[\],;:"]{2,}$/;

/** The highest trade-in offer the API takes (no form offers more than a car's price). */
const MAX_OFFER_PRICE = 10_000_000;
const OFFER_PRICE_RANGE = 'expected an amount from 0 to 10000000';

const LeadSchema = v.looseObject({
  category: v.optional(
    v.pipe(
      v.string('choose what your enquiry is about'),
      v.trim(),
      v.minLength(1, 'choose what your enquiry is about'),
      v.maxLength(100, 'at most 100 characters'),
    ),
    '',
  ),
  subcategory: optionalText(200),
  name: v.optional(v.pipe(v.string('enter your name'), v.trim(), v.minLength(1, 'enter your name'), v.maxLength(100, 'at most 100 characters')), ''),
  last_name: optionalText(100),
  email: v.optional(
    v.pipe(
      v.string('enter a valid email address'),
      v.trim(),
      v.maxLength(254, 'enter a valid email address'),
      v.check((s) => s === '' || EMAIL.test(s), 'enter a valid email address'),
      v.transform((s) => s || undefined),
    ),
  ),
  phone: v.optional(
    v.pipe(
      v.union([v.string(), v.number()], 'enter an Australian phone number'),
      v.transform((x) => String(x).trim()),
      v.maxLength(30, 'enter an Australian phone number'),
      v.check((s) => s === '' || normaliseAuPhone(s) !== null, 'enter an Australian phone number'),
    ),
  ),
  postcode: v.optional(
    v.pipe(
      v.union([v.string(), v.number()], 'Invalid postcode. Please enter a 4-digit number.'),
      v.transform((x) => String(x).trim()),
      v.check((s) => s === '' || /^\d{4}$/.test(s), 'Invalid postcode. Please enter a 4-digit number.'),
      v.check((s) => s === '' || lookupPostcode(s) !== undefined, 'Invalid postcode'),
    ),
  ),
  message: optionalText(5000),
  opt_in: v.optional(looseBoolean),
  dealership_slug: optionalText(100),
  location: optionalText(200),
  location_id: v.optional(idString('a location id')),
  Rego: optionalText(20),
  page_id: optionalText(100),
  terms_conditions: v.optional(looseBoolean),
  additional_services: v.optional(
    v.pipe(
      v.array(v.pipe(v.string('expected text'), v.trim(), v.maxLength(200, 'at most 200 characters')), 'expected a list'),
      v.maxLength(30, 'at most 30 services'),
    ),
  ),
  event_id: v.optional(
    v.pipe(
      v.union([v.number(), v.string()], 'expected an event id'),
      v.transform((x) => Number(x)),
      v.integer('expected an event id'),
      v.minValue(1, 'expected an event id'),
      v.maxValue(9999, 'expected an event id'),
    ),
  ),
  url: v.optional(
    v.pipe(
      v.string('expected the page address'),
      v.maxLength(2000, 'at most 2000 characters'),
      v.url('expected the page address'),
      v.regex(/^https?:\/\//i, 'expected the page address'),
    ),
  ),
  source: v.optional(v.unknown()),
  user_agent: optionalText(500),
  car_id: v.optional(idString('a car id')),
  car_dealership_id: v.optional(v.unknown()),
  lead_attributes: v.optional(
    v.object(
      {
        visited_pages: v.optional(
          v.pipe(
            v.array(v.pipe(v.string('expected text'), v.maxLength(500, 'at most 500 characters')), 'expected a list'),
            v.maxLength(100, 'at most 100 pages'),
          ),
          [],
        ),
        linked_query_params: v.optional(
          v.pipe(
            v.record(
              v.pipe(v.string(), v.maxLength(100, 'a parameter name of at most 100 characters')),
              v.pipe(v.union([v.string(), v.number(), v.boolean()], 'expected text'), v.transform(String), v.maxLength(500, 'at most 500 characters')),
              'expected parameter names and values',
            ),
            v.check((r) => Object.keys(r).length <= 50, 'at most 50 parameters'),
          ),
          {},
        ),
      },
      'expected visited_pages and linked_query_params',
    ),
  ),
  lead_id: v.optional(idString('a lead id')),
  // Trade-in valuation steps.
  id: v.optional(idString('a valuation id')),
  rego: optionalText(20),
  regoState: v.optional(v.pipe(v.string('expected a state'), v.trim(), v.toUpperCase(), v.picklist(STATES, 'expected an Australian state'))),
  adjustmentAnswers: v.optional(
    v.pipe(
      v.unknown(),
      v.check((x) => JSON.stringify(x ?? null).length <= 4000, 'at most 4000 characters of answers'),
    ),
  ),
  // What the trade-in form sends: dollars and cents up to $10 million (issue 27: 1e308 was accepted and
  // e-mailed as "$1e+308").
  offer_price: v.optional(
    v.pipe(
      v.number('expected an amount'),
      v.finite('expected an amount'),
      v.minValue(0, OFFER_PRICE_RANGE),
      v.maxValue(MAX_OFFER_PRICE, OFFER_PRICE_RANGE),
      v.check((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'expected an amount in dollars and cents'),
    ),
  ),
  offer_accepted: v.optional(looseBoolean),
  form_completed: v.optional(looseBoolean),
  // Enquiry prefill about the vehicle of interest.
  manufacturer_slug: optionalText(100),
  stock_number: optionalText(100),
  'Vehicle Make': optionalText(100),
  'Vehicle Model': optionalText(100),
  car_type: optionalText(20),
  vehicle_status: optionalText(20),
});

type LeadInput = v.InferOutput<typeof LeadSchema>;
type LeadsEnv = AppEnv & IdempotencyEnv;
const KNOWN = new Set([...Object.keys(LeadSchema.entries), HONEYPOT_FIELD]);

/** The spec's client rules, applied again here: `(check_option)` boxes become additional services, `_radio_options` fields are dropped. */
function splitExtras(input: Record<string, unknown>): { extra: Record<string, string>; services: string[]; issues: FieldIssue[] } {
  const extra: Record<string, string> = {};
  const services: string[] = [];
  const issues: FieldIssue[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (KNOWN.has(key) || key.endsWith('_radio_options')) continue;
    if (key.endsWith('(check_option)')) {
      if (value === true || value === 'true' || value === 'on' || value === 1) services.push(key.slice(0, -'(check_option)'.length).trim());
      continue;
    }
    if (key.length > 64) {
      issues.push({ field: 'body', message: 'field names are at most 64 characters' });
      continue;
    }
    if (value === null || value === undefined || value === '') continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      issues.push({ field: key, message: 'expected text' });
      continue;
    }
    const s = String(value).trim();
    if (s.length > 2000) issues.push({ field: key, message: 'at most 2000 characters' });
    else extra[key] = s;
  }
  if (Object.keys(extra).length > MAX_EXTRA_FIELDS) issues.push({ field: 'body', message: `at most ${MAX_EXTRA_FIELDS} extra fields` });
  return { extra, services, issues };
}

/** The dealer's public contact for the lead (the ADF vendor contact): the chosen location's, else the first. */
function dealerContact(site: Site, locationId: string | undefined): LeadPayload['dealer'] {
  const loc = site.tenant.locations.find((l) => l.id === locationId) ?? site.tenant.locations[0];
  const detail = loc?.contact_detail;
  return {
    slug: site.slug,
    name: site.tenant.name,
    location: loc?.name,
    email: site.tenant.contact.email ?? detail?.email,
    phone: detail?.phone ?? detail?.landline_phone ?? site.tenant.contact.used_phone ?? site.tenant.contact.new_phone,
    url: site.tenant.url,
  };
}

function present(x: unknown): boolean {
  return x !== undefined && x !== null && x !== '';
}

/** The Idempotency-Key's partner: a hash of the body, so a retry with other data is told apart (409). */
function requestHash(body: unknown): string {
  return sha256(canonicalJson(body));
}

/**
 * The stored lead a retry asks for: the same key and body answer that lead again (201, Idempotent-Replayed),
 * the same key with another body is 409; undefined when the key is new (or there is none).
 */
async function storedLead(c: Context<LeadsEnv>, deps: Deps): Promise<Response | undefined> {
  const key = c.get('idempotencyKey');
  if (key === undefined) return undefined;
  const { rows } = await deps.db.query<{ id: string; request_hash: string }>('SELECT id, request_hash FROM leads WHERE tenant = $1 AND idempotency_key = $2', [
    c.get('site').slug,
    key,
  ]);
  const prior = rows[0];
  if (!prior) return undefined;
  if (prior.request_hash !== requestHash(c.get('body'))) return conflict(c);
  return replayed(c, { lead_id: prior.id, success: true });
}

/** A retry of a stored lead answers the stored lead, before any limit is counted. */
function replayStoredLead(deps: Deps): MiddlewareHandler<LeadsEnv> {
  return async (c, next) => (await storedLead(c, deps)) ?? next();
}

/**
 * Every request counts (per IP, per IP over the hour, and for the tenant). An IP over its own limit is
 * refused. Past the tenant's ceiling (a flood from many addresses) each IP is also held to its surge
 * limit: the flooding addresses are refused, a shopper's first enquiries still pass.
 */
function leadLimits(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const limits = deps.options.rateLimits;
    const ipKey = ipBucket(c, deps, 'leads');
    const tenantKey = `leads:${c.get('site').slug}:tenant`;
    const counted = await countHits(deps, [
      { key: ipKey, rules: limits.leadsPerIp },
      { key: `${ipKey}:surge`, rules: limits.leadsPerIpInSurge },
      { key: tenantKey, rules: limits.leadsPerTenant },
    ]);
    const ipOver = counted.filter((w) => w.over && w.key === ipKey);
    if (ipOver.length) return tooMany(c, deps, ipOver);
    const surge = counted.some((w) => w.over && w.key === tenantKey);
    const surgeOver = counted.filter((w) => w.over && w.key === `${ipKey}:surge`);
    if (surge && surgeOver.length) return tooMany(c, deps, surgeOver);
    return next();
  };
}

/** A lead is a JSON object; anything else is 422 before the schema (whose own message would name the type). */
const objectBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  const body = c.get('body');
  if (!body || typeof body !== 'object' || Array.isArray(body)) return invalid(c, [{ field: 'body', message: 'expected a JSON object' }]);
  return next();
};

/** Honeypot: a bot gets what a person gets (201, before validation), and nothing is stored or sent. */
const honeypot: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (present((c.get('body') as Record<string, unknown>)[HONEYPOT_FIELD])) return c.json({ lead_id: newId(), success: true }, 201);
  return next();
};

interface CheckedLead {
  issues: FieldIssue[];
  car: Vehicle | undefined;
  view: VehicleView | undefined;
  reserving: boolean;
}

/** The rules that need the tenant (its cars, dealerships, locations, terms switch and stored leads). */
async function checkAgainstTenant(deps: Deps, site: Site, input: LeadInput, issues: FieldIssue[]): Promise<CheckedLead> {
  if (!input.email && !input.phone) issues.push({ field: 'email', message: 'enter an email address or a phone number' });
  // car_id is the car's id; /checkout-journey?car_id={slug} passes its slug.
  const car = input.car_id !== undefined ? (site.carById(input.car_id) ?? site.carBySlug(input.car_id)) : undefined;
  if (input.car_id !== undefined && !car) issues.push({ field: 'car_id', message: Http.unknownCar });
  const reserving = input.category === RESERVATION_CATEGORY;
  // Whether the car can be reserved, its deposit and its name are the build's view of it (the same as its page's).
  const view = car && site.view(car);
  if (reserving && view && !view.reserve) issues.push({ field: 'car_id', message: Http.notReservable });
  if (input.dealership_slug !== undefined && !site.tenant.dealerships.some((d) => d.slug === input.dealership_slug)) {
    issues.push({ field: 'dealership_slug', message: 'choose a dealership' });
  }
  if (input.location_id !== undefined && !site.tenant.locations.some((l) => l.id === input.location_id)) {
    issues.push({ field: 'location_id', message: 'choose a location' });
  }
  if (site.tenant.features.terms_checkbox && input.terms_conditions !== true) {
    issues.push({ field: 'terms_conditions', message: '*You must agree to the terms of use before submitting.' });
  }
  if (input.lead_id !== undefined) {
    const { rows } = await deps.db.query('SELECT 1 FROM leads WHERE id = $1 AND tenant = $2', [input.lead_id, site.slug]);
    if (rows.length === 0) issues.push({ field: 'lead_id', message: 'we could not find that enquiry' });
  }
  return { issues, car, view, reserving };
}

/** What the lead records of the car: the facts the dealer needs, as they were when the lead came in. */
function carSnapshot(site: Site, car: Vehicle): CarSnapshot {
  return {
    id: car.id,
    slug: car.slug,
    stocknum: car.stocknum,
    year: car.year,
    make: car.make,
    model: car.model,
    badge: car.badge,
    vin: car.vin,
    price: car.price,
    car_type: car.car_type,
    status: car.status,
    km: car.km,
    location_name: car.location?.name ?? car.location_name,
    url: `${site.tenant.url.replace(/\/$/, '')}${car.path}`,
  };
}

/** The trade-in valuation steps' fields, when the form sent any of them. */
function tradeIn(input: LeadInput): TradeIn | undefined {
  const sent =
    input.id !== undefined ||
    input.rego ||
    input.regoState ||
    input.adjustmentAnswers !== undefined ||
    input.offer_price !== undefined ||
    input.offer_accepted !== undefined ||
    input.form_completed !== undefined;
  if (!sent) return undefined;
  return {
    id: input.id,
    rego: input.rego,
    regoState: input.regoState,
    adjustmentAnswers: input.adjustmentAnswers,
    offer_price: input.offer_price,
    offer_accepted: input.offer_accepted,
    form_completed: input.form_completed,
  };
}

/** The enquiry prefill about the vehicle of interest, under the names the dealer's systems read. */
function vehicleOfInterest(input: LeadInput): Record<string, string> | undefined {
  const entries: [string, string][] = (
    [
      ['manufacturer_slug', input.manufacturer_slug],
      ['stock_number', input.stock_number],
      ['make', input['Vehicle Make']],
      ['model', input['Vehicle Model']],
      ['car_type', input.car_type],
      ['vehicle_status', input.vehicle_status],
    ] as const
  ).flatMap(([k, val]) => (typeof val === 'string' ? [[k, val] as [string, string]] : []));
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** The stored and delivered lead: the checked input, the car's snapshot and the dealer's contact. */
function leadPayload(
  site: Site,
  input: LeadInput,
  car: Vehicle | undefined,
  extras: { extra: Record<string, string>; services: string[] },
  userAgent: string | undefined,
): LeadPayload {
  const place = input.postcode ? lookupPostcode(input.postcode) : undefined;
  return {
    category: input.category,
    subcategory: input.subcategory,
    name: input.name,
    last_name: input.last_name,
    email: input.email,
    phone: input.phone || undefined,
    phone_e164: input.phone ? (normaliseAuPhone(input.phone) ?? undefined) : undefined,
    postcode: input.postcode || undefined,
    postcode_state: place?.states[0],
    postcode_place: place?.place,
    message: input.message,
    opt_in: input.opt_in ?? false,
    dealership_slug: input.dealership_slug,
    location: input.location,
    location_id: input.location_id,
    Rego: input.Rego,
    page_id: input.page_id,
    terms_conditions: input.terms_conditions,
    additional_services: [...new Set([...(input.additional_services ?? []), ...extras.services])],
    event_id: input.event_id,
    url: input.url,
    source: 'Website',
    user_agent: input.user_agent ?? userAgent?.slice(0, 500),
    car_id: car?.id,
    car_dealership_id: car ? (car.dealership_id ?? site.tenant.dealerships[0]?.id) : undefined,
    car: car && carSnapshot(site, car),
    lead_attributes: {
      visited_pages: input.lead_attributes?.visited_pages ?? [],
      linked_query_params: input.lead_attributes?.linked_query_params ?? {},
    },
    lead_id: input.lead_id,
    trade_in: tradeIn(input),
    vehicle: vehicleOfInterest(input),
    extra: extras.extra,
    dealer: dealerContact(site, input.location_id),
  };
}

/**
 * A reservation asks the payment adapter before anything is stored: a provider that refuses leaves no
 * half-made reservation behind. The deposit is the server's (the same the car's Reserve button and
 * checkout page show: the car's payment processor's, else the tenant's), never the browser's.
 * Returns false when the provider failed.
 */
async function reserveCar(deps: Deps, site: Site, leadId: string, car: Vehicle, name: string, deposit: number, payload: LeadPayload): Promise<boolean> {
  const provider = deps.adapters.payment ?? localPayment;
  try {
    const answer = await provider.reserve({
      tenant: site.slug,
      leadId,
      car: { id: car.id, stocknum: car.stocknum, name, price: car.price },
      deposit,
      customer: { name: fullName(payload), email: payload.email, phone: payload.phone_e164 ?? payload.phone },
    });
    payload.reservation = { deposit, provider: provider.name, status: answer.status, reference: answer.reference } satisfies Reservation;
    return true;
  } catch (err) {
    console.error(`reservation: the payment provider ${provider.name} failed: ${(err as Error).message}`);
    return false;
  }
}

/** Stores the lead and its outbox rows in one transaction; false when a concurrent request with the same key won. */
async function storeLead(c: Context<LeadsEnv>, deps: Deps, id: string, payload: LeadPayload, now: Date): Promise<boolean> {
  const site = c.get('site');
  return deps.db.transaction(async (tx) => {
    const inserted = await tx.query<{ id: string }>(
      `INSERT INTO leads (id, tenant, created_at, category, subcategory, car_id, related_lead_id, idempotency_key, request_hash, payload, ip_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11)
       ON CONFLICT (tenant, idempotency_key) DO NOTHING
       RETURNING id`,
      [
        id,
        site.slug,
        now,
        payload.category,
        payload.subcategory ?? null,
        payload.car_id ?? null,
        payload.lead_id ?? null,
        c.get('idempotencyKey') ?? null,
        requestHash(c.get('body')),
        JSON.stringify(payload),
        hmac(deps.options.secret, c.get('ip')).slice(0, 32),
      ],
    );
    if (inserted.rows.length === 0) return false;
    await enqueueLead(tx, site, id, now);
    return true;
  });
}

export function leadsRoute(app: Hono<AppEnv>, deps: Deps): void {
  app.post('/api/leads', idempotency(), replayStoredLead(deps), leadLimits(deps), objectBody, honeypot, validate(LeadSchema), async (c) => {
    const site = c.get('site');
    const now = deps.clock.now();
    const input = c.req.valid('json');
    const { extra, services, issues } = splitExtras(c.get('body') as Record<string, unknown>);
    const { car, view, reserving } = await checkAgainstTenant(deps, site, input, issues);
    if (issues.length) return invalid(c, issues);

    const payload = leadPayload(site, input, car, { extra, services }, c.req.header('user-agent'));
    const id = newId();
    if (reserving && car && view?.reserve) {
      const reserved = await reserveCar(deps, site, id, car, view.fullName, view.reserve.deposit, payload);
      if (!reserved) return c.json({ error: Http.reservationUnavailable }, 502);
    }
    if (!(await storeLead(c, deps, id, payload, now))) {
      const again = await storedLead(c, deps);
      if (again) return again;
      throw new Error('idempotency conflict without a stored lead');
    }
    deps.onLeadStored?.(id, c.env ?? {});
    return c.json({ lead_id: id, success: true }, 201);
  });
}
