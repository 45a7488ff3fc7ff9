/**
 * Publishes the built tenants to a bucket through the S3 API, each as a release the site's pointer then
 * names (docs/publishing.md). `npm run build -- --bucket ...` publishes each tenant as it is built; this
 * command publishes what an earlier build left in --out. See USAGE.
 * Credentials come from the environment only (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, or the AWS SDK's
 * other default sources).
 */
import { UsageError, intFlag, listFlag, parseCli, runCli } from './lib/cli.ts';
import { describeError } from './lib/publish/bucket.ts';
import { formatTenantLine, publishDist, PublishSetupError } from './lib/publish/publish.ts';
import { settleRegion, TARGET_OPTIONS, TARGET_USAGE, targetFromFlags } from './lib/publish/target.ts';

const USAGE = `
Usage: node scripts/publish.ts --out <dist> --bucket <name> [options]

Publishes each built tenant (<out>/<slug>/ whose <out>/_build/<slug>/report.json says "ok") as a
release in a slot under s3://<bucket>/<prefix><slug>/, then points the site at it: the live site
switches in one request and is never half-published. Only new files are uploaded; files the live
release has are copied inside the bucket. Held and failed builds are not touched.

Options:
  --out <dir>          the build's output folder (required)
${TARGET_USAGE}
  --only <a,b>         only these tenants
  --accept <a,b>       publish these tenants even where their build is a release a rollback withdrew
  --dry-run            read the bucket and print what would be sent and deleted; change nothing
  --concurrency <n>    requests in flight per tenant, 1 to 64 (default 8)
  -h, --help           print this and exit

Credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or the AWS SDK's other default sources).
Exit 0: every tenant published, already live, held, withheld or skipped; 1: a tenant's publish failed
(the others were still published; its live site is the release before, whole); 2: a usage error or a
bucket that cannot be read (nothing was touched).
`;

async function main(): Promise<number> {
  const flags = parseCli(USAGE, {
    out: { type: 'string' },
    ...TARGET_OPTIONS,
    only: { type: 'string' },
    accept: { type: 'string' },
    'dry-run': { type: 'boolean' },
    concurrency: { type: 'string' },
  });
  if (!flags.out) throw new UsageError('--out <dir> is required');
  const concurrency = intFlag('concurrency', flags.concurrency, 8, 1, 64);
  const only = flags.only === undefined ? undefined : listFlag(flags.only);
  if (only?.length === 0) throw new UsageError('--only: give one or more tenant slugs, comma-separated');
  const target = targetFromFlags(flags);
  if (!target) throw new UsageError('--bucket <name> is required');
  const dry = flags['dry-run'] === true;
  try {
    const note = await settleRegion(target);
    if (note) console.log(`note: ${note}`);
    console.log(`Publishing ${flags.out} to ${target.label}`);
    const result = await publishDist(target.client, {
      out: flags.out,
      bucket: target.bucket,
      prefix: target.prefix,
      only,
      accept: listFlag(flags.accept),
      releasesKept: target.releasesKept,
      dryRun: dry,
      concurrency,
      onTenant: (s) => (s.status === 'failed' ? console.error : console.log)(formatTenantLine(s)),
    });
    const n = (status: string): number => result.tenants.filter((s) => s.status === status).length;
    const uploaded = result.tenants.reduce((sum, s) => sum + s.uploaded_bytes, 0);
    console.log(
      `${dry ? `Dry run: ${n('dry-run')} checked` : `${n('published')} published, ${n('live')} already live`}, ${n('held')} held, ${n('withheld')} withheld, ${n('skipped')} skipped, ${n('failed')} failed; ${(uploaded / 1e6).toFixed(2)} MB ${dry ? 'to upload' : 'uploaded'}.`,
    );
    return result.ok ? 0 : 1;
  } catch (err) {
    if (err instanceof PublishSetupError) {
      console.error(`publish: ${err.message}`);
      return 2;
    }
    if (err instanceof UsageError) throw err;
    console.error(`publish: ${describeError(err)}`);
    return 2;
  } finally {
    target.client.destroy();
  }
}

await runCli(main);
