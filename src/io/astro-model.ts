/**
 * The model hand-off to Astro, as Starlight hands its config to its pages: the build (and `npm run
 * dev`) names the model file the build wrote, this integration reads it and checks it once with the
 * schema the functions use too (src/lib/schemas/site-model-file.ts), and serves it to the pages as
 * virtual modules, typed by src/io/virtual-dealer.d.ts:
 *
 * - `virtual:dealer/model`: the SiteModel (what `siteModel()` of src/io/site-model-file.ts returns);
 * - `virtual:dealer/render-plan`: which car pages this build renders (src/io/render-plan.ts).
 *
 * Register it through the inline config of Astro's `build()`/`dev()` (scripts/build-tenant.ts,
 * scripts/dev.ts): Astro appends inline integrations to astro.config.mjs's. Without it a page's import
 * of the model does not resolve: pages are built by the scripts, never by a bare `astro build`.
 */
import type { AstroIntegration } from 'astro';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as v from 'valibot';
import { modelFileProblem } from '../lib/schemas/site-model-file.ts';

export interface DealerModelOptions {
  /** The model file the build wrote (<out>/_build/<slug>/model.json). */
  modelFile: string;
  /** The render plan of an incremental build (scripts/lib/incremental.ts); absent: every car page. */
  renderPlanFile?: string | undefined;
}

export const MODEL_MODULE = 'virtual:dealer/model';
export const RENDER_PLAN_MODULE = 'virtual:dealer/render-plan';

/** What the plan file holds of the render plan: the car slugs to render, or null for every car. */
const RenderPlanFileSchema = v.looseObject({ render: v.optional(v.nullable(v.array(v.string())), null) });

/** Checks the model file `file`; throws naming the file and what is wrong with it. */
export function checkModelFile(file: string): void {
  let raw: unknown;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
    raw = JSON.parse(text);
  } catch (err) {
    throw new Error(`the site model ${file} cannot be read: ${(err as Error).message}`);
  }
  const problem = modelFileProblem(raw);
  if (problem) throw new Error(`the site model ${file} is not a model the build writes: ${problem}`);
}

/** The car slugs the plan in `file` renders; null: every car page. */
export function readRenderPlanFile(file: string): string[] | null {
  const result = v.safeParse(RenderPlanFileSchema, JSON.parse(readFileSync(file, 'utf8')));
  if (!result.success) throw new Error(`the render plan ${file} is not a plan: ${v.summarize(result.issues)}`);
  return result.output.render;
}

export function dealerModel(options: DealerModelOptions): AstroIntegration {
  return {
    name: 'dealer:model',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        // Checked once per build, here, before any page renders; each page's import then shares the
        // one module, which loads the checked file (the build writes it before Astro runs and never
        // again). Not the text inlined into the module: Rollup then carries the whole model through
        // the prerender bundle, 0.5 to 0.9 s more for the 8 MB model of the 1,330-car demo.
        const modelFile = resolve(options.modelFile);
        checkModelFile(modelFile);
        const render = options.renderPlanFile ? readRenderPlanFile(options.renderPlanFile) : null;
        const sources = new Map([
          [MODEL_MODULE, `import { readFileSync } from 'node:fs';\nexport default JSON.parse(readFileSync(${JSON.stringify(modelFile)}, 'utf8'));`],
          [RENDER_PLAN_MODULE, `export default ${JSON.stringify({ render })};`],
        ]);
        const resolved = (id: string) => `\0${id}`;
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'dealer:model',
                resolveId: (id) => (sources.has(id) ? resolved(id) : undefined),
                load: (id) => (id.startsWith('\0') ? sources.get(id.slice(1)) : undefined),
              },
            ],
          },
        });
      },
    },
  };
}
