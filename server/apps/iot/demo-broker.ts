import net from 'node:net';
import aedes from 'aedes';

export interface DemoBroker {
  /** The port it listens on (the one asked for, or the one the system chose for 0). */
  port: number;
  url: string;
  close(): Promise<void>;
}

/**
 * An embedded MQTT broker for the demo line. Loopback only: nothing outside this machine can publish into the
 * demo or read it. Its default port (README: DEMO_MQTT_PORT) is not 1883, so a real Mosquitto keeps its own.
 */
export async function startDemoBroker(port: number): Promise<DemoBroker> {
  const broker = aedes.createBroker();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    broker.handle(socket);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host: '127.0.0.1', port }, () => resolve());
    });
  } catch (error) {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    throw error;
  }
  const bound = (server.address() as net.AddressInfo).port;
  return {
    port: bound,
    url: `mqtt://127.0.0.1:${bound}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}
