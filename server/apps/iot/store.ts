import type { Trx } from '../../kernel/db/pool.ts';

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
