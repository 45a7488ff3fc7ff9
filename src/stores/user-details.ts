/** Stored user details (name, last_name, email, phone, postcode) that pre-fill the next form. */
import { storableUserDetails } from '../lib/forms/payload.ts';
import type { FormValues } from '../lib/forms/validation.ts';
import { persistedAtom, isRecord } from './persisted.ts';

export type UserDetails = NonNullable<ReturnType<typeof storableUserDetails>>;

export const $userDetails = persistedAtom<UserDetails | null>(
  'dealer:user-details',
  null,
  (v): v is UserDetails | null => v === null || (isRecord(v) && typeof v['name'] === 'string'),
);

/** Spec: stored only when name, email and phone are all present. */
export function rememberUserDetails(values: FormValues): void {
  const details = storableUserDetails(values);
  if (details) $userDetails.set(details);
}

/** The last successful lead's category and car, read by /success. */
export const $lastLead = persistedAtom<{ category: string; car?: { name: string; slug: string } | undefined } | null>(
  'dealer:last-lead',
  null,
  (v): v is { category: string } | null => v === null || (isRecord(v) && typeof v['category'] === 'string'),
);
