/**
 * The model's hand-off to Astro (src/io/astro-model.ts): the integration checks the file once and
 * serves it and the render plan as virtual modules; a wrong file stops the build naming the field.
 */
import type { AstroIntegration } from 'astro';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { fixtureModels } from '../../functions/test/fixtures.ts';
import { makeSiteModel } from '../../src/lib/site/site-model.ts';
import { dealerModel, MODEL_MODULE, RENDER_PLAN_MODULE } from '../../src/io/astro-model.ts';

const dir = mkdtempSync(join(tmpdir(), 'astro-model-'));
const file = (name: string, value: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
};
const [alpha] = fixtureModels();
const model = makeSiteModel({ ...alpha!, now: 1_795_000_000 });

/** The Vite plugin the integration adds at config setup (Astro calls the hook; here the test does). */
function pluginOf(integration: AstroIntegration): Plugin {
  const plugins: Plugin[] = [];
  const setup = integration.hooks['astro:config:setup'] as (options: { updateConfig: (config: { vite: { plugins: Plugin[] } }) => void }) => void;
  setup({ updateConfig: (config) => plugins.push(...config.vite.plugins) });
  expect(plugins).toHaveLength(1);
  return plugins[0]!;
}

/** What a page importing `id` gets: the plugin's module, evaluated. */
async function load(plugin: Plugin, id: string): Promise<unknown> {
  const resolveId = plugin.resolveId as (id: string) => string | undefined;
  const loadHook = plugin.load as (id: string) => string | undefined;
  const resolved = resolveId(id);
  expect(resolved).toBeDefined();
  expect(resolveId('./other.ts')).toBeUndefined();
  const source = loadHook(resolved!);
  const mod = (await import(`data:text/javascript,${encodeURIComponent(source!)}`)) as { default: unknown };
  return mod.default;
}

describe('dealerModel', () => {
  it('serves the model file and the render plan as virtual modules', async () => {
    const plugin = pluginOf(dealerModel({ modelFile: file('model.json', model), renderPlanFile: file('plan.json', { render: ['a-hilux'] }) }));
    expect(await load(plugin, MODEL_MODULE)).toEqual(JSON.parse(JSON.stringify(model)));
    expect(await load(plugin, RENDER_PLAN_MODULE)).toEqual({ render: ['a-hilux'] });
  });

  it('renders every car page with no plan, or a plan without a list', async () => {
    expect(await load(pluginOf(dealerModel({ modelFile: file('model.json', model) })), RENDER_PLAN_MODULE)).toEqual({ render: null });
    const full = dealerModel({ modelFile: file('model.json', model), renderPlanFile: file('full.json', { render: null }) });
    expect(await load(pluginOf(full), RENDER_PLAN_MODULE)).toEqual({ render: null });
  });

  it('refuses a wrong model file, naming the file and the field', () => {
    const [first, ...rest] = model.vehicles;
    const broken = file('broken.json', { ...model, vehicles: [...rest, { ...first, slug: undefined }] });
    expect(() => pluginOf(dealerModel({ modelFile: broken }))).toThrow(
      /broken\.json is not a model the build writes: vehicles\.\d+\.slug: expected string, it is missing/,
    );
    const cut = join(dir, 'cut.json');
    writeFileSync(cut, JSON.stringify(model).slice(0, 200));
    expect(() => pluginOf(dealerModel({ modelFile: cut }))).toThrow(/cut\.json cannot be read/);
    expect(() => pluginOf(dealerModel({ modelFile: file('inputs.json', { scheme: 1, cars: {} }) }))).toThrow(/tenant: required, but it is missing/);
  });
});
