/**
 * Publishes the built tenants to a bucket through the S3 API (docs/publishing.md).
 *   node scripts/publish.ts --out dist --bucket <name> [--prefix sites/] [--endpoint http://127.0.0.1:4569]
 *                           [--region auto] [--only a,b] [--dry-run] [--concurrency 8]
 * Credentials come from the environment only (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, or the AWS SDK's
 * other default sources). Exit 0: every tenant published, held or skipped; 1: a tenant's publish failed
 * (the others were still published); 2: a usage error or an unreachable bucket (nothing was touched).
 */
import { parseArgs } from 'node:util';
import { createS3Client, formatTenantLine, publishDist, PublishSetupError } from './lib/publish/publish.ts';

const USAGE = `Usage: node scripts/publish.ts --out <dist> --bucket <name> [options]

Uploads each built tenant (<out>/<slug>/ whose <out>/_build/<slug>/report.json says "ok") to
s3://<bucket>/<prefix><slug>/: only new and changed files, assets before pages, the manifest, then
the deletes. Held and failed builds are not touched.

Options:
  --out <dir>          the build's output folder (required)
  --bucket <name>      the bucket (required)
  --prefix <folder/>   folder in the bucket for all tenants (default: the bucket's root)
  --endpoint <url>     an S3-compatible endpoint (R2, MinIO, a local server); default AWS S3
  --region <name>      default AWS_REGION, else "auto" with --endpoint, else us-east-1
  --only <a,b>         only these tenants
  --dry-run            read the bucket and print what would be uploaded and deleted; change nothing
  --concurrency <n>    requests in flight per tenant, 1 to 64 (default 8)
  --help               print this and exit

Credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or the AWS SDK's other default sources).`;

function usageError(message: string): never {
  console.error(`publish: ${message}\nRun with --help for usage.`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    args: process.argv.slice(2),
    strict: true,
    allowPositionals: false,
    options: {
      out: { type: 'string' },
      bucket: { type: 'string' },
      prefix: { type: 'string' },
      endpoint: { type: 'string' },
      region: { type: 'string' },
      only: { type: 'string' },
      'dry-run': { type: 'boolean' },
      concurrency: { type: 'string' },
      help: { type: 'boolean' },
    },
  }));
} catch (err) {
  usageError((err as Error).message);
}

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!values.out) usageError('--out <dir> is required');
if (!values.bucket) usageError('--bucket <name> is required');
if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(values.bucket)) usageError(`--bucket ${JSON.stringify(values.bucket)}: not a valid bucket name`);
const concurrencyText = values.concurrency ?? '8';
const concurrency = Number(concurrencyText);
if (!/^\d+$/.test(concurrencyText) || concurrency < 1 || concurrency > 64)
  usageError(`--concurrency ${JSON.stringify(concurrencyText)}: a whole number from 1 to 64`);
if (values.endpoint !== undefined) {
  let url: URL | undefined;
  try {
    url = new URL(values.endpoint);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) usageError(`--endpoint ${JSON.stringify(values.endpoint)}: not an http(s) URL`);
}
if (values.region !== undefined && !/^[a-z0-9-]+$/.test(values.region)) usageError(`--region ${JSON.stringify(values.region)}: not a region name`);
let only: string[] | undefined;
if (values.only !== undefined) {
  only = values.only
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (only.length === 0) usageError('--only: give one or more tenant slugs, comma-separated');
}

const client = createS3Client({ endpoint: values.endpoint, region: values.region });
try {
  const result = await publishDist(client, {
    out: values.out,
    bucket: values.bucket,
    prefix: values.prefix,
    only,
    dryRun: values['dry-run'] ?? false,
    concurrency,
    onTenant: (s) => (s.status === 'failed' ? console.error : console.log)(formatTenantLine(s)),
  });
  const n = (status: string): number => result.tenants.filter((s) => s.status === status).length;
  const uploaded = result.tenants.reduce((sum, s) => sum + s.uploaded_bytes, 0);
  const dry = values['dry-run'] ?? false;
  console.log(
    `${dry ? `Dry run: ${n('dry-run')} checked` : `${n('published')} published`}, ${n('held')} held, ${n('skipped')} skipped, ${n('failed')} failed; ${(uploaded / 1e6).toFixed(2)} MB ${dry ? 'to upload' : 'uploaded'}.`,
  );
  process.exitCode = result.ok ? 0 : 1;
} catch (err) {
  if (err instanceof PublishSetupError) {
    console.error(`publish: ${err.message}`);
    process.exitCode = 2;
  } else throw err;
} finally {
  client.destroy();
}
