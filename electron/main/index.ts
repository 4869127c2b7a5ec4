/**
 * The desktop app's main process: thin glue around plain-Node services (electron/main/services), so that all
 * behaviour worth testing runs under Node. Run with `npm run desktop` where Electron can be installed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BrowserWindow, app, net, powerMonitor, protocol, safeStorage, session } from 'electron';
import { createDesktopHttp } from './desktop-http.ts';
import { proxyApiRequest } from './services/api-proxy.ts';
import { registerIpc } from './ipc.ts';
import { MainPush, createMainPushChannel } from './services/main-push.ts';
import { DeviceLinks, httpRelay } from './services/mqtt-links.ts';
import { openDatabase } from './services/sqlite.ts';
import { contentSecurityPolicy } from './services/nav-policy.ts';
import { loadSettings, updateFeedOf } from './settings.ts';
import { createTray } from './tray.ts';
import { startUpdates } from './updater.ts';
import { APP_ORIGIN, createMainWindow, openPageWindow, preloadPath } from './windows.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const rendererDir = path.join(here, '../renderer');
const log = (message: string) => console.log(`[qpaas] ${message}`);

protocol.registerSchemesAsPrivileged([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

if (!app.requestSingleInstanceLock()) {
  app.quit(); // a second launch: the first instance focuses its window (second-instance below)
} else {
  let quitting = false;
  let mainWindow: BrowserWindow | null = null;
  app.on('before-quit', () => (quitting = true));

  void app.whenReady().then(async () => {
    const userData = app.getPath('userData');
    const settings = loadSettings(userData);
    const preload = preloadPath(here);

    let cookie = '';
    // The renderer's files, with the client-side router's fallback to index.html; `/api/…` links, images and
    // uploads (the forms app's files) go to the server with the session (services/api-proxy.ts).
    protocol.handle('app', async (request) => {
      const proxied = await proxyApiRequest(request, { serverUrl: settings.serverUrl, cookie: () => cookie, fetch: (url, init) => net.fetch(String(url), init) });
      if (proxied) return proxied;
      const pathname = decodeURIComponent(new URL(request.url).pathname);
      const file = path.resolve(rendererDir, `.${pathname}`);
      const inside = file.startsWith(rendererDir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile();
      return net.fetch(pathToFileURL(inside ? file : path.join(rendererDir, 'index.html')).href);
    });
    session.defaultSession.webRequest.onHeadersReceived((details, callback) =>
      callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [contentSecurityPolicy(settings.serverUrl)] } }),
    );

    const refreshCookie = async () => {
      const cookies = await session.defaultSession.cookies.get({ url: settings.serverUrl });
      cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    };
    session.defaultSession.cookies.on('changed', () => void refreshCookie());
    await refreshCookie();

    const show = () => {
      mainWindow ??= createMainWindow({ preload, stateFile: path.join(userData, 'window.json'), closeToTray: () => settings.closeToTray, quitting: () => quitting });
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.show();
      mainWindow.focus();
      return mainWindow;
    };
    const openUrl = (url: string) => void show().loadURL(new URL(url, APP_ORIGIN).href);
    const tray = createTray(path.join(here, '../../resources/tray.png'), show, openUrl);
    const windows = () =>
      BrowserWindow.getAllWindows().map((w) => ({
        send: (channel: 'push:message' | 'push:status', payload: unknown) => w.webContents.send(channel, payload),
        isSeen: () => w.isVisible() && !w.isMinimized(),
      }));
    // A socket waiting out its back-off tries at once when someone looks at a window or the PC wakes (decision 0110).
    const wakeups = (wake: () => void) => {
      app.on('browser-window-focus', wake);
      powerMonitor.on('resume', wake);
      return () => void (app.off('browser-window-focus', wake), powerMonitor.off('resume', wake));
    };
    const push = new MainPush(createMainPushChannel(() => cookie, wakeups), windows, tray, () => 'QPaaS');
    const http = createDesktopHttp({
      serverUrl: settings.serverUrl,
      dataDir: userData,
      fetch: (url, init) => net.fetch(String(url), init),
      cookie: () => cookie,
      onOffline: (offline) => BrowserWindow.getAllWindows().forEach((w) => w.webContents.send('offline:changed', offline)),
      onOutboxChange: (stats) => BrowserWindow.getAllWindows().forEach((w) => w.webContents.send('outbox:changed', stats)),
    });

    const everyWindow = (channel: 'devices:value' | 'devices:status', payload: unknown) =>
      BrowserWindow.getAllWindows().forEach((w) => w.webContents.send(channel, payload));
    const devices = new DeviceLinks({
      db: openDatabase(path.join(userData, 'devices.sqlite')),
      relay: httpRelay(settings.serverUrl, () => ({ cookie, csrf: /(?:^|;\s*)qp_csrf=([^;]+)/.exec(cookie)?.[1] ?? 'web' })),
      secrets: safeStorage.isEncryptionAvailable()
        ? { seal: (text) => safeStorage.encryptString(text).toString('base64'), open: (sealed) => safeStorage.decryptString(Buffer.from(sealed, 'base64')) }
        : undefined,
    });
    devices.onValue((value) => everyWindow('devices:value', value));
    devices.onStatus((status) => everyWindow('devices:status', status));
    app.on('before-quit', () => devices.close());

    registerIpc({
      devices,
      push,
      openWindow: (url) => openPageWindow(new URL(url, APP_ORIGIN).href, preload),
      notify: (title, body, url) => tray.notify(title, body, url),
      fetch: (request) => http.fetch(request),
      outboxList: () => http.outboxList(),
      outboxResolve: (id, action) => http.outboxResolve(id, action),
      trusted: (event) => new URL(event.senderFrame?.url ?? 'about:blank').protocol === 'app:',
    });

    app.on('second-instance', () => show());
    app.on('activate', () => show());
    app.on('browser-window-focus', () => push.markRead());
    show();
    startUpdates(updateFeedOf(settings), log);
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
