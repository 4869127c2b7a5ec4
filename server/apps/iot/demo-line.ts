import { connect, type MqttClient } from 'mqtt';
import { DEMO_TOPIC_ROOT } from '../../../shared/api/iot.ts';
import { inSpace } from '../../kernel/db/pool.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { startDemoBroker } from './demo-broker.ts';
import { publishDeviceValues, storeDeviceValues, type DeviceValueInput } from './store.ts';

/** The link name demo values carry, so the page says where they came from and the pruning touches only them. */
export const DEMO_LINK = '演示产线 Demo line';
/** Keep an hour of demo values: the page shows the latest ones, and the table must not grow forever. */
const KEEP_MINUTES = 60;

/** A simulated production line: each device publishes one reading per tick, drifting around its set point. */
const DEVICES = [
  { id: 'press-1', metric: 'temperature', base: 68, spread: 6, decimals: 1 },
  { id: 'press-2', metric: 'temperature', base: 72, spread: 8, decimals: 1 },
  { id: 'cooling-tower', metric: 'water-temperature', base: 24, spread: 3, decimals: 1 },
  { id: 'compressor', metric: 'pressure', base: 0.72, spread: 0.08, decimals: 2 },
  { id: 'line', metric: 'state', states: ['RUN', 'RUN', 'RUN', 'IDLE'] },
] as const;

export interface DemoLine {
  brokerUrl: string;
  port: number;
  stop(): Promise<void>;
}

function reading(device: (typeof DEVICES)[number], tick: number): string {
  if ('states' in device) return device.states[tick % device.states.length]!;
  const wave = Math.sin(tick / 5 + device.base) * 0.6 + (Math.random() - 0.5) * 0.4;
  return (device.base + wave * device.spread).toFixed(device.decimals);
}

async function connected(url: string, clientId: string): Promise<MqttClient> {
  const client = connect(url, { clientId, reconnectPeriod: 1000 });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  return client;
}

/**
 * The demo's device data: an embedded broker on loopback, a simulated line publishing to it, and a
 * recorder subscribed to the line that stores what it hears in each demo space through the relay's write path —
 * so the real-time device page has values in the browser, and a desktop link to the same broker sees them live.
 */
export async function startDemoLine(kernel: Kernel, options: { port: number; spaces: readonly string[]; tickMs?: number }): Promise<DemoLine> {
  const tickMs = options.tickMs ?? 5_000;
  const broker = await startDemoBroker(options.port);
  let publisher: MqttClient | null = null;
  let recorder: MqttClient | null = null;
  let timer: NodeJS.Timeout | null = null;
  let flushTimer: NodeJS.Timeout | null = null;
  let pending: DeviceValueInput[] = [];
  let flushing: Promise<void> = Promise.resolve();

  const flush = async () => {
    flushTimer = null;
    const batch = pending;
    pending = [];
    for (const space of options.spaces) {
      await inSpace(kernel.db, space, async (trx) => {
        await storeDeviceValues(trx, space, batch);
        await publishDeviceValues(kernel.push, trx, space, batch);
        await trx
          .deleteFrom('iot_device_value')
          .where('link_name', '=', DEMO_LINK)
          .where('at', '<', new Date(kernel.clock.now() - KEEP_MINUTES * 60_000))
          .execute();
      });
    }
  };

  try {
    recorder = await connected(broker.url, 'qpaas-demo-recorder');
    await recorder.subscribeAsync(`${DEMO_TOPIC_ROOT}/#`);
    recorder.on('message', (topic, payload) => {
      pending.push({ linkName: DEMO_LINK, topic, payload: payload.toString('utf8'), at: new Date(kernel.clock.now()).toISOString() });
      // One write per burst of messages (a tick publishes every device at once); a failed write is logged and
      // the line goes on.
      flushTimer ??= setTimeout(() => {
        flushing = flushing.then(flush).catch((error: unknown) => kernel.log.warn({ err: error }, 'demo line: storing values failed'));
      }, 200);
    });
    publisher = await connected(broker.url, 'qpaas-demo-line');
    let tick = 0;
    const publishAll = () => {
      for (const device of DEVICES) publisher!.publish(`${DEMO_TOPIC_ROOT}/${device.id}/${device.metric}`, reading(device, tick));
      tick += 1;
    };
    publishAll();
    timer = setInterval(publishAll, tickMs);
  } catch (error) {
    publisher?.end(true);
    recorder?.end(true);
    await broker.close();
    throw error;
  }
  return {
    brokerUrl: broker.url,
    port: broker.port,
    async stop() {
      if (timer) clearInterval(timer);
      if (flushTimer) clearTimeout(flushTimer);
      await flushing;
      await Promise.all([publisher!.endAsync(true), recorder!.endAsync(true)]);
      await broker.close();
    },
  };
}
