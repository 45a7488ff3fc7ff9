/**
 * The run summary across shards: merges the shards' <out>/_build/summary.json files into one
 * summary.json and index.html, or prints a summary as a markdown table (for a CI run page).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError, runCli } from './lib/cli.ts';
import { mergeSummaries, summaryMarkdown, writeSummary, type RunSummary } from './lib/summary.ts';

const USAGE = `
Usage:
  node scripts/summary.ts --merge <summary.json or folder>... --out <dir>
      merges shard summaries (a folder means <folder>/summary.json or <folder>/_build/summary.json)
      into <dir>/summary.json and <dir>/index.html
  node scripts/summary.ts --markdown <summary.json>
      prints the summary as a markdown table
  -h, --help    show this help
`;

function readSummary(path: string): RunSummary {
  let file = path;
  if (existsSync(path) && statSync(path).isDirectory()) {
    file = [join(path, 'summary.json'), join(path, '_build', 'summary.json')].find((f) => existsSync(f)) ?? join(path, 'summary.json');
  }
  if (!existsSync(file)) throw new UsageError(`no summary at ${file}`);
  return JSON.parse(readFileSync(file, 'utf8')) as RunSummary;
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      options: { merge: { type: 'boolean' }, out: { type: 'string' }, markdown: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: true,
    });
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE.trim());
    return 0;
  }
  if (values.markdown) {
    process.stdout.write(summaryMarkdown(readSummary(values.markdown)));
    return 0;
  }
  if (values.merge) {
    if (!values.out) throw new UsageError('--merge needs --out <dir>');
    if (positionals.length === 0) throw new UsageError('--merge needs at least one summary.json or folder');
    const merged = mergeSummaries(positionals.map(readSummary));
    writeSummary(resolve(values.out), merged);
    const t = merged.totals;
    console.log(
      `Merged ${positionals.length} summaries: ${t.tenants} tenants, ${t.built} built, ${t.unchanged} unchanged, ${t.held} held, ${t.failed} failed -> ${join(resolve(values.out), 'index.html')}`,
    );
    return t.failed || t.held ? 1 : 0;
  }
  if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"\n${USAGE}`);
  console.log(USAGE.trim());
  return 2;
}

await runCli(main);
