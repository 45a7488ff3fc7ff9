import { describe, expect, it } from 'vitest';
import { moduleClosure, recordSearchPreload, RENDERER_ENTRY, SEARCH_ENTRY, searchPreload } from '../../src/islands/search/preload.ts';

describe('search island preload list', () => {
  const chunks = [
    { fileName: '_astro/client.d.js', imports: ['_astro/react.b.js'], facadeModuleId: '/node_modules/@astrojs/react/dist/client.js' },
    { fileName: '_astro/SearchApp.a.js', imports: ['_astro/react.b.js', '_astro/format.c.js'], facadeModuleId: '/src/islands/search/SearchApp.tsx' },
    { fileName: '_astro/react.b.js', imports: ['_astro/runtime.e.js'] },
    { fileName: '_astro/format.c.js', imports: [] },
    { fileName: '_astro/runtime.e.js', imports: [] },
    { fileName: '_astro/LeadForm.f.js', imports: ['_astro/react.b.js'], facadeModuleId: '/src/islands/forms/LeadForm.tsx' },
  ];

  it('lists the island first, then the renderer, with every chunk they import, each once, and nothing else', () => {
    const files = moduleClosure(chunks, [SEARCH_ENTRY, RENDERER_ENTRY]);
    expect(files[0]).toBe('_astro/SearchApp.a.js');
    expect([...files].sort()).toEqual(['_astro/SearchApp.a.js', '_astro/client.d.js', '_astro/format.c.js', '_astro/react.b.js', '_astro/runtime.e.js']);
  });

  it('gives site paths from what the build recorded', () => {
    recordSearchPreload(['_astro/SearchApp.a.js']);
    expect(searchPreload('/')).toEqual(['/_astro/SearchApp.a.js']);
  });
});
