import type { RejectedRecord } from './ingest.ts';
import { formatCount, formatNumber } from '../rules/format.ts';

/** Records rejected for the same field and the same reason, as one line an ops person can act on. */
export interface RejectionGroup {
  field: string;
  /** The reason without the received value ("expected a 4-digit year"). */
  reason: string;
  count: number;
  /** Up to three distinct values received ("19", "abc"). */
  received: string[];
  /** The first few records, by stock number (else id, else line or position). */
  examples: string[];
  /** One line: `1,200 records: year: expected a 4-digit year (received "19", "abc"); e.g. stocknum A1, A2, A3 and 1,197 more`. */
  summary: string;
}

const EXAMPLES = 3;

function splitReason(reason: string): { reason: string; received?: string } {
  // Each duplicate names its own id and first position: one group for all of them.
  const duplicate = /^duplicate id ("[^"]*") \(first seen at record \d+; the first is kept\)$/.exec(reason);
  if (duplicate) return { reason: 'duplicate id (the first record with an id is kept)', received: duplicate[1]! };
  const i = reason.lastIndexOf(', received ');
  if (i < 0) return { reason };
  return { reason: reason.slice(0, i), received: reason.slice(i + ', received '.length) };
}

function label(r: RejectedRecord): string {
  if (r.stocknum) return `stocknum ${r.stocknum}`;
  if (r.id) return `id ${r.id}`;
  return r.line !== undefined ? `line ${r.line}` : `record ${r.position}`;
}

/** Groups rejected records by field and reason, largest group first, each with examples. */
export function groupRejections(rejected: readonly RejectedRecord[]): RejectionGroup[] {
  const groups = new Map<string, { field: string; reason: string; records: RejectedRecord[]; received: Set<string> }>();
  for (const r of rejected) {
    const { reason, received } = splitReason(r.reason);
    const key = `${r.field}\u0000${reason}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { field: r.field, reason, records: [], received: new Set() }));
    g.records.push(r);
    if (received !== undefined && g.received.size < 3) g.received.add(received);
  }
  return [...groups.values()]
    .sort((a, b) => b.records.length - a.records.length || a.records[0]!.position - b.records[0]!.position)
    .map((g) => {
      const count = g.records.length;
      const examples = g.records.slice(0, EXAMPLES).map(label);
      const received = [...g.received];
      const more = count - examples.length;
      const summary =
        `${formatCount(count, 'record', 'records')}: ${g.field}: ${g.reason}` +
        (received.length ? ` (received ${received.join(', ')}${g.received.size < count && received.length === 3 ? ', ...' : ''})` : '') +
        `; e.g. ${examples.join(', ')}${more > 0 ? ` and ${formatNumber(more)} more` : ''}`;
      return { field: g.field, reason: g.reason, count, received, examples, summary };
    });
}
