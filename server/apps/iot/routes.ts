import type { ColumnType, Generated } from 'kysely';
import { IOT_LIMITS, RelayBody, ValuesQuery } from '../../../shared/api/iot.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { ServerApp } from '../types.ts';
import { publishDeviceValues, storeDeviceValues } from './store.ts';

export interface IotDeviceValueTable {
  space_id: string;
  id: Generated<string>;
  link_name: string;
  topic: string;
  payload: string;
  at: ColumnType<Date, Date | string, Date | string>;
  received_at: Generated<Date>;
}

declare module '../../kernel/db/schema.ts' {
  interface Database {
    iot_device_value: IotDeviceValueTable;
  }
}

/** The desktop relay sends at most this much per request (electron/main/services/mqtt-relay.ts keeps to it). */


/**
 * Device values relayed by the desktop app's MQTT links. Values are space-owned rows: the relay of
 * a user lands in the request's space, and reads see that space only, because row-level security says so.
 */
function register(app: App, kernel: Kernel): void {
  // Who works with device data in a space; a named permission (`iot.relay`) can replace this list later.
  const access = { roles: ['admin', 'user'] } as const;

  app.post('/api/iot/relay', { config: { access, action: 'iot.relay' }, schema: { body: RelayBody } }, async (req) => {
    const space = currentSpace(req);
    const { values } = req.body;
    req.ctx.auditTarget = [...new Set(values.map((v) => v.linkName))].join(',').slice(0, 200);
    const stored = await kernel.transact(req, async (trx) => {
      const count = await storeDeviceValues(trx, space.id, values);
      await publishDeviceValues(kernel.push, trx, space.id, values);
      return count;
    });
    return { code: 200, msg: 'ok', data: { stored } };
  });

  app.get('/api/iot/values', { config: { access }, schema: { querystring: ValuesQuery } }, async (req) => {
    currentSpace(req);
    const { topic, limit = 100 } = req.query;
    const values = await kernel.transact(req, (trx) => {
      let query = trx
        .selectFrom('iot_device_value')
        .select(['id', 'link_name as linkName', 'topic', 'payload', 'at', 'received_at as receivedAt'])
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit);
      if (topic !== undefined) query = query.where('topic', '=', topic);
      return query.execute();
    });
    return { code: 200, msg: 'ok', data: { values } };
  });
}

export const iotApp: ServerApp = { id: 'iot', register };
