/**
 * The bucket options every fleet command takes (build, sites, summary), read the same way: an empty
 * value is "not set", which is how the nightly workflow passes a repository variable left empty
 * (S3_ENDPOINT empty means AWS S3; AWS_REGION empty means the SDK's default chain).
 */
import { UsageError, intFlag } from '../cli.ts';
import { createS3Client, describeTarget, probeRegion, type S3Options } from './bucket.ts';
import { DEFAULT_RELEASES_KEPT, MAX_RELEASES_KEPT } from './layout.ts';
import { normalisePrefix, PublishSetupError } from './publish.ts';
import type { FleetTarget } from '../fleet/night.ts';

export const TARGET_OPTIONS = {
  bucket: { type: 'string' },
  prefix: { type: 'string' },
  endpoint: { type: 'string' },
  region: { type: 'string' },
  releases: { type: 'string' },
} as const;

export const TARGET_USAGE = `  --bucket <name>           publish to this bucket (S3 API); empty or absent: build only
  --prefix <folder/>        folder in the bucket for all tenants (default: its root)
  --endpoint <url>          an S3-compatible endpoint (R2, MinIO); empty or absent: AWS S3
  --region <name>           e.g. ap-southeast-2; empty or absent: AWS_REGION, else us-east-1
                            (AWS answers a request to the wrong region with a redirect, which is followed)
  --releases <n>            releases kept per tenant in the bucket, 2 to ${MAX_RELEASES_KEPT} (default ${DEFAULT_RELEASES_KEPT})`;

const set = (v: string | undefined): string | undefined => (v === undefined || v.trim() === '' ? undefined : v.trim());

/** The fleet target from the flags, or undefined without a bucket. Usage errors name the flag. */
export function targetFromFlags(flags: {
  bucket?: string | undefined;
  prefix?: string | undefined;
  endpoint?: string | undefined;
  region?: string | undefined;
  releases?: string | undefined;
}): FleetTarget | undefined {
  const bucket = set(flags.bucket);
  if (!bucket) return undefined;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new UsageError(`--bucket ${JSON.stringify(bucket)}: not a valid bucket name`);
  const endpoint = set(flags.endpoint);
  if (endpoint !== undefined && !/^https?:\/\/[^\s/]+/.test(endpoint)) throw new UsageError(`--endpoint ${JSON.stringify(endpoint)}: not an http(s) URL`);
  const region = set(flags.region);
  if (region !== undefined && !/^[a-z0-9-]+$/.test(region)) throw new UsageError(`--region ${JSON.stringify(region)}: not a region name`);
  let prefix: string;
  try {
    prefix = normalisePrefix(flags.prefix);
  } catch (err) {
    if (err instanceof PublishSetupError) throw new UsageError(err.message);
    throw err;
  }
  const releasesKept = intFlag('releases', set(flags.releases), DEFAULT_RELEASES_KEPT, 2, MAX_RELEASES_KEPT);
  const options: S3Options = { endpoint, region };
  return {
    client: createS3Client(options),
    options,
    bucket,
    prefix,
    releasesKept,
    label: `s3://${bucket}/${prefix} on ${describeTarget(options).label}`,
  };
}

/**
 * On AWS, switches the target to its bucket's own region when the configured one is wrong (probeRegion),
 * and returns a line saying so; undefined when nothing changed.
 */
export async function settleRegion(target: FleetTarget): Promise<string | undefined> {
  const actual = await probeRegion(target.options, target.bucket, target.prefix);
  if (!actual) return undefined;
  const configured = describeTarget(target.options).region;
  target.client.destroy();
  target.options = { ...target.options, region: actual };
  target.client = createS3Client(target.options);
  target.label = `s3://${target.bucket}/${target.prefix} on ${describeTarget(target.options).label}`;
  return `the bucket ${target.bucket} is in ${actual}, not ${configured}: using ${actual} (set the AWS_REGION variable to ${actual} to skip this check's redirect)`;
}
