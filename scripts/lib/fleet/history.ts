/**
 * Each tenant's nightly history: one entry per build day (a re-run the same day replaces it), the last
 * 60 kept. The run page reads it for "held since", "repaired after N nights" and the 30-night trends;
 * the alerts read it for "still held after N nights". Kept in the bucket beside the tenant's releases
 * (layout.ts historyKey) so a fresh runner knows it, or in <out>/_build/<slug>/history.json without one.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getText, putJson } from '../publish/bucket.ts';
import { historyKey, tenantBase } from '../publish/layout.ts';
import type { TrendPoint } from '../summary.ts';

export type NightStatus = 'built' | 'unchanged' | 'held' | 'failed';

export interface NightEntry {
  /** The build day, YYYY-MM-DD. */
  day: string;
  status: NightStatus;
  /** Cars on the live site after the night (the kept site's for a held tenant); null when none is live. */
  listed: number | null;
  rejected: number;
  build_ms: number;
  /** Files and bytes the publish sent (uploaded, not copied). */
  uploaded?: number | undefined;
  uploaded_bytes?: number | undefined;
  release?: string | undefined;
  /** Why it was held or failed, one line. */
  reason?: string | undefined;
}

export interface History {
  version: 1;
  tenant: string;
  nights: NightEntry[];
}

export const NIGHTS_KEPT = 60;
export const TREND_NIGHTS = 30;

const isProblem = (s: NightStatus): boolean => s === 'held' || s === 'failed';

/** The history with tonight's entry: replaces an entry of the same day, keeps the last 60 by day. */
export function recordNight(history: History | undefined, tenant: string, entry: NightEntry): History {
  const nights = (history?.nights ?? []).filter((n) => n.day !== entry.day);
  nights.push(entry);
  nights.sort((a, b) => a.day.localeCompare(b.day));
  return { version: 1, tenant, nights: nights.slice(-NIGHTS_KEPT) };
}

/** The trailing run of held or failed nights: since which day, and how many nights. */
export function heldRun(history: History | undefined): { since: string; nights: number } | undefined {
  const nights = history?.nights ?? [];
  let i = nights.length;
  while (i > 0 && isProblem(nights[i - 1]!.status)) i--;
  const run = nights.slice(i);
  return run.length ? { since: run[0]!.day, nights: run.length } : undefined;
}

/** Tonight is published or unchanged after a run of held or failed nights: since when, and how long. */
export function repairedRun(history: History | undefined): { since: string; nights: number } | undefined {
  const nights = history?.nights ?? [];
  const last = nights.at(-1);
  if (!last || isProblem(last.status)) return undefined;
  return heldRun({ version: 1, tenant: '', nights: nights.slice(0, -1) });
}

/** The last 30 nights, oldest first: what the run page draws. */
export function trend(history: History | undefined): TrendPoint[] {
  return (history?.nights ?? [])
    .slice(-TREND_NIGHTS)
    .map((n) => ({ day: n.day, status: n.status, listed: n.listed, rejected: n.rejected, build_ms: n.build_ms }));
}

export function parseHistory(text: string, tenant: string): History {
  const v = JSON.parse(text) as Partial<History>;
  if (v.version !== 1 || !Array.isArray(v.nights)) throw new Error('not a version 1 history');
  return {
    version: 1,
    tenant,
    nights: v.nights.filter((n): n is NightEntry => typeof n === 'object' && n !== null && typeof n.day === 'string' && typeof n.status === 'string'),
  };
}

/** Where histories are kept: the bucket, or the build's output folder. */
export interface HistoryStore {
  readonly where: string;
  read(tenant: string): Promise<History | undefined>;
  write(history: History): Promise<void>;
}

export function bucketHistory(client: S3Client, bucket: string, prefix: string): HistoryStore {
  return {
    where: `s3://${bucket}/${prefix}<slug>/_meta/history.json`,
    async read(tenant) {
      const text = await getText(client, bucket, historyKey(tenantBase(prefix, tenant)));
      return text === undefined ? undefined : parseHistory(text, tenant);
    },
    async write(history) {
      await putJson(client, bucket, historyKey(tenantBase(prefix, history.tenant)), history);
    },
  };
}

export function localHistory(out: string): HistoryStore {
  const file = (tenant: string): string => join(out, '_build', tenant, 'history.json');
  return {
    where: join(out, '_build', '<slug>', 'history.json'),
    async read(tenant) {
      return existsSync(file(tenant)) ? parseHistory(readFileSync(file(tenant), 'utf8'), tenant) : undefined;
    },
    async write(history) {
      mkdirSync(join(out, '_build', history.tenant), { recursive: true });
      writeFileSync(file(history.tenant), `${JSON.stringify(history)}\n`);
    },
  };
}
