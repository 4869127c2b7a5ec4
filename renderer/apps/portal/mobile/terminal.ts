import type { Terminal } from '../../../../shared/portal/model.ts';

/** The two terminals a phone's home shows (the web terminal's portals are the workbench's). */
export type MobileTerminal = Extract<Terminal, 'app' | 'applet'>;

/** `?terminal=applet` is the applet terminal; anything else (absent, repeated, unknown) the app terminal. */
export const mobileTerminal = (value: unknown): MobileTerminal => (value === 'applet' ? 'applet' : 'app');

/** The home's query for a terminal and, optionally, one of its portals (the app terminal needs no parameter). */
export function homeQuery(terminal: MobileTerminal, portal?: string): string {
  const query = new URLSearchParams();
  if (terminal === 'applet') query.set('terminal', 'applet');
  if (portal) query.set('portal', portal);
  const text = query.toString();
  return text ? `?${text}` : '';
}
