/**
 * What a feed's own words say when a column does not (issue 30): the variant in its title where there
 * is no trim or badge, and a heavy vehicle's body type where the body column says only "truck". Pure;
 * the ingest (ingest.ts) applies them and the build says how many cars each touched.
 */

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The variant a feed's title gives after year, make and model: "2018 Toyota Camry LE CVT FWD Sedan"
 * -> "LE CVT FWD Sedan"; a leading condition word ("Pre-Owned", "Used", "New") is skipped. Undefined when the title does not start with them (in any order of year and
 * make) or nothing follows.
 */
export function variantFromTitle(
  title: string | undefined,
  car: { year?: number | null | undefined; make?: string | undefined; model?: string | undefined },
): string | undefined {
  if (!title || !car.make || !car.model) return undefined;
  const whole = title.trim();
  // Dealer sites put the condition first ("Pre-Owned 2018 Hyundai Sonata SE FWD Sedan", a real Meta
  // feed); it is skipped only when the title does not read as it is (a make "New Holland" stays).
  const condition = /^(?:certified\s+)?(?:pre-?\s?owned|used|new|demo)\b[\s:,-]*/i;
  const bare = condition.test(whole) ? whole.replace(condition, '') : undefined;
  return variantAfter(whole, car) ?? (bare ? variantAfter(bare, car) : undefined);
}

function variantAfter(title: string, car: { year?: number | null | undefined; make?: string | undefined; model?: string | undefined }): string | undefined {
  if (!car.make || !car.model) return undefined;
  let rest = title;
  const take = (word: string) => {
    const m = new RegExp(`^${escape(word)}(?=$|[\\s,/-])[\\s,/-]*`, 'i').exec(rest);
    if (!m) return false;
    rest = rest.slice(m[0].length);
    return true;
  };
  if (car.year) take(String(car.year));
  if (!take(car.make)) return undefined;
  if (!take(car.model)) return undefined;
  if (car.year) take(String(car.year));
  const variant = rest.replace(/^[-–—:|\s]+/, '').trim();
  return variant.length > 0 && variant.length <= 80 ? variant : undefined;
}

/** The spec's truck and bus body types (browse-and-site.md: cabChassis, lightTruck, bus), as the site labels them. */
const HEAVY: [RegExp, string][] = [
  [/\bprime[\s_-]*movers?\b|\btractor[\s_-]*units?\b|\bsemi[\s_-]*trailer\s+trucks?\b/i, 'Cab Chassis'],
  [/\bcab[\s_-]*chassis\b|\bchassis[\s_-]*cab\b/i, 'Cab Chassis'],
  [/\b(?:mini)?bus(?:es)?\b|\bcoach(?:es)?\b/i, 'Bus'],
  [/\blight[\s_-]*trucks?\b|\btipper\b|\bpantech\b|\bbox[\s_-]*truck\b/i, 'Light Truck'],
];

/**
 * A heavy vehicle's body type from the feed's words (title, model, badge, body): prime movers and cab
 * chassis -> Cab Chassis, buses and coaches -> Bus, light trucks -> Light Truck. Only where the body
 * column says nothing more precise than a pickup ("truck" is Meta's and Google's word for a pickup, read
 * as Ute): a word it does not know is counted by the ingest, never guessed.
 */
export function heavyBody(body: string | undefined, words: (string | undefined)[]): string | undefined {
  if (body !== undefined && body !== 'Ute') return undefined;
  const text = words.filter(Boolean).join(' ');
  for (const [re, type] of HEAVY) if (re.test(text)) return type;
  return undefined;
}
