import { useCallback, useEffect, useMemo, useState } from 'react';
import type { BoardItem } from '../../../../shared/dashboards/model.ts';
import { useServices } from '../../../shell/services.tsx';
import { boardsApi, type DeviceValue } from './boards-api.ts';

/** Keeps the newest value per topic: pushes can arrive out of order with the first read. */
export function newest(known: ReadonlyMap<string, DeviceValue>, incoming: readonly DeviceValue[], topics: ReadonlySet<string>): Map<string, DeviceValue> {
  const next = new Map(known);
  for (const value of incoming) {
    if (!topics.has(value.topic)) continue;
    const old = next.get(value.topic);
    if (!old || Date.parse(value.at) >= Date.parse(old.at)) next.set(value.topic, value);
  }
  return next;
}

/**
 * The latest value of each device item's topic: read once from the relay's store (GET /api/iot/values?topic=),
 * then kept current by the `iot.values` pushes the page hands to `accept`.
 */
export function useDeviceValues(items: readonly BoardItem[]) {
  const { api } = useServices();
  const key = [...new Set(items.filter((item) => item.kind === 'device' && item.topic?.trim()).map((item) => item.topic!.trim()))].sort().join('\n');
  const topics = useMemo(() => new Set(key ? key.split('\n') : []), [key]);
  const [values, setValues] = useState<Map<string, DeviceValue>>(new Map());

  useEffect(() => {
    let live = true;
    for (const topic of topics) {
      boardsApi(api)
        .deviceValues(topic)
        .then(
          (found) => live && setValues((old) => newest(old, found.map((v) => ({ topic: v.topic, payload: v.payload, at: String(v.at) })), topics)),
          () => undefined, // No value yet (or no device rights): the item says "no value" until one is pushed.
        );
    }
    return () => {
      live = false;
    };
  }, [api, topics]);

  const accept = useCallback((incoming: DeviceValue[]) => setValues((old) => newest(old, incoming, topics)), [topics]);
  return { values, accept, topics };
}
