/**
 * Whether a file named inside a tenant's folder really is inside it (issue 27): its real path,
 * symlinks resolved, must be inside the folder's real path. A symlink in a dealer's folder that
 * leads to a file of the build machine is refused, not read.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';

export const OUTSIDE_TENANT = 'refused: it is a symlink to a file outside the tenant folder';

/** The real path of a file named inside the tenant folder, or why it is refused. */
export function realPathInside(abs: string, tenantDir: string): { ok: true; real: string } | { ok: false; reason: string } {
  let root: string;
  let real: string;
  try {
    root = realpathSync(tenantDir);
  } catch {
    return { ok: false, reason: 'the tenant folder does not exist' };
  }
  try {
    real = realpathSync(abs);
  } catch {
    return { ok: false, reason: 'file not found' };
  }
  const rel = path.relative(root, real);
  if (rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return { ok: false, reason: OUTSIDE_TENANT };
  return { ok: true, real };
}
