/**
 * The vehicle page's extra Car fields (spec "Car (detail)": finance_lenders, variant, specifications,
 * autograb_data, hotspots, videos, youxQuote, payment_processors...). The Car schema leaves them loose;
 * ingest reads them here once per car (takeVdpExtras) into the typed Vehicle.extras that every output
 * and the functions read. Each one is read on its own, so a malformed extra is dropped with a message
 * naming the field and the car keeps everything else (it is never rejected for an extra).
 */
import * as v from 'valibot';
import { CarFieldsSchema } from './car.ts';
import { formatIssues } from './issues.ts';

/** 42, "42", "$42,000", "6.29%" -> number; null and "" -> null. */
const num = v.nullish(
  v.pipe(
    v.union([v.number(), v.string()], 'a number'),
    v.transform((x) => {
      if (typeof x === 'number') return x;
      const s = x.replace(/[$,%\s]/g, '');
      return s === '' ? null : Number(s);
    }),
    v.check((n) => n === null || Number.isFinite(n), 'a number'),
  ),
);
const text = v.nullish(
  v.pipe(
    v.union([v.string(), v.number()]),
    v.transform((x) => String(x).trim()),
  ),
);
/** A media reference: "url", {url} or {image: {url}} / {video: {url}}. */
const mediaRef = v.pipe(
  v.union([
    v.string(),
    v.looseObject({ url: v.string() }),
    v.looseObject({ image: v.looseObject({ url: v.string() }) }),
    v.looseObject({ video: v.looseObject({ url: v.string() }) }),
  ]),
  v.transform((e) => {
    if (typeof e === 'string') return e.trim();
    if ('url' in e) return String(e.url).trim();
    if ('image' in e) return (e.image as { url: string }).url.trim();
    return (e.video as { url: string }).url.trim();
  }),
);

/** A term in months (a bare number) or {termYears | termMonths | termWeeks}. */
const LenderTerm = v.pipe(
  v.union([num, v.looseObject({ termYears: num, termMonths: num, termWeeks: num })]),
  v.transform((t): { termYears?: number | null | undefined; termMonths?: number | null | undefined; termWeeks?: number | null | undefined } | undefined =>
    t == null ? undefined : typeof t === 'number' ? { termMonths: t } : t,
  ),
);

export const LenderEntrySchema = v.looseObject({
  interestRate: num,
  comparisonRate: num,
  paymentWeek: num,
  paymentMonth: num,
  totalPayable: num,
  term: v.optional(LenderTerm),
  deposit: num,
  balloon: num,
  establishmentFees: num,
  disclaimer: text,
  financeProvider: text,
  /** When the lender's advertised offer ends (ISO date); shown as "Offer ends {date}". */
  offerEnds: text,
});
export type LenderEntry = v.InferOutput<typeof LenderEntrySchema>;

const VariantSchema = v.looseObject({
  cylinders: num,
  enginesize: num,
  enginesize_litres: num,
  induction: text,
  fuelconsumptioncombined: num,
  fuelcapacity: num,
  grossvehiclemass: num,
  vehiclelength: num,
  vehicleheight: num,
  vehiclewidth: num,
  towingcapacitybraked: num,
  torque: text,
  bodyconfiguration: text,
  ancaprating: text,
  geartype: text,
});
export type VariantSpecs = v.InferOutput<typeof VariantSchema>;

const CaravanSchema = v.looseObject({
  body_width: num,
  body_length: num,
  tare_weight: num,
  axle_type: text,
  sleeps: num,
  aggregate_trailer_mass: num,
});
export type CaravanSpecs = v.InferOutput<typeof CaravanSchema>;

const AutograbSchema = v.looseObject({ average_market_price: num, state_average_market_price: num });
export type AutograbData = v.InferOutput<typeof AutograbSchema>;

const HotspotPositionSchema = v.looseObject({
  hotspotId: v.union([v.string(), v.number()]),
  activeAngle: v.pipe(v.number(), v.integer()),
  posX: v.number(),
  posY: v.number(),
});
export type HotspotPosition = v.InferOutput<typeof HotspotPositionSchema>;
const HotspotSchema = v.looseObject({
  id: v.union([v.string(), v.number()]),
  description: v.string(),
  positions: v.optional(v.array(HotspotPositionSchema)),
});
const HotspotsSchema = v.looseObject({
  exterior: v.optional(v.array(HotspotSchema)),
  interior: v.optional(v.array(HotspotSchema)),
  positions: v.optional(v.array(HotspotPositionSchema)),
});
export interface Hotspot {
  id: string;
  description: string;
  positions: { activeAngle: number; posX: number; posY: number }[];
}

