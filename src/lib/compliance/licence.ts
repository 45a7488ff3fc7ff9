/**
 * Dealer licence numbers, decided from tenant.json: which locations must show one, which lack it, and
 * which of the built pages do not show it.
 */
import { departmentOf, type Department } from '../rules/locations.ts';
import { finding, type Finding } from './findings.ts';
import { LICENCE_LAWS, LicenceNumberMissing, LicenceNumberNotShown, LicenceNumberUnconfirmed } from './rules.ts';

export interface LicensedLocation {
  name: string;
  slug: string;
  visible: boolean;
  location_type: '' | Department;
  location_subtype?: string | undefined;
  dealer_license_number?: string | undefined;
  address: { state?: string | undefined };
}

/** Visible sales (new or used) locations: the places of business the site advertises. */
export function salesLocations<L extends LicensedLocation>(locations: readonly L[]): L[] {
  return locations.filter((l) => l.visible && ['sales', 'used'].includes(departmentOf(l)));
}

/**
 * The licences a page about one car shows: its location's when that is a sales location with a
 * number, else every sales location's that has one.
 */
export function licencesForCar<L extends LicensedLocation & { id: string }>(locations: readonly L[], locationId: string | undefined): L[] {
  const licensed = salesLocations(locations).filter((l) => l.dealer_license_number?.trim());
  const own = licensed.find((l) => l.id === locationId);
  return own ? [own] : licensed;
}

/** "nsw", "New South Wales" -> "NSW"; undefined when not an Australian state or territory. */
export function stateCode(state: string | undefined): string | undefined {
  const s = (state ?? '').trim().toUpperCase().replace(/\./g, '');
  const names: Record<string, string> = {
    'NEW SOUTH WALES': 'NSW',
    VICTORIA: 'VIC',
    QUEENSLAND: 'QLD',
    'SOUTH AUSTRALIA': 'SA',
    'WESTERN AUSTRALIA': 'WA',
    TASMANIA: 'TAS',
    'AUSTRALIAN CAPITAL TERRITORY': 'ACT',
    'NORTHERN TERRITORY': 'NT',
  };
  const code = names[s] ?? s;
  return code in LICENCE_LAWS ? code : undefined;
}

/** Each sales location without a licence number: an error where its state's law asks for it. */
export function licenceNumberFindings(locations: readonly LicensedLocation[]): Finding[] {
  return salesLocations(locations)
    .filter((l) => !l.dealer_license_number?.trim())
    .map((l) => {
      const state = stateCode(l.address.state);
      const law = state ? LICENCE_LAWS[state] : undefined;
      return law?.required === true
        ? finding(LicenceNumberMissing, l.name, l.name, law.state)
        : finding(LicenceNumberUnconfirmed, l.name, l.name, state ?? l.address.state ?? '');
    });
}

/**
 * Each sales location's licence number is on every given page (home page, vehicle pages), identified
 * as a licence: one finding per location, counting the pages that miss it.
 */
export function licenceShownFindings(
  locations: readonly LicensedLocation[],
  pages: readonly { path: string; licences: Map<string, string>; /** Only these locations (slugs) must be on it. */ only?: readonly string[] | undefined }[],
): Finding[] {
  const out: Finding[] = [];
  for (const l of salesLocations(locations)) {
    const number = l.dealer_license_number?.trim();
    if (!number) continue;
    const missing = pages.filter((p) => {
      if (p.only && !p.only.includes(l.slug)) return false;
      const text = p.licences.get(l.slug) ?? '';
      return !(text.includes(number) && /licen[cs]e|LMCT/i.test(text));
    });
    if (missing.length > 0) out.push(finding(LicenceNumberNotShown, l.name, l.name, number, missing.length, missing[0]!.path));
  }
  return out;
}
