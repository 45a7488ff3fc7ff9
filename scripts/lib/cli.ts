/**
 * Command-line parsing for our scripts: node:util parseArgs in strict mode, so an unknown flag or a
 * missing value is an error naming it, and `--help` prints the usage and does nothing else.
 */
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * True when the module at `moduleUrl` is the script being run. Not `import.meta.main`: scripts/run.mjs
 * imports the script after switching Node, so `import.meta.main` is false there and the script would
 * silently do nothing; run.mjs sets process.argv[1] to the script instead.
 */
export function isMain(moduleUrl: string): boolean {
  const argv1 = process.argv[1];
  if (!argv1) return false;
  // By real path: a checkout reached through a symlink (node follows it for the module's URL, not for
  // argv) would otherwise run nothing and exit 0, a silent no-op the nightly job would read as success.
  const real = (p: string): string => {
    try {
      return realpathSync(p);
    } catch {
      return resolve(p);
    }
  };
  return real(argv1) === real(fileURLToPath(moduleUrl));
}

export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * Parses argv (without node and the script) against `options`; on --help prints `usage` and exits 0,
 * on a bad flag prints the problem and the usage to stderr and exits 2.
 */
export function parseCli<O extends Options>(usage: string, options: O, argv: string[] = process.argv.slice(2)) {
  return parseStrict(usage, options, argv, false).values;
}

/** parseCli for a command with positional arguments (subcommands, ids): returns the flags and the positionals. */
export function parseCliWithPositionals<O extends Options>(usage: string, options: O, argv: string[] = process.argv.slice(2)) {
  return parseStrict(usage, options, argv, true);
}

function parseStrict<O extends Options>(usage: string, options: O, argv: string[], allowPositionals: boolean) {
  const all = { ...options, help: { type: 'boolean', short: 'h' } } as const;
  try {
    const parsed = parseArgs({ args: argv, options: all, strict: true, allowPositionals });
    if ((parsed.values as Record<string, unknown>)['help']) {
      console.log(usage.trim());
      process.exit(0);
    }
    return {
      values: parsed.values as ReturnType<typeof parseArgs<{ options: O; strict: true }>>['values'],
      positionals: parsed.positionals,
    };
  } catch (err) {
    console.error(`error: ${(err as Error).message}\n\n${usage.trim()}`);
    process.exit(2);
  }
}

/** A whole number within bounds, or a UsageError naming the flag and what it got. */
export function intFlag(name: string, value: string | undefined, fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value.trim()) || Number(value) < min || Number(value) > max)
    throw new UsageError(`--${name} expects a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}, got "${value}"`);
  return Number(value);
}

/** For scripts that read their options at the top level: `read()`'s value, or its UsageError's message and exit 2. */
export function orUsageExit<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`error: ${err.message}`);
    process.exit(2);
  }
}

/** A comma-separated list flag ("a,b") as trimmed, non-empty entries. */
export function listFlag(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Runs a CLI's main; a UsageError exits 2 with its message, anything else propagates. */
export async function runCli(main: () => Promise<number> | number): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`error: ${err.message}`);
      process.exitCode = 2;
      return;
    }
    throw err;
  }
}
