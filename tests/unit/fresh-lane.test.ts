/**
 * The fresh lane's parts (docs/nightly.md, "Minutes-fresh stock"): the two-part fingerprint, the
 * decision (inputs changed since the live release; a platform change alone does not count; a refused
 * build is not built again), and the marks that keep the fresh lane and the nightly from publishing at
 * once, against a real S3-compatible server (s3rver on 127.0.0.1).
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprintOf, fingerprintParts, tenantFingerprint, tenantInputs } from '../../scripts/lib/fingerprint.ts';
import { freshDecision, parseNotPublished, type NotPublished } from '../../scripts/lib/fleet/fresh.ts';
import { claimLane, enterLane, laneId, laneName, laneVerdict, LANES_FOLDER, marksNow, parseLaneName } from '../../scripts/lib/fleet/lanes.ts';
import type { LiveState } from '../../scripts/lib/fleet/night.ts';
import { listUnder, putJson } from '../../scripts/lib/publish/bucket.ts';
import { LOCAL_S3_CREDENTIALS, startLocalS3, type LocalS3 } from '../../scripts/lib/publish/local-s3.ts';
import { createS3Client } from '../../scripts/lib/publish/publish.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const P1 = '1'.repeat(64);
const P2 = '2'.repeat(64);
const live = (fingerprint: string | undefined, release = '0123456789abcdef'): LiveState => ({
  release,
  published_at: '2026-11-22T15:40:00.000Z',
  listed: 10,
  read: 10,
  fingerprint,
  built_day: '2026-11-22',
  valid_until: '2026-11-25',
});
const refused = (inputs: string, liveRelease: string | null = '0123456789abcdef'): NotPublished => ({
  version: 1,
  tenant: 't',
  inputs,
  fingerprint: fingerprintOf(inputs, P1),
  status: 'held',
  reason: 'the new build lists 1 car where the published site lists 10 (under 50%)',
  live_release: liveRelease,
  at: '2026-11-23T00:15:03.000Z',
});

describe('the fingerprint: inputs and platform apart', () => {
  it('records both parts and reads them back; a single hash from before is unknown', () => {
    expect(fingerprintParts(fingerprintOf(A, P1))).toEqual({ inputs: A, platform: P1 });
    expect(fingerprintParts(A)).toBeUndefined();
    expect(fingerprintParts(undefined)).toBeUndefined();
  });

  it('inputs are the folder and an export kept outside it; the platform is the code', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fresh-fp-'));
    try {
      const t = join(dir, 't');
      mkdirSync(t);
      writeFileSync(join(t, 'tenant.json'), JSON.stringify({ slug: 't', stock: { file: '../exports/t.csv' } }));
      mkdirSync(join(dir, 'exports'));
      writeFileSync(join(dir, 'exports', 't.csv'), 'id,price\n1,20000\n');
      const before = tenantInputs(t);
      const fp = fingerprintParts(tenantFingerprint(ROOT, t))!;
      expect(fp.inputs).toBe(before);
      expect(fp.platform).toMatch(/^[0-9a-f]{64}$/);
      writeFileSync(join(dir, 'exports', 't.csv'), 'id,price\n1,19500\n');
      expect(tenantInputs(t)).not.toBe(before);
      writeFileSync(join(dir, 'exports', 't.csv'), 'id,price\n1,20000\n');
      expect(tenantInputs(t)).toBe(before);
      writeFileSync(join(t, 'about.md'), '# About\n');
      expect(tenantInputs(t)).not.toBe(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('freshDecision', () => {
  it('builds a tenant whose inputs changed since its live release, or that has none live', () => {
    expect(freshDecision(fingerprintOf(B, P1), live(fingerprintOf(A, P1)))).toEqual({ build: true, why: 'changed' });
    expect(freshDecision(fingerprintOf(B, P1), undefined)).toEqual({ build: true, why: 'new' });
  });

  it('does not build for a platform change alone', () => {
    expect(freshDecision(fingerprintOf(A, P2), live(fingerprintOf(A, P1)))).toEqual({ build: false, why: 'unchanged' });
  });

  it('leaves to the nightly a live release whose inputs are unknown, or whose releases cannot be read', () => {
    expect(freshDecision(fingerprintOf(A, P1), live(A))).toMatchObject({ build: false, why: 'unknown' });
    expect(freshDecision(fingerprintOf(A, P1), live(undefined))).toMatchObject({ build: false, why: 'unknown' });
    expect(freshDecision(fingerprintOf(B, P1), undefined, { unreadable: true })).toMatchObject({ build: false, why: 'unreadable' });
  });

  it('does not build again inputs refused over the same live release; a new export, a new live release or --accept does', () => {
    const l = live(fingerprintOf(A, P1));
    const held = freshDecision(fingerprintOf(B, P2), l, { refused: refused(B) });
    expect(held).toMatchObject({ build: false, why: 'refused' });
    expect(held.build === false && held.detail).toMatch(
      /^these inputs were held at 2026-11-23 00:15 UTC \(the new build lists 1 car.*\); not built again until they change/,
    );
    expect(freshDecision(fingerprintOf('c'.repeat(64), P1), l, { refused: refused(B) })).toMatchObject({ build: true });
    expect(freshDecision(fingerprintOf(B, P1), live(fingerprintOf(A, P1), 'fedcba9876543210'), { refused: refused(B) })).toMatchObject({ build: true });
    expect(freshDecision(fingerprintOf(B, P1), l, { refused: refused(B), accept: true })).toMatchObject({ build: true });
    expect(freshDecision(fingerprintOf(B, P1), undefined, { refused: refused(B, null) })).toMatchObject({ build: false, why: 'refused' });
  });

  it('reads a record back, and ignores one it cannot read', () => {
    expect(parseNotPublished(JSON.stringify(refused(B)))).toEqual(refused(B));
    expect(parseNotPublished('{')).toBeUndefined();
    expect(parseNotPublished(JSON.stringify({ version: 2 }))).toBeUndefined();
    expect(parseNotPublished(undefined)).toBeUndefined();
  });
});

describe('the lanes: who builds and publishes now', () => {
  it('names marks with their lane, expiry and run, and reads them back', () => {
    const name = laneName('nightly', 1_795_000_000_000, '9001-1-1of2-42');
    expect(name).toBe('nightly-1795000000000-9001-1-1of2-42.json');
    expect(parseLaneName(name)).toEqual({ lane: 'nightly', until: 1_795_000_000_000, id: '9001-1-1of2-42', name });
    expect(parseLaneName('other.json')).toBeUndefined();
    expect(laneId({ GITHUB_RUN_ID: '9001', GITHUB_RUN_ATTEMPT: '2' }, '1/4', 42)).toBe('9001-2-1of4-42');
    expect(laneId({}, undefined, 42)).toBe('local-42');
  });

  it('a fresh run gives way to any other run; a night waits only for a fresh run', () => {
    const m = (lane: 'fresh' | 'nightly', id: string) => parseLaneName(laneName(lane, 1_795_000_000_000, id))!;
    const self = m('fresh', 'me');
    expect(laneVerdict('fresh', self.name, [self])).toEqual({ go: true });
    expect(laneVerdict('fresh', self.name, [self, m('nightly', 'n1')])).toMatchObject({ go: false });
    expect(laneVerdict('fresh', self.name, [self, m('fresh', 'other')])).toMatchObject({ go: false });
    const night = m('nightly', 'n1');
    expect(laneVerdict('nightly', night.name, [night, m('nightly', 'n2')])).toEqual({ go: true });
    expect(laneVerdict('nightly', night.name, [night, self])).toEqual({ go: false, because: [self] });
  });

  describe('in a bucket', () => {
    let s3: LocalS3;
    let client: S3Client;
    const where = () => ({ client, bucket: s3.bucket, prefix: 'sites/' });
    const saved: Record<string, string | undefined> = {};

    beforeAll(async () => {
      for (const [k, v] of Object.entries({
        AWS_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
        AWS_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
      })) {
        saved[k] = process.env[k];
        process.env[k] = v;
      }
      s3 = await startLocalS3({ bucket: 'dealer-sites' });
      client = createS3Client({ endpoint: s3.endpoint, region: 'us-east-1' });
    }, 30_000);

    afterAll(async () => {
      client?.destroy();
      await s3?.close();
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    });

    it('a fresh run stands down while a night is marked, and leaves no mark behind', async () => {
      const night = await enterLane(where(), 'nightly', 'night-1');
      const claim = await claimLane(where(), 'fresh', 'fresh-1');
      expect(claim).toMatchObject({ standDown: [{ lane: 'nightly', id: 'night-1' }] });
      expect((await marksNow(where())).map((m) => m.id)).toEqual(['night-1']);
      await night.release();
      expect(await marksNow(where())).toEqual([]);
    });

    it('a night waits for a fresh run to finish, then goes on', async () => {
      const fresh = await claimLane(where(), 'fresh', 'fresh-2');
      expect('hold' in fresh).toBe(true);
      const lines: string[] = [];
      const waiting = claimLane(where(), 'nightly', 'night-2', { pollMs: 50, log: (l) => lines.push(l) });
      await new Promise((r) => setTimeout(r, 300));
      expect(lines).toEqual([
        expect.stringMatching(/^Waiting for the fresh lane to finish before building: fresh run fresh-2 \(marked until \d\d:\d\d UTC\)$/),
      ]);
      if ('hold' in fresh) await fresh.hold.release();
      const night = await waiting;
      expect(night).toMatchObject({ hold: { mark: { lane: 'nightly', id: 'night-2' } } });
      expect('hold' in night && night.waitedMs).toBeGreaterThanOrEqual(250);
      if ('hold' in night) await night.hold.release();
    });

    it('a mark left by a run that died expires by itself; a live run renews its own', async () => {
      await putJson(client, s3.bucket, `sites/${LANES_FOLDER}${laneName('nightly', Date.now() - 1000, 'dead-night')}`, {});
      const claim = await claimLane(where(), 'fresh', 'fresh-3');
      expect('hold' in claim).toBe(true);
      if ('hold' in claim) await claim.hold.release();

      const hold = await enterLane(where(), 'nightly', 'night-3', { renewMs: 100, ttlMs: 60_000 });
      const first = hold.mark.name;
      await new Promise((r) => setTimeout(r, 400));
      expect(hold.mark.name).not.toBe(first);
      expect((await marksNow(where())).map((m) => m.name)).toEqual([hold.mark.name]);
      await hold.release();
      expect([...(await listUnder(client, s3.bucket, `sites/${LANES_FOLDER}`)).keys()].filter((k) => !k.includes('dead-night'))).toEqual([]);
    });

    it('a night that has waited too long gives up without its mark', async () => {
      const fresh = await enterLane(where(), 'fresh', 'stuck-fresh');
      const claim = await claimLane(where(), 'nightly', 'night-4', { pollMs: 20, maxWaitMs: 100 });
      expect(claim).toMatchObject({ timedOut: [{ id: 'stuck-fresh' }] });
      expect((await marksNow(where())).map((m) => m.id)).toEqual(['stuck-fresh']);
      await fresh.release();
    });
  });
});
