/**
 * The model file a build writes (<out>/_build/<slug>/model.json, scripts/build-tenant.ts) and the one
 * check of it both readers share: the pages, through the Astro integration (src/io/astro-model.ts),
 * and the functions (functions/registry.ts). A wrong file (another JSON of the build folder, an older
 * layout, a file cut short and patched) is refused with the path of what is wrong
 * ("vehicles.12.slug: expected string, it is missing"), not met later as `undefined` in a page.
 *
 * The top level is checked, each car and view only for what finds it (id, slug, title): the cars were
 * validated at ingest and the views derived from them by the same build, and checking every field of
 * 1,330 cars again would cost the render more than it could catch. Objects are loose: a part the
 * model gains (a derived part, a content part) passes without a change here.
 *
 * This file does not import the SiteModel type (src/lib/site is a feature folder and schemas are on
 * the ground floor, tests/unit/ground-floor.test.ts): the readers cast a checked file to their type.
 */
import * as v from 'valibot';
import { formatIssues } from './issues.ts';

/** An issue's path step into an object or an array, for `rawCheck`'s `addIssue`. */
type PathItem = v.ObjectPathItem | v.ArrayPathItem;
const step = (input: unknown, key: string | number, value: unknown): PathItem =>
  typeof key === 'number'
    ? { type: 'array', origin: 'value', input: input as unknown[], key, value }
    : { type: 'object', origin: 'value', input: input as Record<string, unknown>, key, value };

/**
 * Each item of a list (or a record) is an object whose `fields` are strings: checked in place, where a
 * loose object schema per car would copy every field of 1,330 cars only to drop the copy. A problem is
 * named at its field ("vehicles.12.slug: expected string, it is missing").
 */
function itemsWithStrings<T extends unknown[] | Record<string, unknown>>(fields: readonly string[]) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const items = dataset.value;
    const keys: (string | number)[] = Array.isArray(items) ? items.map((_, i) => i) : Object.keys(items);
    let found = 0;
    for (const key of keys) {
      const item = (items as Record<string | number, unknown>)[key];
      const isObject = item !== null && typeof item === 'object' && !Array.isArray(item);
      const bad = isObject ? fields.filter((f) => typeof (item as Record<string, unknown>)[f] !== 'string') : [];
      if (isObject && bad.length === 0) continue;
      if (!isObject) addIssue({ message: 'an object', input: item, path: [step(items, key, item)] });
      for (const field of bad) {
        const value = (item as Record<string, unknown>)[field];
        addIssue({ message: 'string', input: value, path: [step(items, key, item), step(item, field, value)] });
      }
      // A file of the wrong kind fails on every item: a few are enough to say what is wrong.
      if (++found === 3) return;
    }
  });
}

const entries = {
  tenant: v.looseObject({ slug: v.pipe(v.string(), v.nonEmpty('a slug')), url: v.string() }),
  vehicles: v.pipe(v.array(v.unknown()), itemsWithStrings<unknown[]>(['id', 'slug'])),
  built_at: v.string(),
  /** Unix seconds the build treats as now. */
  now: v.pipe(v.number(), v.integer()),
  views: v.pipe(v.record(v.string(), v.unknown()), itemsWithStrings<Record<string, unknown>>(['id', 'title'])),
};

/** Every car has its view, where the file has views: the pages and the functions look a car's view up by its id. */
const everyCarHasAView = <T extends { vehicles: unknown[]; views?: Record<string, unknown> | undefined }>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed || !dataset.value.views) return;
    const { vehicles, views } = dataset.value;
    // A car without an id is reported by the vehicles' own check.
    const car = vehicles.find((c) => typeof (c as { id?: unknown } | null)?.id === 'string' && !Object.hasOwn(views, (c as { id: string }).id)) as
      { id: string } | undefined;
    if (!car) return;
    // Named at the view that is missing: "views.<id>: expected the car's view (...), it is missing".
    addIssue({
      message: "the car's view (the build derives one for every car)",
      input: undefined,
      path: [step(dataset.value, 'views', views), step(views, car.id, undefined)],
    });
  });

/** A model file as the build writes it: what the pages read. */
export const SiteModelFileSchema = v.pipe(v.looseObject(entries), everyCarHasAView());

/**
 * A model file the functions can serve: the same, but `now` and `views` may be absent, as in models
 * published before the build wrote them (the functions derive them then, functions/registry.ts).
 */
export const ServedModelFileSchema = v.pipe(v.looseObject({ ...entries, now: v.optional(entries.now), views: v.optional(entries.views) }), everyCarHasAView());

/** At most this many problems are listed: a file of the wrong kind fails on every car. */
const SHOWN = 3;

/**
 * The problems of a parsed model file ("vehicles: required, but it is missing"), joined into one line;
 * undefined when the file passes `schema`.
 */
export function modelFileProblem(raw: unknown, schema: typeof SiteModelFileSchema | typeof ServedModelFileSchema = SiteModelFileSchema): string | undefined {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return 'not a JSON object';
  const result = v.safeParse(schema, raw);
  if (result.success) return undefined;
  const lines = formatIssues(result.issues, raw);
  const more = lines.length > SHOWN ? `; and ${lines.length - SHOWN} more` : '';
  return lines.slice(0, SHOWN).join('; ') + more;
}
