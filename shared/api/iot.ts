import { Type } from '@sinclair/typebox';
import { Strict } from './common.ts';

/** Device values relayed by the desktop app's MQTT links (electron/main/services/mqtt-relay.ts). */
export const IOT_LIMITS = { valuesPerRequest: 500, topic: 256, payload: 16 * 1024, linkName: 60, readLimit: 999 } as const;

export const RelayedValue = Strict({
  linkName: Type.String({ minLength: 1, maxLength: IOT_LIMITS.linkName }),
  // A published topic is concrete: wildcards only appear in subscriptions.
  topic: Type.String({ minLength: 1, maxLength: IOT_LIMITS.topic, pattern: '^[^+#\\u0000]+$' }),
  payload: Type.String({ maxLength: IOT_LIMITS.payload }),
  // An ISO date-time of this era (years PostgreSQL and the device clocks agree on).
  at: Type.String({ format: 'date-time', pattern: '^(19[7-9][0-9]|2[0-9]{3})-', maxLength: 40 }),
});

export const RelayBody = Strict({ values: Type.Array(RelayedValue, { minItems: 1, maxItems: IOT_LIMITS.valuesPerRequest }) });

export const ValuesQuery = Strict({
  topic: Type.Optional(Type.String({ minLength: 1, maxLength: IOT_LIMITS.topic })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: IOT_LIMITS.readLimit, default: 100 })),
});

/** Where the demo line publishes (server/apps/iot/demo-line.ts); the demo board of dashboards shows its devices. */
export const DEMO_TOPIC_ROOT = 'demo/line1';
