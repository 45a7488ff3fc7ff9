/**
 * The tenant theme's stylesheet (src/lib/content/theme-file.ts), which every page links: written
 * after the pages, under the content-hashed name they link.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { themeStylesheet } from '../../../src/lib/content/theme-file.ts';
import type { BuildOutput } from './index.ts';

export const themeOutput: BuildOutput = {
  name: 'theme',
  write({ model, siteOut }) {
    const { path, css } = themeStylesheet(model.tenant.theme);
    const file = join(siteOut, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, css);
  },
};
