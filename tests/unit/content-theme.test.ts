import { describe, expect, it } from 'vitest';
import { themeCss } from '../../src/lib/content/theme.ts';
import { themeStylesheet } from '../../src/lib/content/theme-file.ts';
import { contrastRatio, readableOn, readableTint } from '../../src/lib/rules/contrast.ts';
import { ThemeSchema } from '../../src/lib/schemas/theme.ts';
import * as v from 'valibot';

describe('theme contrast', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });
  it('keeps text readable on any tenant colour', () => {
    // White on amber fails (2.0:1), so buttons and tags on it get near-black text.
    expect(readableOn('#f2a900', '#ffffff')).toBe('#111111');
    expect(readableOn('#0e6e8c', '#ffffff')).toBe('#ffffff');
    const tint = readableTint('#f2a900', '#ffffff');
    expect(contrastRatio(tint, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(readableTint('#0b5cab', '#ffffff')).toBe('#0b5cab');
  });
  it('writes the theme as custom properties, the header by its style', () => {
    const theme = v.parse(ThemeSchema, { primary: '#c8102e', header: 'primary', accent: '#f2a900' });
    const css = themeCss(theme);
    expect(css).toMatch(/^:root\{.*\}$/);
    expect(css).toContain('--primary:#c8102e');
    expect(css).toContain('--header-bg:#c8102e');
    expect(css).toContain('--accent-text:#111111');
    expect(themeCss(v.parse(ThemeSchema, {}))).toContain('--header-bg:#ffffff');
  });
  it('writes the theme as a cached file named by its content, so a new theme is a new address', () => {
    const red = v.parse(ThemeSchema, { primary: '#c8102e' });
    const blue = v.parse(ThemeSchema, { primary: '#0b5cab' });
    const file = themeStylesheet(red);
    expect(file.path).toMatch(/^\/_astro\/theme\.[\w-]{10}\.css$/);
    expect(file.css).toBe(themeCss(red));
    expect(themeStylesheet(v.parse(ThemeSchema, { primary: '#c8102e' })).path).toBe(file.path);
    expect(themeStylesheet(blue).path).not.toBe(file.path);
  });
});
