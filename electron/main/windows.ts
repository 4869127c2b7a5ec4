import path from 'node:path';
import { BrowserWindow, shell, type WebContents } from 'electron';
import { mayOpenWindow, navigationDecision } from './services/nav-policy.ts';
import { loadWindowState, saveWindowState } from './services/window-state.ts';

/** The renderer is loaded from the app itself (app://), so pages open even when the server is unreachable. */
export const APP_ORIGIN = 'app://renderer';

function secureWebPreferences(preload: string) {
  return { preload, contextIsolation: true, nodeIntegration: false, sandbox: true, webSecurity: true, spellcheck: false };
}

/** Navigation limited to the app's own pages; http(s) links go to the OS browser; new windows for app pages. */
function guard(contents: WebContents, preload: string): void {
  contents.on('will-navigate', (event, url) => {
    const decision = navigationDecision(url, APP_ORIGIN);
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'external') void shell.openExternal(url);
  });
  contents.setWindowOpenHandler(({ url }) => {
    if (mayOpenWindow(url, APP_ORIGIN)) {
      return { action: 'allow', overrideBrowserWindowOptions: { webPreferences: secureWebPreferences(preload) } };
    }
    if (navigationDecision(url, APP_ORIGIN) === 'external') void shell.openExternal(url);
    return { action: 'deny' };
  });
}

export function createMainWindow(options: { preload: string; stateFile: string; closeToTray: () => boolean; quitting: () => boolean }) {
  const state = loadWindowState(options.stateFile);
  const window = new BrowserWindow({
    x: state.x,
    y: state.y,
    width: state.width,
    height: state.height,
    minWidth: 800,
    minHeight: 560,
    show: false,
    webPreferences: secureWebPreferences(options.preload),
  });
  if (state.maximized) window.maximize();
  guard(window.webContents, options.preload);
  window.once('ready-to-show', () => window.show());
  const remember = () => {
    if (window.isDestroyed() || window.isMinimized()) return;
    saveWindowState(options.stateFile, { ...window.getNormalBounds(), maximized: window.isMaximized() });
  };
  window.on('resized', remember);
  window.on('moved', remember);
  window.on('close', (event) => {
    remember();
    if (options.closeToTray() && !options.quitting()) {
      event.preventDefault();
      window.hide();
    }
  });
  void window.loadURL(`${APP_ORIGIN}/`);
  return window;
}

/** A page marked "always open in a new window". */
export function openPageWindow(url: string, preload: string): void {
  if (!mayOpenWindow(url, APP_ORIGIN)) return;
  const window = new BrowserWindow({ width: 1280, height: 800, webPreferences: secureWebPreferences(preload) });
  guard(window.webContents, preload);
  void window.loadURL(url);
}

export const preloadPath = (dirname: string) => path.join(dirname, '../preload/index.js');
