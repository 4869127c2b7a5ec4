import type { Bridge, PushChannel } from '../../shared/bridge.ts';
import { BrowserPushChannel } from './socket.ts';

export interface BrowserBridgeOptions {
  /** Injectable for tests; default window.open. */
  open?: (url: string, target: string, features: string) => unknown;
  /** Injectable for tests; default the global Notification (absent in some browsers and in insecure contexts). */
  notification?: NotificationApi | null;
  push?: PushChannel;
}

/** The static side of the Notification API used here. */
export interface NotificationApi {
  readonly permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  new (title: string, options?: NotificationOptions): { onclick: ((event: Event) => void) | null };
}

/** The web implementation of the host bridge (shared/bridge.ts); the desktop one lives in the Electron preload. */
export function createBrowserBridge(options: BrowserBridgeOptions = {}): Bridge {
  const open = options.open ?? ((url, target, features) => globalThis.window.open(url, target, features));
  const api: NotificationApi | null =
    options.notification !== undefined ? options.notification : ((globalThis as { Notification?: NotificationApi }).Notification ?? null);
  // Ask once per page: browsers penalise sites that ask repeatedly, and a refusal is final anyway.
  let asked: Promise<NotificationPermission> | null = null;

  function permitted(): Promise<boolean> {
    if (!api) return Promise.resolve(false);
    if (api.permission === 'granted') return Promise.resolve(true);
    if (api.permission === 'denied') return Promise.resolve(false);
    asked ??= api.requestPermission().catch(() => 'denied' as const);
    return asked.then((permission) => permission === 'granted');
  }

  return {
    kind: 'browser',
    // noopener: the new page cannot reach back into this one through window.opener.
    openWindow: (url) => void open(url, '_blank', 'noopener'),
    openExternal: (url) => void open(url, '_blank', 'noopener,noreferrer'),
    push: options.push ?? new BrowserPushChannel(),
    notify(title, body, url) {
      void permitted().then((granted) => {
        if (!granted || !api) return;
        let notification: InstanceType<NotificationApi>;
        try {
          notification = new api(title, { body });
        } catch {
          return; // Some browsers (Chrome on Android) only allow notifications from a service worker.
        }
        if (url) {
          notification.onclick = () => {
            globalThis.window.focus();
            void open(url, '_blank', 'noopener');
          };
        }
      });
    },
  };
}
