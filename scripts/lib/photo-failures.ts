/**
 * A build's photo failures as a handful of console lines (issue 30): one line per host with its
 * counts by reason, however many photos failed; every URL stays in report.json (images.failures).
 * A feed whose photo host is down printed one line a photo (4,462 of one build's 4,528 lines).
 */

/** Where a photo comes from: its URL's host, else "the tenant folder" for a relative path. */
export function photoHost(source: string): string {
  try {
    return new URL(source).host || source;
  } catch {
    return 'the tenant folder';
  }
}

/** A failure's reason without the URL in it, so the same fault on every photo is one reason. */
export function reasonKind(reason: string): string {
  return reason
    .replace(/\s*\(host \S+ unreachable earlier in this build, not retried\)/g, '')
    .replace(/\s*\bfetching\s+\S+$/, '')
    .replace(/https?:\/\/\S+/g, '<url>')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * One line per host, most failures first: `photos unavailable from cdn.example.com: 4,000 (DNS lookup
 * failed ... 4,000); placeholders shown`. At most `maxHosts` hosts, then one line for the rest.
 */
export function photoFailureLines(failures: readonly { source: string; reason: string; cars: readonly string[] }[], maxHosts = 8): string[] {
  const hosts = new Map<string, { count: number; cars: Set<string>; reasons: Map<string, number> }>();
  for (const f of failures) {
    const host = photoHost(f.source);
    let h = hosts.get(host);
    if (!h) hosts.set(host, (h = { count: 0, cars: new Set(), reasons: new Map() }));
    h.count++;
    for (const c of f.cars) h.cars.add(c);
    const kind = reasonKind(f.reason);
    h.reasons.set(kind, (h.reasons.get(kind) ?? 0) + 1);
  }
  const n = (x: number) => x.toLocaleString('en-AU');
  const sorted = [...hosts].sort((a, b) => b[1].count - a[1].count);
  const lines = sorted.slice(0, maxHosts).map(([host, h]) => {
    const reasons = [...h.reasons].sort((a, b) => b[1] - a[1]);
    const shown = reasons.slice(0, 3).map(([r, c]) => `${r}: ${n(c)}`);
    const more = reasons.length > 3 ? `; ${reasons.length - 3} other reason(s): ${n(reasons.slice(3).reduce((s, [, c]) => s + c, 0))}` : '';
    return `photos unavailable from ${host}: ${n(h.count)} photo${h.count === 1 ? '' : 's'} of ${n(h.cars.size)} car${h.cars.size === 1 ? '' : 's'} (${shown.join('; ')}${more}); placeholders shown`;
  });
  const rest = sorted.slice(maxHosts);
  if (rest.length > 0) lines.push(`photos unavailable from ${rest.length} other host(s): ${n(rest.reduce((s, [, h]) => s + h.count, 0))} photos`);
  if (failures.length > 0)
    lines.push(`photos unavailable: ${n(failures.length)} in all; every URL with its reason and cars is in report.json (images.failures)`);
  return lines;
}
