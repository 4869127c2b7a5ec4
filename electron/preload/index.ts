import { contextBridge, ipcRenderer } from 'electron';
import type { Bridge, SocketStatus } from '../../shared/bridge.ts';
import type { HttpAnswer, HttpMessage, IpcEvent } from '../../shared/ipc.ts';

/**
 * The desktop implementation of shared/bridge.ts, exposed to pages as `window.qpaasBridge`. Pages get these
 * functions only — no ipcRenderer, no Node — and the main process validates every call (shared/ipc.ts).
 */
function subscribe<T>(event: IpcEvent, handler: (payload: T) => void): () => void {
  const listener = (_event: Electron.IpcRendererEvent, payload: T) => handler(payload);
  ipcRenderer.on(event, listener);
  return () => ipcRenderer.removeListener(event, listener);
}

let status: SocketStatus = 0;
subscribe<SocketStatus>('push:status', (next) => (status = next));

const bridge: Bridge & {
  fetch(request: HttpMessage): Promise<HttpAnswer>;
  outbox: { list(): Promise<unknown>; resolve(id: number, action: 'discard' | 'retry'): Promise<unknown>; onChange(h: (s: unknown) => void): () => void };
  onOffline(handler: (offline: boolean) => void): () => void;
  devices: {
    list(): Promise<unknown>;
    save(config: unknown): Promise<unknown>;
    remove(id: string): Promise<unknown>;
    start(id: string): Promise<unknown>;
    stop(id: string): Promise<unknown>;
    latest(id: string, filter?: string): Promise<unknown>;
    onValue(handler: (value: unknown) => void): () => void;
    onStatus(handler: (status: unknown) => void): () => void;
  };
} = {
  kind: 'desktop',
  openWindow: (url) => void ipcRenderer.invoke('window:open', { url }),
  openExternal: (url) => void ipcRenderer.invoke('shell:openExternal', { url }),
  notify: (title, body, url) => void ipcRenderer.invoke('notify', url ? { title, body, url } : { title, body }),
  push: {
    connect: (config) => void ipcRenderer.invoke('push:connect', config),
    disconnect: () => void ipcRenderer.invoke('push:disconnect', {}),
    onMessage: (handler) => subscribe('push:message', handler),
    onStatus: (handler) => subscribe<SocketStatus>('push:status', handler),
    status: () => status,
  },
  fetch: (request) => ipcRenderer.invoke('http:fetch', request),
  outbox: {
    list: () => ipcRenderer.invoke('outbox:list', {}),
    resolve: (id, action) => ipcRenderer.invoke('outbox:resolve', { id, action }),
    onChange: (handler) => subscribe('outbox:changed', handler),
  },
  onOffline: (handler) => subscribe<boolean>('offline:changed', handler),
  devices: {
    list: () => ipcRenderer.invoke('devices:list', {}),
    save: (config) => ipcRenderer.invoke('devices:save', { config }),
    remove: (id) => ipcRenderer.invoke('devices:remove', { id }),
    start: (id) => ipcRenderer.invoke('devices:start', { id }),
    stop: (id) => ipcRenderer.invoke('devices:stop', { id }),
    latest: (id, filter) => ipcRenderer.invoke('devices:latest', filter ? { id, filter } : { id }),
    onValue: (handler) => subscribe('devices:value', handler),
    onStatus: (handler) => subscribe('devices:status', handler),
  },
};

contextBridge.exposeInMainWorld('qpaasBridge', bridge);
