/**
 * The promotional popup is shown until it is closed or its expiry has passed. `expiresAt` is the
 * moment it ends, as an ISO time: the build turns a date in content into the end of that day in the
 * tenant's zone (tenant-clock's expiryInstant), so the browser needs no zone of its own.
 */
export function popupVisible(expiresAt: string | undefined, nowMs: number, closed: boolean): boolean {
  if (closed) return false;
  if (!expiresAt) return true;
  const end = Date.parse(expiresAt);
  return Number.isNaN(end) || nowMs <= end;
}
