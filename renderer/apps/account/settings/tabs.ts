/** The personal settings tabs in spec §2.8's order; `?tab=` names one (an unknown or missing name opens the first). */
export const SETTINGS_TABS = ['info', 'security', 'groups', 'hosting', 'subscription', 'developer', 'agent'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export function settingsTab(query: string | string[] | undefined): SettingsTab {
  const wanted = [query].flat()[0];
  return SETTINGS_TABS.find((tab) => tab === wanted) ?? 'info';
}