const QuoteSchema = v.looseObject({ weeklyRepaymentAmount: num, advertisedRate: num, comparisonRate: num });
export type Quote = v.InferOutput<typeof QuoteSchema>;

const ProcessorSchema = v.looseObject({ name: text, label: text, deposit: num });
const ProcessorsSchema = v.union([v.array(ProcessorSchema), ProcessorSchema]);

export interface VdpExtras {
  finance_lenders: Record<string, LenderEntry>;
  variant?: VariantSpecs;
  specifications?: CaravanSpecs;
  autograb_data?: AutograbData;
  hotspots: { exterior: Hotspot[]; interior: Hotspot[] };
  walkaround_videos: string[];
  videos: string[];
  spin_interior_image?: string;
  youxQuote?: Quote;
  /** The label of the car's payment processor (reserve button), when one is set. */
  payment_processor_label?: string;
  payment_processor_deposit?: number;
}

const SCHEMAS = {
  finance_lenders: v.record(v.string(), LenderEntrySchema),
  variant: VariantSchema,
  specifications: CaravanSchema,
  autograb_data: AutograbSchema,
  hotspots: HotspotsSchema,
  walkaround_videos: v.array(mediaRef),
  videos: v.array(mediaRef),
  spin_interior_image: mediaRef,
  youxQuote: QuoteSchema,
  payment_processors: ProcessorsSchema,
} as const;

function hotspotList(list: v.InferOutput<typeof HotspotSchema>[] | undefined, flat: HotspotPosition[]): Hotspot[] {
  return (list ?? []).map((h) => ({
    id: String(h.id),
    description: h.description,
    positions: [...(h.positions ?? []), ...flat.filter((p) => String(p.hotspotId) === String(h.id))].map((p) => ({
      activeAngle: p.activeAngle,
      posX: p.posX,
      posY: p.posY,
    })),
  }));
}

type Processors = v.InferOutput<typeof ProcessorsSchema>;

function firstProcessor(processors: Processors | undefined) {
  return Array.isArray(processors) ? processors.find((p) => p.label || p.deposit != null) : processors;
}

/**
 * Reads the extras of one record. `problems` names each malformed extra ("variant.torque: expected a
 * number, received ..."); that extra is left out and everything else is kept.
 */
export function readVdpExtras(record: Record<string, unknown>): { extras: VdpExtras; problems: string[] } {
  const problems: string[] = [];
  const read = <K extends keyof typeof SCHEMAS>(key: K): v.InferOutput<(typeof SCHEMAS)[K]> | undefined => {
    const raw = record[key];
    if (raw === undefined || raw === null || raw === '') return undefined;
    const res = v.safeParse(SCHEMAS[key], raw);
    if (res.success) return res.output as v.InferOutput<(typeof SCHEMAS)[K]>;
    problems.push(...formatIssues(res.issues, raw).map((line) => `${key}${line.startsWith('(root)') ? line.slice(6) : `.${line}`}`));
    return undefined;
  };
  const hotspots = read('hotspots');
  const flat = hotspots?.positions ?? [];
  const processor = firstProcessor(read('payment_processors'));
  const extras: VdpExtras = {
    finance_lenders: read('finance_lenders') ?? {},
    hotspots: { exterior: hotspotList(hotspots?.exterior, flat), interior: hotspotList(hotspots?.interior, flat) },
    walkaround_videos: read('walkaround_videos') ?? [],
    videos: read('videos') ?? [],
  };
  const variant = read('variant');
  if (variant) extras.variant = variant;
  const specifications = read('specifications');
  if (specifications) extras.specifications = specifications;
  const autograb = read('autograb_data');
  if (autograb) extras.autograb_data = autograb;
  const interior = read('spin_interior_image');
  if (interior) extras.spin_interior_image = interior;
  const quote = read('youxQuote');
  if (quote) extras.youxQuote = quote;
  if (processor?.label) extras.payment_processor_label = processor.label;
  if (processor?.deposit != null) extras.payment_processor_deposit = processor.deposit;
  return { extras, problems };
}

/**
 * The exported extras that are not Car fields of their own: ingest takes them off the vehicle once they
 * are read, so nothing can read them untyped again (spin_interior_image is also a Car field and stays).
 */
const TAKEN: readonly string[] = Object.keys(SCHEMAS).filter((key) => !(key in CarFieldsSchema.entries));

/**
 * A validated record's extras read (readVdpExtras) and the record without the raw ones: what ingest
 * puts on the Vehicle, with the problems it reports.
 */
export function takeVdpExtras<R extends Record<string, unknown>>(record: R): { rest: R; extras: VdpExtras; problems: string[] } {
  const { extras, problems } = readVdpExtras(record);
  const rest = { ...record };
  for (const key of TAKEN) delete rest[key];
  return { rest, extras, problems };
}
