/**
 * Bundles the Netlify functions as `netlify deploy` does, with Netlify's own bundler
 * (@netlify/zip-it-and-ship-it) and netlify.toml's [functions] settings, and reports what each
 * archive carries, so a deploy can check them first (a tenant's model, the migrations, sharp's
 * native binary for this machine's platform, which must be Netlify's: linux-x64).
 *
 *   node scripts/run.mjs scripts/netlify-bundle.ts [--out .netlify/bundle] [--functions <folder>]...
 *
 * Defaults: both function folders (functions/adapters/netlify, functions/adapters/netlify-outbox).
 * Copy the tenant's model to .deploy-model/<slug>/model.json first (docs/functions.md). Exit 1 when
 * an archive lacks the migrations or sharp's binary.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { bundleNetlifyFunctions, REPO_ROOT } from './lib/netlify.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: '.netlify/bundle' },
    functions: { type: 'string', multiple: true },
  },
});
const out = resolve(REPO_ROOT, values.out);
rmSync(out, { recursive: true, force: true });
const directories = values.functions?.length ? values.functions : ['functions/adapters/netlify', 'functions/adapters/netlify-outbox'];
const started = Date.now();
const results = await bundleNetlifyFunctions({ directories, out });
console.log(`bundled ${results.length} function(s) in ${Date.now() - started} ms into ${out}`);

const migrations = readdirSync(resolve(REPO_ROOT, 'functions/migrations')).filter((f) => f.endsWith('.sql'));
let failed = false;
for (const f of results) {
  // The archive's file list, from `unzip -l` (Netlify's own runtime unzips with yauzl; any lister will do).
  const names = execFileSync('unzip', ['-Z1', f.path], { encoding: 'utf8', maxBuffer: 64 << 20 }).split('\n');
  const models = names.filter((n) => /^\.deploy-model\/[^/]+\/model\.json$/.test(n)).map((n) => n.split('/')[1]);
  const sql = names.filter((n) => n.startsWith('functions/migrations/') && n.endsWith('.sql'));
  const binary = names.find((n) => /^node_modules\/@img\/sharp-[\w-]+\/lib\/sharp-[\w.-]+\.node$/.test(n));
  const problems = [
    sql.length === migrations.length ? '' : `${sql.length} of ${migrations.length} migrations`,
    binary ? '' : 'no sharp binary (node_modules/@img/sharp-<platform>/…)',
  ].filter(Boolean);
  failed ||= problems.length > 0;
  console.log(
    `${f.name}: ${(statSync(f.path).size / 1e6).toFixed(1)} MB zip, ${names.length} files, bundler ${f.bundler ?? '?'}, ${f.runtimeVersion ?? ''}, ` +
      `${f.schedule ? `schedule "${f.schedule}"` : `paths ${(f.routes ?? []).map((r) => r.pattern).join(' ')}`}; ` +
      `models: ${models.join(', ') || 'none'}; migrations: ${sql.length}; sharp: ${binary?.split('/')[2] ?? 'missing'}` +
      (problems.length ? `; PROBLEM: ${problems.join(', ')}` : ''),
  );
}
process.exit(failed ? 1 : 0);
