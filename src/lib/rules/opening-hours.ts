import type { OpeningHour, SpecialHours } from '../schemas/location.ts';

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

/** One holiday line for the holiday-hours dialog. */
export interface SpecialHoursLine {
  date: string;
  /** "Friday 25 December 2026" */
  label: string;
  name?: string | undefined;
  hours: string;
}

const holidayDate = new Intl.DateTimeFormat('en-AU', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Start and end of a special-hours entry, whichever way it was given (start/end or nested hours). */
function specialTimes(entry: SpecialHours): [string, string] | undefined {
  const begin = entry.hours?.begin ?? entry.start_hour;
  const end = entry.hours?.end ?? entry.end_hour;
  return begin && end ? [begin, end] : undefined;
}

/** Entries dated today (YYYY-MM-DD) or later, by date. */
function upcoming(entries: readonly SpecialHours[], today: string): SpecialHours[] {
  return entries.filter((e) => e.date >= today).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** Holiday hours from today on, by date: Closed, the opening times, or "Open" when no times are given. */
export function specialHoursLines(entries: readonly SpecialHours[], today: string): SpecialHoursLine[] {
  return upcoming(entries, today).map((e) => {
    const times = specialTimes(e);
    const hours = e.status === 'Closed' ? 'Closed' : times ? `${formatTime(times[0])} - ${formatTime(times[1])}` : 'Open';
    return { date: e.date, label: holidayDate.format(new Date(`${e.date}T00:00:00Z`)).replace(',', ''), name: e.name, hours };
  });
}

/** "8:30" -> "08:30" (schema.org wants hh:mm). */
function hhmm(t: string): string {
  const [h = '0', m = '00'] = t.split(':');
  return `${h.padStart(2, '0')}:${m}`;
}

export interface OpeningHoursSpecification {
  '@type': 'OpeningHoursSpecification';
  dayOfWeek?: string;
  opens: string;
  closes: string;
  validFrom?: string;
  validThrough?: string;
}

/** schema.org openingHoursSpecification for the days a location opens (closed days are left out), Monday first. */
export function openingHoursSpecification(entries: readonly OpeningHour[]): OpeningHoursSpecification[] {
  return [...entries]
    .filter((e) => e.status !== 'Closed' && e.open && e.close)
    .sort((a, b) => ((a.weekday + 6) % 7) - ((b.weekday + 6) % 7))
    .map((e) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${DAY_NAMES[e.weekday]}`,
      opens: hhmm(e.open ?? ''),
      closes: hhmm(e.close ?? ''),
    }));
}

/** schema.org specialOpeningHoursSpecification: a closed day opens and closes at 00:00. */
export function specialOpeningHoursSpecification(entries: readonly SpecialHours[], today: string): OpeningHoursSpecification[] {
  return upcoming(entries, today).map((e) => {
    const times = e.status === 'Closed' ? undefined : specialTimes(e);
    return {
      '@type': 'OpeningHoursSpecification',
      opens: times ? hhmm(times[0]) : '00:00',
      closes: times ? hhmm(times[1]) : '00:00',
      validFrom: e.date,
      validThrough: e.date,
    };
  });
}
