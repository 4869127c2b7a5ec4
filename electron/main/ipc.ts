import { ipcMain, shell, type IpcMainInvokeEvent } from 'electron';
import { IpcInputError, parseIpc, type HttpAnswer, type HttpMessage, type IpcChannel, type IpcPayload } from '../../shared/ipc.ts';
import type { MainPush } from './services/main-push.ts';
import type { DeviceLinks } from './services/mqtt-links.ts';
import { navigationDecision } from './services/nav-policy.ts';

export type { HttpAnswer as HttpAnswerMessage, HttpMessage as HttpRequestMessage } from '../../shared/ipc.ts';

/** What the IPC handlers act on; the glue in index.ts provides it. */
export interface IpcTargets {
  push: MainPush;
  openWindow(url: string): void;
  notify(title: string, body: string, url?: string): void;
  fetch(request: HttpMessage): Promise<HttpAnswer>;
  outboxList(): unknown;
  outboxResolve(id: number, action: 'discard' | 'retry'): unknown;
  devices: DeviceLinks;
  /** Only the app's own windows may call (a frame or a foreign page never). */
  trusted(event: IpcMainInvokeEvent): boolean;
}

type Handlers = { [C in IpcChannel]: (payload: IpcPayload<C>) => unknown };

/** Registers one handler per contract channel; every payload is validated before it is acted on. */
export function registerIpc(targets: IpcTargets): void {
  const handlers: Handlers = {
    'window:open': ({ url }) => targets.openWindow(url),
    'shell:openExternal': ({ url }) => {
      if (navigationDecision(url, 'app://renderer') !== 'external') throw new IpcInputError('not an external web address');
      return shell.openExternal(url);
    },
    'push:connect': (config) => targets.push.channel.connect(config),
    'push:disconnect': () => targets.push.channel.disconnect(),
    'push:status': () => targets.push.channel.status(),
    'push:markRead': () => targets.push.markRead(),
    notify: ({ title, body, url }) => targets.notify(title, body, url),
    'http:fetch': (request) => targets.fetch(request),
    'outbox:list': () => targets.outboxList(),
    'outbox:resolve': ({ id, action }) => targets.outboxResolve(id, action),
    'devices:list': () => targets.devices.links().map((link) => ({ ...link, status: targets.devices.status(link.id) })),
    'devices:save': ({ config }) => targets.devices.saveLink(config),
    'devices:remove': ({ id }) => targets.devices.removeLink(id),
    'devices:start': ({ id }) => targets.devices.start(id),
    'devices:stop': ({ id }) => targets.devices.stop(id),
    'devices:latest': ({ id, filter }) => targets.devices.latest(id, filter),
  };
  for (const channel of Object.keys(handlers) as IpcChannel[]) {
    ipcMain.handle(channel, (event, payload: unknown) => {
      if (!targets.trusted(event)) throw new IpcInputError('untrusted sender');
      const parsed = parseIpc(channel, payload);
      return (handlers[channel] as (p: unknown) => unknown)(parsed.payload);
    });
  }
}
