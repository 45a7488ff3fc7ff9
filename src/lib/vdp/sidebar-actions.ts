/**
 * The vehicle page sidebar's buying actions in order (issue 26): at most three primary actions lead
 * (Call and Enquire, then the car's strongest next step: reserve, else a quote where the car shows no
 * price, else a test drive); the other buying actions follow as smaller links. Share, print, PDF, save,
 * favourite and compare are the row of icon buttons below (not decided here: they are always offered).
 * Pure: the page model calls it once; VdpSidebar renders the ids.
 */
import type { VdpActions } from '../rules/vdp-actions.ts';

export type SidebarAction = 'call' | 'enquire' | 'reserve' | 'quote' | 'test-drive' | 'trade-in' | 'finance' | 'history-report';

export const MAX_PRIMARY_ACTIONS = 3;

export function sidebarActions(a: VdpActions, hasPhone: boolean): { primary: SidebarAction[]; secondary: SidebarAction[] } {
  if (!a.available) return { primary: [], secondary: [] };
  const lead: SidebarAction[] = [...(hasPhone ? (['call'] as const) : []), 'enquire'];
  const next: SidebarAction[] = [
    ...(a.reserve ? (['reserve'] as const) : []),
    ...(a.quote.sidebar ? (['quote'] as const) : []),
    ...(a.testDrive ? (['test-drive'] as const) : []),
  ];
  const rest: SidebarAction[] = [
    ...(a.tradeIn ? (['trade-in'] as const) : []),
    ...(a.finance ? (['finance'] as const) : []),
    ...(a.historyReport ? (['history-report'] as const) : []),
  ];
  const all = [...lead, ...next, ...rest];
  return { primary: all.slice(0, MAX_PRIMARY_ACTIONS), secondary: all.slice(MAX_PRIMARY_ACTIONS) };
}
