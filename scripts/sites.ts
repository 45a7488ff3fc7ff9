/**
 * Staff: the published sites in the bucket (docs/publishing.md). See USAGE.
 * Credentials come from the environment only, as for the publish.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError, parseCliWithPositionals, runCli } from './lib/cli.ts';
import { serveBucket } from './lib/publish/bucket-host.ts';
import { describeError } from './lib/publish/bucket.ts';
import { POINTER_TTL_SECONDS } from './lib/publish/layout.ts';
import { bucketTenants, listReleases, removeTenant, rollbackTenant } from './lib/publish/releases.ts';
import { settleRegion, TARGET_OPTIONS, TARGET_USAGE, targetFromFlags } from './lib/publish/target.ts';

const USAGE = `
Usage: npm run sites -- <command> --bucket <name> [options]
       npm run sites:rollback -- --tenant <slug> [--to <release>] --bucket <name> [options]

Commands:
  releases --tenant <slug>          the tenant's kept releases: the live one, those a rollback can go to
  rollback --tenant <slug> [--to <release>]
                                    make an earlier release live again (default: the one live before);
                                    one request, served by the hosts within ${POINTER_TTL_SECONDS} s. The release rolled
                                    back from is not made live again by the nightly run (--accept does)
  list [--tenants <dir>]            the tenants the bucket holds, and those with no folder in --tenants
  remove --tenant <slug> [--yes]    delete a retired tenant's site, releases and history from the bucket;
                                    refused while its folder is in --tenants; without --yes, says what
                                    it would delete
  serve --tenant <slug> [--port N]  serve the tenant's live release from the bucket (the reference host)

Options:
${TARGET_USAGE}
  --tenants <dir>           the tenant folders (default: tenants/)
  -h, --help                show this help

Bucket options default to the environment the nightly workflow sets: SITE_BUCKET, SITE_PREFIX,
S3_ENDPOINT and AWS_REGION. Exit code: 0 done, 1 the bucket refused or the command could not be done
(the message says why), 2 a usage error.
`;

const COMMANDS = ['releases', 'rollback', 'list', 'remove', 'serve'] as const;
const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

async function main(): Promise<number> {
  const { values: flags, positionals } = parseCliWithPositionals(USAGE, {
    ...TARGET_OPTIONS,
    tenant: { type: 'string' },
    to: { type: 'string' },
    tenants: { type: 'string' },
    yes: { type: 'boolean' },
    port: { type: 'string' },
  });
  const [command, ...rest] = positionals;
  if (!command || !(COMMANDS as readonly string[]).includes(command)) throw new UsageError(`give a command: ${COMMANDS.join(', ')}`);
  if (rest.length) throw new UsageError(`unexpected argument "${rest[0]}"`);
  const env = process.env;
  const target = targetFromFlags({
    bucket: flags.bucket ?? env['SITE_BUCKET'],
    prefix: flags.prefix ?? env['SITE_PREFIX'],
    endpoint: flags.endpoint ?? env['S3_ENDPOINT'],
    region: flags.region ?? env['AWS_REGION'],
    releases: flags.releases,
  });
  if (!target) throw new UsageError('--bucket <name> (or SITE_BUCKET) is required');
  const where = { bucket: target.bucket, prefix: target.prefix };
  const tenant = flags.tenant?.trim();
  const needTenant = (): string => {
    if (!tenant) throw new UsageError(`${command} needs --tenant <slug>`);
    if (!SLUG.test(tenant)) throw new UsageError(`--tenant ${JSON.stringify(tenant)}: not a tenant slug`);
    return tenant;
  };
  const tenantsDir = resolve(flags.tenants ?? 'tenants');
  try {
    const note = await settleRegion(target);
    if (note) console.log(`note: ${note}`);
    switch (command) {
      case 'releases': {
        const slug = needTenant();
        const { rows } = await listReleases(target.client, where, slug);
        if (rows.length === 0) console.log(`${slug}: no release in ${target.label}`);
        for (const r of rows)
          console.log(
            `${r.live ? 'live ' : '     '}${r.release}  slot ${r.slot}  ${r.state.padEnd(8)}  ${String(r.info.listed ?? '?').padStart(5)} cars  built ${r.info.built_day ?? '?'}  ${
              r.live ? `live since ${r.live_from ?? '?'}` : `live until ${r.live_until ?? 'never'}`
            }`,
          );
        return 0;
      }
      case 'rollback': {
        const slug = needTenant();
        const r = await rollbackTenant(target.client, where, slug, { to: flags.to?.trim() || undefined });
        console.log(
          `[${slug}] rolled back from release ${r.from.release} (${r.from.info.listed ?? '?'} cars, built ${r.from.info.built_day ?? '?'}) to ${r.to.release} (${r.to.info.listed ?? '?'} cars, built ${r.to.info.built_day ?? '?'}) in ${r.seconds.toFixed(2)} s; hosts serve it within ${POINTER_TTL_SECONDS} s. The nightly run will not make ${r.from.release} live again; a changed build publishes as usual.`,
        );
        return 0;
      }
      case 'list': {
        const inBucket = await bucketTenants(target.client, where);
        for (const slug of inBucket) {
          const folder = existsSync(join(tenantsDir, slug));
          console.log(
            `${slug}\t${folder ? 'configured' : `no folder in ${tenantsDir}: retired? remove its site with: npm run sites -- remove --tenant ${slug} --yes`}`,
          );
        }
        console.log(`${inBucket.length} tenant(s) in ${target.label}`);
        return 0;
      }
      case 'remove': {
        const slug = needTenant();
        // The guard: a configured dealer is never removed by a typo; its folder goes first (and git keeps it).
        if (existsSync(join(tenantsDir, slug)))
          throw new Error(`${slug} is still configured (${join(tenantsDir, slug)} exists): remove its folder first, then remove its site`);
        const dry = flags.yes !== true;
        const r = await removeTenant(target.client, where, slug, { dryRun: dry });
        if (r.objects === 0) console.log(`${slug}: nothing in ${target.label}`);
        else if (dry) console.log(`${slug}: would delete ${r.objects} object(s), ${(r.bytes / 1e6).toFixed(1)} MB; run again with --yes to delete them`);
        else console.log(`${slug}: deleted ${r.objects} object(s), ${(r.bytes / 1e6).toFixed(1)} MB: its site is gone from the bucket`);
        return 0;
      }
      case 'serve': {
        const slug = needTenant();
        const port = flags.port === undefined ? 4322 : Number(flags.port);
        if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port ${JSON.stringify(flags.port)}: a port number`);
        const server = await serveBucket({ client: target.client, bucket: target.bucket, prefix: target.prefix, tenantFor: () => slug, port });
        console.log(`Serving ${slug}'s live release from ${target.label} at ${server.url} (Ctrl-C to stop)`);
        await new Promise(() => undefined);
        return 0;
      }
    }
  } catch (err) {
    if (err instanceof UsageError) throw err;
    console.error(`sites ${command}: ${err instanceof Error && !('$metadata' in err) ? err.message : describeError(err)}`);
    return 1;
  } finally {
    if (command !== 'serve') target.client.destroy();
  }
  return 2;
}

await runCli(main);
