import { describe, expect, it } from 'vitest';
import {
  HIDE_EXTRA_MAKES,
  HIDE_MODELS,
  MAKES_COLLAPSED,
  MODELS_LIMIT,
  SELECT_MODELS,
  SHOW_ALL_MAKES,
  makeFacetView,
  modelToggleLabel,
  modelsOfMake,
} from '../../src/lib/search/make-facet.ts';

const item = (value: string, count: number, isRefined = false) => ({ value, label: value, count, isRefined });

describe('make facet', () => {
  const makes = Array.from({ length: 25 }, (_, i) => item(`Make${String(i).padStart(2, '0')}`, 100 - i));

  it('all makes collapse to 7 until Show all makes, then Hide extra makes; divider after 20', () => {
    const collapsed = makeFacetView(makes, [], false);
    expect(MAKES_COLLAPSED).toBe(7);
    expect(collapsed.all).toHaveLength(7);
    expect(collapsed.toggle).toBe(SHOW_ALL_MAKES);
    expect(collapsed.dividerAfter).toBeUndefined();
    const open = makeFacetView(makes, [], true);
    expect(open.all).toHaveLength(25);
    expect(open.toggle).toBe(HIDE_EXTRA_MAKES);
    expect(open.dividerAfter).toBe(19);
    expect(makeFacetView(makes.slice(0, 7), [], false).toggle).toBeUndefined();
  });

  it('keeps a refined make visible when collapsed, and lists popular makes that have stock', () => {
    const withRefined = makes.map((m, i) => (i === 12 ? { ...m, isRefined: true } : m));
    expect(makeFacetView(withRefined, [], false).all.map((m) => m.value)).toContain('Make12');
    const view = makeFacetView(makes, ['make03', 'Nope', 'Make01', 'Make20'], false);
    expect(view.popularCount).toBe(3);
    expect(view.all.slice(0, 4).map((m) => m.value)).toEqual(['Make03', 'Make01', 'Make20', 'Make00']);
  });

  it('is one list: each make once, popular makes first, the rest in the facet order', () => {
    const open = makeFacetView(makes, ['Make05', 'make05', 'Make24'], true);
    const values = open.all.map((m) => m.value);
    expect(values).toHaveLength(25);
    expect(new Set(values).size).toBe(25);
    expect(values.slice(0, 3)).toEqual(['Make05', 'Make24', 'Make00']);
    expect(open.popularCount).toBe(2);
    expect(makeFacetView(makes, ['Make05', 'Make24'], false).all).toHaveLength(7);
  });

  it('Select models / Hide, and at most 30 models of that make', () => {
    expect(modelToggleLabel(false)).toBe(SELECT_MODELS);
    expect(modelToggleLabel(true)).toBe(HIDE_MODELS);
    const models = [...Array.from({ length: 40 }, (_, i) => item(`Toyota > M${i}`, 1)), item('Ford > Ranger', 3)];
    expect(MODELS_LIMIT).toBe(30);
    expect(modelsOfMake('Toyota', models)).toHaveLength(30);
    expect(modelsOfMake('ford', models).map((m) => m.value)).toEqual(['Ford > Ranger']);
  });
});
