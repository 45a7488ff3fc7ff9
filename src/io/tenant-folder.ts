/**
 * Reads a tenant folder's tenant.json; validating and resolving it is src/lib/tenant/load-tenant.ts
 * (pure). File reading lives here, not in src/lib/ (src/io/README.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { TenantConfigMissing, TenantConfigUnreadable, TenantInputOutside, dealerError } from '../lib/errors/errors-data.ts';
import { OUTSIDE_TENANT, realPathInside } from './tenant-path.ts';
import { readTenantConfig, resolveTenant, type Tenant } from '../lib/tenant/load-tenant.ts';

/** Reads, validates and resolves tenants/<slug>/tenant.json. Errors name the tenant, file and field. */
export function loadTenant(dir: string): Tenant {
  return loadTenantWithWarnings(dir).tenant;
}

/** loadTenant, plus the config's warnings (unknown fields, each with a did-you-mean). */
export function loadTenantWithWarnings(dir: string): { tenant: Tenant; warnings: string[] } {
  const name = basename(dir);
  const file = join(dir, 'tenant.json');
  if (!existsSync(file)) throw dealerError(TenantConfigMissing, name, file);
  // A tenant.json that is a symlink out of the folder is not read (issue 27).
  const inside = realPathInside(file, dir);
  if (!inside.ok && inside.reason === OUTSIDE_TENANT) throw dealerError(TenantInputOutside, name, 'tenant.json');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw dealerError(TenantConfigUnreadable, name, file, (err as Error).message);
  }
  const { config, warnings } = readTenantConfig(raw, name, file);
  return { tenant: resolveTenant(config, dir), warnings };
}
