/**
 * When a tenant's photos at web addresses are checked with their servers (a conditional GET with the
 * ETag / Last-Modified they came with: a 304 costs no download), so a dealer who replaces a photo at
 * the same address gets it on the site within a week even when nothing else about the tenant changes.
 *
 * Each tenant has one check day a week, from a hash of its slug, so the fleet's checks spread evenly
 * over the nights (a seventh of the tenants a night) and a tenant is rebuilt for its photos at most once
 * a week: its published build stays current only until its next check day (its valid_until is capped),
 * and that night's build checks every photo not checked that day. A photo whose bytes changed gets a new
 * content key, so only the pages that show it change (the incremental render rebuilds those cars).
 */
import { createHash } from 'node:crypto';

const DAY_MS = 86_400_000;

/** The tenant's weekday (0-6, days since 1970-01-01 modulo 7) for checking its photos. */
export function photoCheckSlot(slug: string): number {
  return createHash('sha256').update(`photos ${slug}`).digest().readUInt32BE(0) % 7;
}

const dayNumber = (day: string): number => Math.floor(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) / DAY_MS);
const dayString = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** True on the tenant's check day. `day` is the build's day, YYYY-MM-DD. */
export function isPhotoCheckDay(slug: string, day: string): boolean {
  return dayNumber(day) % 7 === photoCheckSlot(slug);
}

/** The tenant's next check day after `day` (1 to 7 days later). */
export function nextPhotoCheckDay(slug: string, day: string): string {
  const today = dayNumber(day);
  const ahead = (photoCheckSlot(slug) - (today % 7) + 7) % 7 || 7;
  return dayString(today + ahead);
}

/**
 * How old a photo's last check may be before this build asks its server again: on the check day, any
 * check from an earlier day; on other days (a build for another reason), only checks a week old.
 */
export function revalidateDaysFor(slug: string, day: string): number {
  return isPhotoCheckDay(slug, day) ? 1 : 7;
}

/** The earlier of two YYYY-MM-DD days. */
export function earlierDay(a: string, b: string): string {
  return a <= b ? a : b;
}
