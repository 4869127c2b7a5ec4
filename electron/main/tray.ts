import { Menu, Notification, Tray, app, nativeImage, type BrowserWindow } from 'electron';
import type { TrayFeed } from './services/main-push.ts';

/** Tray icon with the unread count, and system notifications that open the right page when clicked. */
export function createTray(icon: string, show: () => BrowserWindow, openUrl: (url: string) => void): TrayFeed {
  const tray = new Tray(nativeImage.createFromPath(icon));
  const menu = (unread: number) =>
    Menu.buildFromTemplate([
      { label: unread > 0 ? `QPaaS (${unread})` : 'QPaaS', click: () => show() },
      { type: 'separator' },
      { role: 'quit' },
    ]);
  tray.setToolTip('QPaaS');
  tray.setContextMenu(menu(0));
  tray.on('click', () => show());
  return {
    setUnread(count) {
      tray.setToolTip(count > 0 ? `QPaaS (${count})` : 'QPaaS');
      tray.setContextMenu(menu(count));
      app.setBadgeCount(count);
    },
    notify(title, body, url) {
      if (!Notification.isSupported()) return;
      const notice = new Notification({ title, body });
      notice.on('click', () => {
        show();
        if (url) openUrl(url);
      });
      notice.show();
    },
  };
}
