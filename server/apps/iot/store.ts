import type { Trx } from '../../kernel/db/pool.ts';
import type { PushBus } from '../../kernel/push/bus.ts';

export interface DeviceValueInput {
  linkName: string;
  topic: string;
  payload: string;
  /** ISO date-time the device (or its link) saw the value. */
  at: string;
}

/**
 * The one write path for device values: the desktop relay route and the demo line's recorder both store through
 * here, in a transaction already bound to the space (row-level security checks the space on every row).
 */
export async function storeDeviceValues(trx: Trx, spaceId: string, values: readonly DeviceValueInput[]): Promise<number> {
  if (values.length === 0) return 0;
  const rows = values.map((v) => ({ space_id: spaceId, link_name: v.linkName, topic: v.topic, payload: v.payload, at: v.at }));
  const result = await trx.insertInto('iot_device_value').values(rows).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

/**
 * After values are stored: the live event data screens listen to, to the whole space, leaving when the
 * transaction commits. Only each topic's latest value travels (a screen shows the current reading; history stays
 * in /api/iot/values), so a relay replaying 500 buffered readings sends a small message.
 */
export async function publishDeviceValues(push: PushBus, trx: Trx, spaceId: string, values: readonly DeviceValueInput[]): Promise<void> {
  const latest = new Map<string, DeviceValueInput>();
  for (const value of values) {
    const seen = latest.get(value.topic);
    if (!seen || Date.parse(value.at) >= Date.parse(seen.at)) latest.set(value.topic, value);
  }
  if (latest.size === 0) return;
  const shown = [...latest.values()].map(({ topic, payload, at }) => ({ topic, payload, at }));
  await push.publish({ spaceId }, { type: 'iot.values', spaceId, values: shown }, trx);
}
