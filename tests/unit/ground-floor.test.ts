/**
 * The model and the rules are the ground floor: pages, islands, search, feeds and functions read one
 * derived view of each car, built from the rules, and nothing below reaches back up into them. When
 * the model imported the search card and the vehicle page's extras, model, vdp, forms and site were one
 * import cycle at run time (issue 28). This walks the real import graph (static imports, type imports
 * included) from every file of src/lib/model and src/lib/rules.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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

/** Every source file of src/lib (tests aside). */
function libFiles(dir = LIB): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return libFiles(path);
    return /\.tsx?$/.test(name) && !name.includes('.test.') ? [path] : [];
  });
}

const VALUE_IMPORT = /(?:^|\n)\s*(?:import|export)\s(?!type\s)([^;]*?)from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

/** The files `file` imports for their values: `import type` and `import { type A, type B }` name only types, which vanish at compile time. */
function valueImportsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(VALUE_IMPORT)]
    .filter(([, names]) => {
      const list = /^\s*\{([^}]*)\}\s*$/.exec(names as string)?.[1];
      return list === undefined || !list.split(',').every((n) => n.trim() === '' || n.trim().startsWith('type '));
    })
    .map((m) => resolve(dirname(file), m[2] as string))
    .filter((f) => existsSync(f));
}

const folderOf = (file: string) => (lib(file).includes('/') ? (lib(file).split('/')[0] as string) : '.');

/** The folders of src/lib that import one another in a ring, each ring with one import per step that closes it. */
function folderCycles(importsOf: (file: string) => string[]): string[][] {
  const edges = new Map<string, Map<string, string>>();
  for (const file of libFiles()) {
    for (const target of importsOf(file)) {
      if (!target.startsWith(LIB) || folderOf(file) === folderOf(target)) continue;
      const from = edges.get(folderOf(file)) ?? new Map<string, string>();
      edges.set(folderOf(file), from);
      if (!from.has(folderOf(target))) from.set(folderOf(target), `${lib(file)} -> ${lib(target)}`);
    }
  }
  // Tarjan's strongly connected components over the folders.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const rings: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v) as number);
    stack.push(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const ring: string[] = [];
    for (let w = stack.pop(); w !== undefined; w = w === v ? undefined : stack.pop()) ring.push(w);
    if (ring.length > 1) rings.push(ring.flatMap((a) => [...(edges.get(a) ?? [])].filter(([b]) => ring.includes(b)).map(([, example]) => example)));
  };
  for (const folder of edges.keys()) if (!index.has(folder)) visit(folder);
  return rings;
}

describe('the folders of src/lib', () => {
  it('import one another without a cycle at run time: each folder stands only on folders that do not stand on it', () => {
    expect(libFiles().length).toBeGreaterThan(150);
    expect(folderCycles(valueImportsOf)).toEqual([]);
  });

  it('would catch a cycle (the check is not vacuous)', () => {
    // Types included, the site model's type is named by the content and search code it assembles.
    const withTypes = folderCycles(importsOf);
    expect(withTypes.flat().some((step) => step.startsWith('content/') && step.includes('-> site/site-model.ts'))).toBe(true);
  });
});
