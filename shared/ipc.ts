import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/**
 * The desktop IPC contract between the preload (renderer side) and the main process. Every message the main
 * process receives is checked against its schema here before anything acts on it: a compromised page can
 * send only these shapes.
 */
const Url = Type.String({ minLength: 1, maxLength: 2048 });
const Strict = <T extends Record<string, TSchema>>(p: T) => Type.Object(p, { additionalProperties: false });

export const IPC_INVOKE = {
  'window:open': Strict({ url: Url }),
  'shell:openExternal': Strict({ url: Url }),
  'push:connect': Strict({
    socketDomain: Url,
    uid: Type.String({ pattern: '^[0-9]{1,18}$' }),
    loginIp: Type.String({ maxLength: 64 }),
  }),
  'push:disconnect': Strict({}),
  'push:status': Strict({}),
  'push:markRead': Strict({}),
  notify: Strict({
    title: Type.String({ minLength: 1, maxLength: 200 }),
    body: Type.String({ maxLength: 2000 }),
    url: Type.Optional(Url),
  }),
  'http:fetch': Strict({
    method: Type.Union([Type.Literal('GET'), Type.Literal('POST'), Type.Literal('PUT'), Type.Literal('PATCH'), Type.Literal('DELETE')]),
    url: Url,
    headers: Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 4096 })),
    body: Type.Optional(Type.String({ maxLength: 1024 * 1024 })),
  }),
  'outbox:list': Strict({}),
  'outbox:resolve': Strict({
    id: Type.Integer({ minimum: 1 }),
    action: Type.Union([Type.Literal('discard'), Type.Literal('retry')]),
  }),
  'devices:list': Strict({}),
  'devices:save': Strict({
    config: Type.Object(
      {
        id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' }),
        name: Type.String({ minLength: 1, maxLength: 60 }),
        url: Url,
        username: Type.Optional(Type.String({ maxLength: 200 })),
        password: Type.Optional(Type.String({ maxLength: 200 })),
        tls: Type.Optional(
          Strict({
            ca: Type.Optional(Type.String({ maxLength: 20_000 })),
            cert: Type.Optional(Type.String({ maxLength: 20_000 })),
            key: Type.Optional(Type.String({ maxLength: 20_000 })),
            rejectUnauthorized: Type.Optional(Type.Boolean()),
          }),
        ),
        topics: Type.Array(Type.String({ minLength: 1, maxLength: 256 }), { minItems: 1, maxItems: 100 }),
        relayTopics: Type.Array(Type.String({ minLength: 1, maxLength: 256 }), { maxItems: 100 }),
      },
      { additionalProperties: false },
    ),
  }),
  'devices:remove': Strict({ id: Type.String({ maxLength: 40 }) }),
  'devices:start': Strict({ id: Type.String({ maxLength: 40 }) }),
  'devices:stop': Strict({ id: Type.String({ maxLength: 40 }) }),
  'devices:latest': Strict({ id: Type.String({ maxLength: 40 }), filter: Type.Optional(Type.String({ maxLength: 256 })) }),
} as const;

export type IpcChannel = keyof typeof IPC_INVOKE;
export type IpcPayload<C extends IpcChannel> = Static<(typeof IPC_INVOKE)[C]>;

/** Main → renderer events (the preload subscribes to these only). */
export const IPC_EVENTS = ['push:message', 'push:status', 'offline:changed', 'outbox:changed', 'devices:value', 'devices:status'] as const;
export type IpcEvent = (typeof IPC_EVENTS)[number];

export class IpcInputError extends Error {}

/** Checks a channel name and its payload; throws IpcInputError for anything not in the contract. */
export function parseIpc<C extends IpcChannel>(channel: string, payload: unknown): { channel: C; payload: IpcPayload<C> } {
  if (!Object.hasOwn(IPC_INVOKE, channel)) throw new IpcInputError(`unknown IPC channel ${JSON.stringify(channel).slice(0, 60)}`);
  const schema = IPC_INVOKE[channel as IpcChannel];
  if (!Value.Check(schema, payload)) {
    const first = [...Value.Errors(schema, payload)][0];
    throw new IpcInputError(`invalid ${channel} payload${first ? ` at ${first.path || '/'}: ${first.message}` : ''}`);
  }
  return { channel: channel as C, payload: payload as IpcPayload<C> };
}

/** An HTTP call crossing from the desktop renderer to the main process, and its answer. */
export type HttpMessage = IpcPayload<'http:fetch'>;
export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}
