import * as v from 'valibot';

/** A field the schema does not know: where it is, and the known field it is most likely a typo of. */
export interface UnknownField {
  path: string;
  suggestion?: string | undefined;
}

type AnySchema = v.GenericSchema & {
  type: string;
  entries?: Record<string, AnySchema>;
  wrapped?: AnySchema;
  item?: AnySchema;
  options?: AnySchema[];
  value?: AnySchema;
  pipe?: AnySchema[];
};

/** The object schemas a (possibly wrapped, piped or union) schema stands for. */
function objectsOf(schema: AnySchema | undefined, depth = 0): AnySchema[] {
  if (!schema || depth > 12) return [];
  if (schema.entries) return [schema];
  if (schema.pipe?.[0] && schema.pipe[0] !== schema) return objectsOf(schema.pipe[0], depth + 1);
  if (schema.wrapped) return objectsOf(schema.wrapped, depth + 1);
  if (schema.options) return schema.options.flatMap((o) => objectsOf(o, depth + 1));
  return [];
}

/** The schemas found at a key of a schema (an object's entry, a list's item, a record's value). */
function childOf(schema: AnySchema, key: string | number, depth = 0): AnySchema[] {
  if (depth > 12) return [];
  if (schema.entries) return schema.entries[String(key)] ? [schema.entries[String(key)]!] : [];
  if (schema.item) return [schema.item];
  if (schema.value && schema.type === 'record') return [schema.value];
  if (schema.pipe?.[0] && schema.pipe[0] !== schema) return childOf(schema.pipe[0], key, depth + 1);
  if (schema.wrapped) return childOf(schema.wrapped, key, depth + 1);
  if (schema.options) return schema.options.flatMap((o) => childOf(o, key, depth + 1));
  return [];
}

/** The keys an object schema at `path` (keys from the root) knows. */
export function knownKeysAt(root: v.GenericSchema, path: (string | number)[]): string[] {
  let level: AnySchema[] = [root as AnySchema];
  for (const key of path) level = level.flatMap((s) => childOf(s, key));
  return [...new Set(level.flatMap((s) => objectsOf(s)).flatMap((o) => Object.keys(o.entries ?? {})))];
}

/** Edit distance (insertions, deletions, substitutions, adjacent swaps), bounded for speed. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

/** The known key closest to a typo, when it is close enough to be a likely typo of it. */
export function didYouMean(key: string, known: string[]): string | undefined {
  const k = key.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const n = name.toLowerCase();
    const distance =
      n === k ? 0 : n.replace(/[_-]/g, '') === k.replace(/[_-]/g, '') ? 0.5 : k.startsWith(`${n}_`) || n.startsWith(`${k}_`) ? 1 : editDistance(k, n);
    if (!best || distance < best.distance) best = { name, distance };
  }
  if (!best) return undefined;
  return best.distance <= Math.max(1, Math.floor(Math.min(key.length, best.name.length) / 3)) ? best.name : undefined;
}

/** Deletes a key at a path (keys from the root) in a plain JSON value, in place. */
function deleteAt(root: unknown, path: (string | number)[]): void {
  let node = root;
  for (const key of path.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return;
    node = (node as Record<string, unknown>)[String(key)];
  }
  if (node && typeof node === 'object') delete (node as Record<string, unknown>)[String(path[path.length - 1])];
}

/**
 * Parses with a strict schema, but a key the schema does not know is set aside and reported (with a
 * did-you-mean) instead of failing: a config written for a newer or older platform, or carrying a field
 * of the spec's entity we do not use, still builds. A known field with a bad value still fails.
 * `raw` must be plain JSON (it is copied, not changed).
 */
export function parseSettingUnknownAside<S extends v.GenericSchema>(
  schema: S,
  raw: unknown,
): { success: true; output: v.InferOutput<S>; unknown: UnknownField[] } | { success: false; issues: v.BaseIssue<unknown>[]; unknown: UnknownField[] } {
  const input = structuredClone(raw);
  const unknown: UnknownField[] = [];
  // Each pass removes the unknown keys it found; nested objects under a removed key never count twice.
  for (let pass = 0; pass < 5; pass++) {
    const result = v.safeParse(schema, input);
    if (result.success) return { success: true, output: result.output, unknown: unknown.sort((a, b) => a.path.localeCompare(b.path)) };
    const aside = result.issues.filter((i) => i.kind === 'schema' && i.type === 'strict_object' && i.expected === 'never' && i.path?.length);
    if (aside.length === 0) return { success: false, issues: result.issues, unknown: unknown.sort((a, b) => a.path.localeCompare(b.path)) };
    for (const issue of aside) {
      const keys = (issue.path ?? []).map((p) => p.key as string | number);
      const parent = keys.slice(0, -1);
      const name = String(keys[keys.length - 1]);
      unknown.push({ path: keys.join('.'), suggestion: didYouMean(name, knownKeysAt(schema, parent)) });
      deleteAt(input, keys);
    }
  }
  unknown.sort((a, b) => a.path.localeCompare(b.path));
  const last = v.safeParse(schema, input);
  return last.success ? { success: true, output: last.output, unknown } : { success: false, issues: last.issues, unknown };
}
