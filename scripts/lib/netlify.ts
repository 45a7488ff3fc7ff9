/**
 * The [functions] table of the repository's netlify.toml, read for Netlify's own tools run locally:
 * @netlify/zip-it-and-ship-it (the bundler `netlify deploy` and Netlify's builds use) and
 * @netlify/functions-dev (its local runtime). A reader of that one table (`key = "string"` and
 * `key = ["a", "b"]` lines), not of TOML at large: the file is ours and that is all it holds.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { zipFunctions } from '@netlify/zip-it-and-ship-it';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

export interface NetlifyFunctionsSettings {
  directory?: string;
  node_bundler?: string;
  included_files?: string[];
  external_node_modules?: string[];
}

export function readNetlifyFunctions(root = REPO_ROOT): NetlifyFunctionsSettings {
  const text = readFileSync(join(root, 'netlify.toml'), 'utf8');
  const out: Record<string, string | string[]> = {};
  let inFunctions = false;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) continue;
    const table = /^\[([^\]]+)\]$/.exec(line);
    if (table) {
      inFunctions = table[1] === 'functions';
      continue;
    }
    if (!inFunctions) continue;
    const kv = /^([\w-]+)\s*=\s*(.+)$/.exec(line);
    if (!kv) throw new Error(`netlify.toml: cannot read "${line}" in [functions]`);
    const value = kv[2] as string;
    out[kv[1] as string] = value.startsWith('[') ? (JSON.parse(value) as string[]) : (JSON.parse(value) as string);
  }
  return out as NetlifyFunctionsSettings;
}

/** The same settings as zip-it-and-ship-it's `config` option (what netlify-cli passes it). */
export function zisiConfig(settings: NetlifyFunctionsSettings) {
  return {
    '*': {
      nodeBundler: settings.node_bundler as 'esbuild' | undefined,
      includedFiles: settings.included_files ?? [],
      includedFilesBasePath: REPO_ROOT,
      externalNodeModules: settings.external_node_modules ?? [],
    },
  };
}

export interface BundledFunction {
  name: string;
  path: string;
  bundler?: string | undefined;
  runtimeVersion?: string | undefined;
  routes?: { pattern: string }[] | undefined;
  schedule?: string | undefined;
}

/**
 * Bundles function folders with zip-it-and-ship-it as a deploy does: one .zip per function (or one
 * folder per function with archiveFormat "none") and a manifest.json in `out`.
 */
export async function bundleNetlifyFunctions(opts: { directories: string[]; out: string; archiveFormat?: 'zip' | 'none' }): Promise<BundledFunction[]> {
  const settings = readNetlifyFunctions();
  const results = await zipFunctions(
    opts.directories.map((d) => resolve(REPO_ROOT, d)),
    opts.out,
    {
      basePath: REPO_ROOT,
      archiveFormat: opts.archiveFormat ?? 'zip',
      manifest: join(opts.out, 'manifest.json'),
      config: zisiConfig(settings),
    },
  );
  return results as unknown as BundledFunction[];
}
