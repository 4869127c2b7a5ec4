import pg from 'pg';
import type { Logger } from './logger.ts';

type Handler = (payload: string) => void;

/**
 * One long-lived LISTEN connection per server process, shared by every channel (push fan-out, session
 * revocation, maintenance switch). It reconnects with back-off and re-subscribes, so a database restart
 * costs messages sent while it was down, never the subscription.
 */
export class PgListener {
  private client: pg.Client | null = null;
  private readonly handlers = new Map<string, Set<Handler>>();
  private closed = false;
  private retryMs = 200;
  private ready: Promise<void> | null = null;

  constructor(
    private readonly url: string,
    private readonly log: Logger,
  ) {}

  async listen(channel: string, handler: Handler): Promise<void> {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
    const known = this.handlers.get(channel);
    if (known) {
      known.add(handler);
      return;
    }
    this.handlers.set(channel, new Set([handler]));
    await this.connect();
    await this.client?.query(`listen ${channel}`);
  }

  private connect(): Promise<void> {
    this.ready ??= this.open();
    return this.ready;
  }

  private async open(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      for (const handler of this.handlers.get(message.channel) ?? []) {
        try {
          handler(message.payload ?? '');
        } catch (error) {
          this.log.error({ err: error, channel: message.channel }, 'notification handler failed');
        }
      }
    });
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'LISTEN connection lost; reconnecting');
      void this.reconnect();
    });
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`listen ${channel}`);
    this.client = client;
    this.retryMs = 200;
  }

  private async reconnect(): Promise<void> {
    const old = this.client;
    this.client = null;
    this.ready = null;
    await old?.end().catch(() => undefined);
    while (!this.closed) {
      await new Promise((r) => setTimeout(r, this.retryMs));
      this.retryMs = Math.min(this.retryMs * 2, 10_000);
      try {
        await this.connect();
        return;
      } catch (error) {
        this.ready = null;
        this.log.warn({ err: error }, 'LISTEN reconnect failed');
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }
}
