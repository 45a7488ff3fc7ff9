/**
 * `npm run functions:start -- --models-bucket`: a functions host that is not where the sites are built
 * reads the tenants' models from the bucket the nightly publish writes to, following each tenant's
 * live release. Real servers: the production entry as a child process, a local S3 server (s3rver) the
 * publish writes to through the S3 API, PostgreSQL (TEST_DATABASE_URL, a throwaway schema; skipped
 * with a `missing:` line without it, failing under CI=true).
 *
 * A car published tonight is known to the functions within a refresh (its view counter answers 200,
 * not 404), and a rollback takes it away again, without restarting the host.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client } from '../scripts/lib/publish/bucket.ts';
import { LOCAL_S3_CREDENTIALS, startLocalS3, type LocalS3 } from '../scripts/lib/publish/local-s3.ts';
import { publishTenant } from '../scripts/lib/publish/publish.ts';
import { rollbackTenant } from '../scripts/lib/publish/releases.ts';
import { openPostgres } from './db/postgres.ts';
import { sha256 } from './lib/crypto.ts';
import { makeTenant, makeVehicle } from './test/fixtures.ts';
import { postgresForFile, requirePostgres } from './test/db.ts';
import { startEntry } from './test/entry.ts';

const SECRET = 'bucket-test-secret-bucket-test-secret-01';

const pg = postgresForFile('functions/start-bucket.test.ts', 'runs the production entry against it');
const url = pg.url;
requirePostgres(pg);

describe.skipIf(!url)('functions:start --models-bucket follows the published releases', () => {
  const schema = `t_bucket_${sha256(`${process.pid}-${Math.random()}`).slice(0, 10)}`;
  let s3: LocalS3;
  let work: string;
  let child: ChildProcess | undefined;
  let lines: string[] = [];

  beforeAll(async () => {
    const admin = await openPostgres({ connectionString: url as string, max: 1 });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    await admin.close();
    s3 = await startLocalS3({ bucket: 'dealer-sites' });
    // The publish and the rollback below take their credentials from the environment, as in production.
    process.env['AWS_ACCESS_KEY_ID'] = LOCAL_S3_CREDENTIALS.accessKeyId;
    process.env['AWS_SECRET_ACCESS_KEY'] = LOCAL_S3_CREDENTIALS.secretAccessKey;
    work = mkdtempSync(join(tmpdir(), 'start-bucket-'));
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await s3?.close();
    const admin = await openPostgres({ connectionString: url as string, max: 1 });
    await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.close();
    rmSync(work, { recursive: true, force: true });
  });

  const s3Env = () => ({
    S3_ENDPOINT: s3.endpoint,
    AWS_REGION: '',
    AWS_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
  });

  /** A night's build of tenant "delta" with these cars: its site (a home page naming them) and its model. */
  const build = (night: string, cars: string[]) => {
    const dir = join(work, night);
    mkdirSync(join(dir, 'site'), { recursive: true });
    writeFileSync(join(dir, 'site', 'index.html'), `<!doctype html><title>Delta</title><p>${cars.join(', ')}</p>`);
    const model = {
      tenant: makeTenant('delta'),
      vehicles: cars.map((id) => makeVehicle({ id, slug: id, make: 'Toyota', model: 'HiLux' })),
      built_at: '2026-11-27T00:00:00.000Z',
    };
    writeFileSync(join(dir, 'model.json'), JSON.stringify(model));
    return { site: join(dir, 'site'), model: join(dir, 'model.json') };
  };

  const publish = async (night: string, cars: string[]) => {
    const { site, model } = build(night, cars);
    const stats = await publishTenant(createS3Client({ endpoint: s3.endpoint }), 'delta', site, { bucket: 'dealer-sites', prefix: 'sites/', model });
    expect(stats.status, stats.error).toBe('published');
  };

  /** The functions' answer for a car: 200 when its tenant's model has it, 404 when not. */
  const carStatus = async (port: number, id: string) =>
    (await fetch(`http://127.0.0.1:${port}/api/cars/${id}/view.json`, { headers: { origin: 'https://delta.example.com.au' } })).status;

  const until = async (what: string, check: () => Promise<boolean>, ms = 30_000) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`${what} within ${ms} ms; the host said:\n${lines.join('\n')}`);
  };

  it("serves the live release's cars, picks up the next night's within a refresh, and follows a rollback", { timeout: 120_000 }, async () => {
    await publish('night-1', ['car-1']);

    const entry = await startEntry(
      {
        DATABASE_URL: `${url as string}${(url as string).includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
        FUNCTIONS_SECRET: SECRET,
        POSTMARK_SERVER_TOKEN: 'test-token',
        POSTMARK_API_URL: 'http://127.0.0.1:9/email',
        LEADS_FROM_EMAIL: 'leads@dealer-sites.example',
        OUTBOX_WORKER: 'off',
        FUNCTIONS_MODELS_REFRESH_S: '5',
        ...s3Env(),
      },
      ['--models-bucket', 'dealer-sites', '--models-prefix', 'sites/'],
    );
    child = entry.child;
    const port = entry.port;
    lines = entry.lines;

    const first = lines.map((l) => JSON.parse(l) as { event: string; changed?: string[]; tenants?: number }).find((e) => e.event === 'models');
    expect(first).toMatchObject({ tenants: 1 });
    expect(first?.changed?.[0]).toMatch(/^delta \(release [0-9a-f]+\)$/);
    expect(await carStatus(port, 'car-1')).toBe(200);
    expect(await carStatus(port, 'car-2')).toBe(404);

    // The next night lists car-2: the host knows it within a refresh, without a restart.
    await publish('night-2', ['car-1', 'car-2']);
    await until('car-2 known', async () => (await carStatus(port, 'car-2')) === 200);

    // A rollback to night 1: car-2 is gone again.
    await rollbackTenant(createS3Client({ endpoint: s3.endpoint }), { bucket: 'dealer-sites', prefix: 'sites/' }, 'delta');
    await until('car-2 gone after the rollback', async () => (await carStatus(port, 'car-2')) === 404);
    expect(await carStatus(port, 'car-1')).toBe(200);
  });
});
