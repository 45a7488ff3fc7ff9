import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { functionsImportedBy } from '../../scripts/lib/fingerprint.ts';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

function tree(files: Record<string, string>): void {
  root = mkdtempSync(join(tmpdir(), 'fingerprint-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

describe('platform version', () => {
  it('counts the functions files the site-making code imports (through other files too), not the rest of functions/', () => {
    tree({
      'scripts/build-tenant.ts': "import { a } from './lib/a.ts';\n",
      'scripts/lib/a.ts': "export { type T } from '../../src/t.ts';\nimport { x } from '../../functions/static.ts';\n",
      'src/t.ts': "const m = await import('../functions/lib/outbound.ts');\n",
      'functions/static.ts': "import { y } from './lib/mime.ts';\n",
      'functions/lib/mime.ts': 'export const y = 1;\n',
      'functions/lib/outbound.ts': 'export const z = 1;\n',
      'functions/routes/leads.ts': "import { y } from '../lib/mime.ts';\n",
    });
    const found = functionsImportedBy([join(root, 'scripts/build-tenant.ts'), join(root, 'src/t.ts')], root).map((f) => f.slice(root.length + 1));
    expect(found).toEqual(['functions/lib/mime.ts', 'functions/lib/outbound.ts', 'functions/static.ts']);
  });
});
