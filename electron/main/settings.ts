import fs from 'node:fs';
import path from 'node:path';
import { UPDATE_FEED_PATH } from '../../shared/api/console-access.ts';

/** What a shop-floor PC is configured with (userData/settings.json; QPAAS_SERVER_URL overrides the server). */
export interface DesktopSettings {
  serverUrl: string;
  /** Closing the window hides it to the tray instead of quitting. */
  closeToTray: boolean;
  /** electron-updater's generic feed; unset → the server's own feed (updateFeedOf). */
  updateFeed: string | null;
}

const DEFAULTS: DesktopSettings = { serverUrl: 'http://localhost:8012', closeToTray: true, updateFeed: null };

function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The feed electron-updater reads: the configured one, else the server's own — the operator publishes desktop
 * releases under /sysop/apkconfig and the server serves their latest.yml (decision 0083).
 */
export function updateFeedOf(settings: DesktopSettings): string {
  return settings.updateFeed ?? `${settings.serverUrl}${UPDATE_FEED_PATH}`;
}

export function loadSettings(userData: string, env: NodeJS.ProcessEnv = process.env): DesktopSettings {
  let stored: Partial<DesktopSettings> = {};
  try {
    stored = JSON.parse(fs.readFileSync(path.join(userData, 'settings.json'), 'utf8')) as Partial<DesktopSettings>;
  } catch {
    // First start or a damaged file: defaults.
  }
  return {
    serverUrl: httpUrl(env.QPAAS_SERVER_URL) ?? httpUrl(stored.serverUrl) ?? DEFAULTS.serverUrl,
    closeToTray: typeof stored.closeToTray === 'boolean' ? stored.closeToTray : DEFAULTS.closeToTray,
    updateFeed: httpUrl(env.QPAAS_UPDATE_FEED) ?? httpUrl(stored.updateFeed) ?? DEFAULTS.updateFeed,
  };
}
