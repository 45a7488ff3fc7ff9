// The fleet's pure decisions: which slot a release goes to and which a rollback goes back to, what a
// host serves for a path, a tenant's held run from its history, which alert a night calls for, and
// what the run means for the job.
import { describe, expect, it } from 'vitest';
import { alertKind, dealerAlert, opsDigest } from '../../scripts/lib/fleet/alerts.ts';
import { heldRun, recordNight, repairedRun, trend, type History, type NightEntry } from '../../scripts/lib/fleet/history.ts';
import {
  chooseSlot,
  emptyIndex,
  markLive,
  markWriting,
  parseIndex,
  parsePointer,
  pointerFor,
  rollbackTarget,
  siteKeys,
  SLOT_COOLDOWN_MS,
  type ReleaseIndex,
} from '../../scripts/lib/publish/layout.ts';
import { releaseId } from '../../scripts/lib/publish/local.ts';
import { rowFromReport, summarise, summaryHtml, verdict, type TenantRow } from '../../scripts/lib/summary.ts';
import { emptyReport } from '../../scripts/lib/report.ts';

const T0 = new Date('2026-11-22T15:30:00Z');
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const R = (n: number) => String(n).padStart(16, '0');

/** An index after publishing releases 1..n one after another, `gap` minutes apart. */
function published(n: number, kept = 3, gap = 60): { index: ReleaseIndex; live: ReturnType<typeof pointerFor> | undefined } {
  let index = emptyIndex('t');
  let live: ReturnType<typeof pointerFor> | undefined;
  for (let i = 1; i <= n; i++) {
    const at = later(i * gap);
    const c = chooseSlot(index, live?.slot, kept, R(i), at);
    if ('error' in c) throw new Error(c.error);
    index = markWriting(index, c.slot, R(i), { listed: i }, at);
    index = markLive(index, { slot: c.slot, from: live, action: 'published', now: at, completed: true });
    live = pointerFor('t', c.slot, R(i), at);
  }
  return { index, live };
}

describe('release slots', () => {
  it('fills unused slots first, then reuses the one live longest ago, never the live one', () => {
    expect(published(3).index.slots).toMatchObject({ a: { release: R(1) }, b: { release: R(2) }, c: { release: R(3) } });
    const { index, live } = published(5);
    expect(live?.slot).toBe('b');
    expect(index.slots).toMatchObject({ a: { release: R(4) }, b: { release: R(5), state: 'complete' }, c: { release: R(3) } });
  });

  it('goes back to the slot a stopped publish was writing, and refuses a slot a host may still serve', () => {
    const { index, live } = published(3);
    const writing = markWriting(index, 'a', R(9), {}, later(500));
    expect(chooseSlot(writing, live?.slot, 3, R(9), later(501))).toEqual({ slot: 'a', resume: true, ready: false });
    // Two releases a minute apart: slot a stopped being live at minute 2; a third publish a minute later may not overwrite it.
    const quick = published(2, 2, 1);
    expect(chooseSlot(quick.index, quick.live?.slot, 2, R(7), later(3))).toMatchObject({ error: expect.stringMatching(/live less than 2 minutes ago/) });
    expect(chooseSlot(quick.index, quick.live?.slot, 2, R(7), later(2 + SLOT_COOLDOWN_MS / 60_000))).toMatchObject({ slot: 'a' });
  });

  it('a rollback goes to the release live before, or the one named, and withdraws the one it leaves', () => {
    const { index, live } = published(3);
    expect(rollbackTarget(index, live)).toEqual({ slot: 'b', release: R(2) });
    expect(rollbackTarget(index, live, R(1).slice(0, 16))).toEqual({ slot: 'a', release: R(1) });
    expect(rollbackTarget(index, live, 'zz')).toMatchObject({ error: expect.stringMatching(/4 to 16 hex/) });
    expect(rollbackTarget(index, live, R(3))).toMatchObject({ error: expect.stringMatching(/already live/) });
    expect(rollbackTarget(emptyIndex('t'), undefined)).toMatchObject({ error: expect.stringMatching(/nothing to roll back to/) });
    const back = markLive(index, { slot: 'b', from: live, action: 'rolled-back', now: later(999) });
    expect(back.withdrawn).toEqual([R(3)]);
    expect(back.log.at(-1)).toMatchObject({ action: 'rolled-back', release: R(2), from: R(3) });
    // Publishing the withdrawn release again on purpose (--accept) takes it off the list.
    expect(markLive(back, { slot: 'c', from: pointerFor('t', 'b', R(2), later(999)), action: 'published', now: later(1200) }).withdrawn).toEqual([]);
  });

  it('the release id is the files, not their order; the bookkeeping files parse strictly', () => {
    const f = (rel: string, sha: string) => ({ rel, sha256: sha, contentType: 'text/html', cacheControl: 'x' });
    expect(releaseId([f('a', '1'), f('b', '2')])).toBe(releaseId([f('b', '2'), f('a', '1')]));
    expect(releaseId([f('a', '1')])).not.toBe(releaseId([f('a', '2')]));
    expect(() => parsePointer('{"version":1,"tenant":"t","slot":"z","release":"0000000000000001"}')).toThrow(/slot/);
    expect(() => parsePointer('{"version":1,"tenant":"t","slot":"a","release":"../x"}')).toThrow(/release/);
    expect(() => parseIndex('{"version":1,"slots":{"a":{"release":"x","state":"odd"}}}', 't')).toThrow(/slot "a"/);
  });

  it('a host maps a request path into the live slot only', () => {
    const p = { slot: 'b' };
    expect(siteKeys('s/t/', p, '/')).toEqual(['s/t/slot-b/index.html']);
    expect(siteKeys('s/t/', p, '/cars/x/')).toEqual(['s/t/slot-b/cars/x/index.html']);
    expect(siteKeys('s/t/', p, '/cars/x/autogauge')).toEqual(['s/t/slot-b/cars/x/autogauge', 's/t/slot-b/cars/x/autogauge/index.html']);
    expect(siteKeys('s/t/', p, '/robots.txt')).toEqual(['s/t/slot-b/robots.txt']);
    for (const bad of ['/../_meta/current.json', '/%2e%2e/x', '/a//b', '/a/./b', '/a\\b', '/%0a', 'x', '/%zz'])
      expect(siteKeys('s/t/', p, bad), bad).toEqual([]);
  });
});

