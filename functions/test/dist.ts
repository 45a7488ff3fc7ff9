/** A throwaway build output (<dist>/<slug>/ site files and <dist>/_build/<slug>/model.json) for server tests. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { ModelInput } from '../registry.ts';
import { makeTenant, makeVehicle } from './fixtures.ts';

export function makeDist(slug: string, tenantExtra: Record<string, unknown> = {}, files: Record<string, string> = {}): string {
  const dist = mkdtempSync(join(tmpdir(), 'functions-dist-'));
  const model: ModelInput = {
    tenant: makeTenant(slug, tenantExtra),
    vehicles: [makeVehicle({ id: 'car-1', slug: 'car-1', make: 'Toyota', model: 'HiLux' })],
    built_at: '2026-11-22T00:00:00.000Z',
  };
  mkdirSync(join(dist, '_build', slug), { recursive: true });
  writeFileSync(join(dist, '_build', slug, 'model.json'), JSON.stringify(model));
  for (const [path, content] of Object.entries(files)) {
    const file = join(dist, slug, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    if (path.endsWith('.js')) writeFileSync(`${file}.br`, brotliCompressSync(content));
  }
  return dist;
}
