import { startDemoLine, type DemoLine } from './apps/iot/demo-line.ts';
import type { Kernel } from './kernel/kernel.ts';
import { DEMO_SPACES } from './demo-seed.ts';

/**
 * Starts the demo's device line for the demo spaces that exist (README: DEMO_MQTT_PORT). The demo must never
 * keep the platform from starting: a taken port or a broker failure is logged and the platform runs without it.
 */
export async function startDemoDevices(kernel: Kernel, port: number | null): Promise<DemoLine | null> {
  if (port === null) return null;
  const present = await kernel.db.selectFrom('spaces').select('id').where('id', 'in', [...DEMO_SPACES]).execute();
  if (present.length === 0) return null;
  try {
    const line = await startDemoLine(kernel, { port, spaces: present.map((s) => s.id) });
    kernel.log.info({ broker: line.brokerUrl }, 'demo device line publishing');
    return line;
  } catch (error) {
    kernel.log.warn({ err: error, port }, 'demo device line not started');
    return null;
  }
}