const night = (day: string, status: NightEntry['status'], listed = 10): NightEntry => ({ day, status, listed, rejected: 0, build_ms: 1000 });

describe('history', () => {
  it('one entry a day (a re-run replaces it), the last 60 kept; the held run and a repair read from it', () => {
    let h: History | undefined;
    for (let d = 1; d <= 70; d++) h = recordNight(h, 't', night(`2026-09-${String(d).padStart(2, '0')}`, 'built'));
    expect(h!.nights).toHaveLength(60);
    h = recordNight(h, 't', night('2026-11-23', 'held'));
    h = recordNight(h, 't', night('2026-11-24', 'failed'));
    h = recordNight(h, 't', night('2026-11-24', 'held'));
    expect(h.nights.filter((n) => n.day === '2026-11-24')).toHaveLength(1);
    expect(heldRun(h)).toEqual({ since: '2026-11-23', nights: 2 });
    expect(repairedRun(h)).toBeUndefined();
    h = recordNight(h, 't', night('2026-11-25', 'unchanged'));
    expect(heldRun(h)).toBeUndefined();
    expect(repairedRun(h)).toEqual({ since: '2026-11-23', nights: 2 });
    expect(trend(h)).toHaveLength(30);
  });
});

const row = (patch: Partial<TenantRow>): TenantRow => ({ ...rowFromReport(emptyReport('t'), 'built'), ...patch });
const summaryOf = (rows: TenantRow[]) => summarise(rows, { build_day: '2026-11-24', duration_ms: 1 });

describe('alerts and the verdict', () => {
  it("a dealer's own problem alerts on its first night, then every N nights, and when repaired; the platform's never reaches the dealer", () => {
    const held = (nights: number) => row({ status: 'held', fault: 'dealer', nights_held: nights, held_since: '2026-11-20' });
    expect([1, 2, 3, 4, 5, 6].map((n) => alertKind(held(n), 3))).toEqual(['held', undefined, 'still-held', undefined, undefined, 'still-held']);
    expect(alertKind(row({ status: 'failed', fault: 'dealer', nights_held: 1 }), 3)).toBe('failed');
    expect(alertKind(row({ status: 'failed', fault: 'platform', nights_held: 1 }), 3)).toBeUndefined();
    expect(alertKind(row({ repaired: { since: '2026-11-20', nights: 2 } }), 3)).toBe('repaired');
    expect(alertKind(row({}), 3)).toBeUndefined();
    // Nobody to tell: no alert (the digest has it).
    expect(dealerAlert(held(1), { repeat_after_nights: 3 }, summaryOf([held(1)]))).toBeUndefined();
    const a = dealerAlert(
      held(1),
      { email: ['a@x.example', 'b@x.example'], webhook_url: 'https://hooks.example/x', repeat_after_nights: 3 },
      summaryOf([held(1)]),
    )!;
    expect(a.message.id).toBe('2026-11-24:t:held');
    expect(a.targets.map((t) => t.channel)).toEqual(['email', 'email', 'webhook']);
  });

  it('the digest is one a run, leads with the platform, and the verdict fails the job only for the platform', () => {
    const rows = [
      row({ tenant: 'ok' }),
      row({ tenant: 'held', status: 'held', fault: 'dealer', message: 'lists 1 car' }),
      row({ tenant: 'crash', status: 'failed', fault: 'platform', message: 'boom' }),
    ];
    const s = summaryOf(rows);
    expect(verdict(s)).toEqual({ platform: ['crash: failed (boom)'], dealers: ['held: held (lists 1 car)'] });
    expect(verdict(summaryOf(rows.slice(0, 2))).platform).toEqual([]);
    expect(verdict(summaryOf([])).platform[0]).toMatch(/no tenant was planned/);
    const publishFailed = row({
      tenant: 'p',
      publish: { status: 'failed', error: 'HTTP 500', uploaded: 0, uploaded_bytes: 0, copied: 0, deleted: 0, resumed: false, seconds: 1 },
    });
    expect(verdict(summaryOf([publishFailed])).platform[0]).toMatch(/^p: the publish failed \(HTTP 500\)/);
    const d = opsDigest(s, [{ channel: 'email', target: 'ops@x.example' }], '99-2')!;
    expect(d.message.id).toBe('2026-11-24:_ops:digest:99-2');
    expect(d.message.subject).toMatch(/^PLATFORM FAILED: nightly build 2026-11-24/);
    expect(d.message.text.indexOf('The platform failed')).toBeLessThan(d.message.text.indexOf('Dealers not published'));
    expect(opsDigest(s, [])).toBeUndefined();
  });

  it('the run page escapes what a tenant or export says', () => {
    const html = summaryHtml(summaryOf([row({ tenant: 'x', status: 'held', fault: 'dealer', message: '<img src=x onerror=alert(1)>' })]));
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
