import type { OpeningHour } from '../schemas/location.ts';

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export interface HoursLine {
  days: string;
  hours: string;
}

/** "08:30" -> "8:30am", "17:00" -> "5:00pm". */
export function formatTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const suffix = h >= 12 ? 'pm' : 'am';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')}${suffix}`;
}

function describe(entry: OpeningHour | undefined, byAppointment: boolean): string {
  if (!entry || entry.status === 'Closed' || !entry.open || !entry.close)
    return entry?.formated_hours && entry.status !== 'Closed' ? entry.formated_hours : byAppointment ? 'By appointment only' : 'Closed';
  return entry.formated_hours ?? `${formatTime(entry.open)} - ${formatTime(entry.close)}`;
}

/**
 * Opening hours as shown: Monday to Friday on one line when all five are equal, otherwise one line
 * per weekday; Saturday and Sunday always separate. Closed days read "By appointment only" where
 * the tenant configures it.
 */
export function groupOpeningHours(entries: readonly OpeningHour[], byAppointment = false): HoursLine[] {
  const byDay = new Map(entries.map((e) => [e.weekday, e]));
  const weekdays = [1, 2, 3, 4, 5].map((d) => describe(byDay.get(d), byAppointment));
  const lines: HoursLine[] = weekdays.every((h) => h === weekdays[0])
    ? [{ days: 'Monday - Friday', hours: weekdays[0] ?? 'Closed' }]
    : weekdays.map((hours, i) => ({ days: DAY_NAMES[i + 1] ?? '', hours }));
  lines.push({ days: 'Saturday', hours: describe(byDay.get(6), byAppointment) });
  lines.push({ days: 'Sunday', hours: describe(byDay.get(0), byAppointment) });
  return lines;
}
