/**
 * The promotional popup is shown until it is closed or its expiry date has passed. `expires` is a
 * date (YYYY-MM-DD, the popup shows through that whole day in Australia/Brisbane) or a full ISO time.
 */
export function popupVisible(expires: string | undefined, nowMs: number, closed: boolean): boolean {
  if (closed) return false;
  if (!expires) return true;
  const end = /^\d{4}-\d{2}-\d{2}$/.test(expires) ? Date.parse(`${expires}T23:59:59+10:00`) : Date.parse(expires);
  return Number.isNaN(end) || nowMs <= end;
}
