/**
 * The model and the rules are the ground floor: pages, islands, search, feeds and functions read one
 * derived view of each car, built from the rules, and nothing below reaches back up into them. When
 * the model imported the search card and the vehicle page's extras, model, vdp, forms and site were one
 * import cycle at run time (issue 28). This walks the real import graph (static imports, type imports
 * included) from every file of src/lib/model and src/lib/rules.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const LIB = resolve(import.meta.dirname, '../../src/lib');

/** Folders of src/lib the model and the rules may stand on: inputs and plain helpers, no features. */
const GROUND = ['model', 'rules', 'schemas', 'tenant', 'utils', 'errors', 'phone'];
/** Single files of feature folders that are only data the schemas validate against. */
const DATA_FILES = ['analytics/tags.ts'];

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => resolve(dirname(file), m[1] as string)).filter((f) => existsSync(f));
}

const lib = (file: string) => relative(LIB, file).split('\\').join('/');
const onGround = (file: string) => GROUND.includes(lib(file).split('/')[0] as string) || DATA_FILES.includes(lib(file));

/** Every file reachable from `start`, with the chain that reaches it first. */
function reach(start: string[]): Map<string, string[]> {
  const seen = new Map<string, string[]>(start.map((f) => [f, [lib(f)]]));
  const queue = [...start];
  while (queue.length) {
    const file = queue.shift() as string;
    for (const next of importsOf(file)) {
      if (seen.has(next) || !next.startsWith(LIB)) continue;
      seen.set(next, [...(seen.get(file) ?? []), lib(next)]);
      queue.push(next);
    }
  }
  return seen;
}

const filesIn = (folder: string) =>
  readdirSync(join(LIB, folder))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(LIB, folder, f));

describe('the ground floor', () => {
  it('src/lib/model and src/lib/rules import nothing from the feature folders, directly or through another file', () => {
    const reached = reach([...filesIn('model'), ...filesIn('rules')]);
    expect(reached.size).toBeGreaterThan(40);
    const off = [...reached.entries()].filter(([file]) => !onGround(file)).map(([, chain]) => chain.join(' -> '));
    expect(off).toEqual([]);
  });

  it('would catch a model file reaching into a feature (the check is not vacuous)', () => {
    const view = join(LIB, 'model/vehicle-view.ts');
    expect(importsOf(view).map(lib)).toContain('model/card-facts.ts');
    expect(onGround(join(LIB, 'search/card.ts'))).toBe(false);
    expect(onGround(join(LIB, 'vdp/page-model.ts'))).toBe(false);
  });
});
