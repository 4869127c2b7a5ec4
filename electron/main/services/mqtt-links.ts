import { isUtf8 } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { connect as mqttConnect, type IClientOptions, type MqttClient } from 'mqtt';
import { LinkConfigError, topicMatches, validateLinkConfig, viewOf, type LinkConfig, type LinkView } from './mqtt-link-config.ts';
import { RelayQueue, type Relay, type RelayStats } from './mqtt-relay.ts';
import { MqttStore, type DeviceValue, type Secrets } from './mqtt-store.ts';
import type { Clock, Db } from './sqlite.ts';

export { LinkConfigError, validateLinkConfig, topicMatches, type LinkConfig, type LinkView } from './mqtt-link-config.ts';
export type { DeviceValue, Secrets } from './mqtt-store.ts';
export { httpRelay, RelayError, type Relay, type RelayBatch, type RelaySession, type RelayStats, type RelayValue } from './mqtt-relay.ts';

export type LinkState = 'stopped' | 'connecting' | 'online' | 'offline' | 'error';

export interface LinkStatus {
  id: string;
  state: LinkState;
  /** Kept after recovery so the monitor page can still say what went wrong last. */
  lastError: string | null;
  /** Failed connection attempts since the last success, and the wait before the next one. */
  attempts: number;
  retryInMs: number | null;
  since: string;
}

export interface DeviceLinksOptions {
  db: Db;
  connect?: typeof mqttConnect;
  clock?: Clock;
  keepPerTopic?: number;
  relay?: Relay;
  relayEveryMs?: number;
  relayBatchSize?: number;
  relayMaxPending?: number;
  /** Reconnect back-off: `firstMs` doubling to `maxMs` (1 s → 30 s). */
  backoff?: { firstMs: number; maxMs: number };
  /** Seals stored settings (Electron's safeStorage in the app); plain JSON when absent. */
  secrets?: Secrets;
}

interface Running {
  config: LinkConfig;
  client: MqttClient;
  status: LinkStatus;
  retry: NodeJS.Timeout | null;
  stopped: boolean;
}

// Errors of an unreachable broker: the link is offline and retrying, not misconfigured.
const NETWORK_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

export const backoffDelay = (attempt: number, firstMs = 1000, maxMs = 30_000): number => Math.min(maxMs, firstMs * 2 ** attempt);

/**
 * MQTT device links of the desktop app: settings and the last N values per topic in SQLite, live values to
 * listeners (the device-monitor page), reconnection with growing back-off, and relay of chosen topics.
 */
export class DeviceLinks {
  private readonly store: MqttStore;
  private readonly connect: typeof mqttConnect;
  private readonly now: () => number;
  private readonly backoff: { firstMs: number; maxMs: number };
  private readonly relay: RelayQueue | null;
  private readonly events = new EventEmitter();
  private readonly running = new Map<string, Running>();
  private incoming: DeviceValue[] = [];
  /** The last failure to store values (disk full, locked file); live values still reach the listeners. */
  lastStoreError: string | null = null;
  private writeScheduled = false;

  constructor(options: DeviceLinksOptions) {
    this.store = new MqttStore(options.db, Math.max(1, options.keepPerTopic ?? 100), options.secrets ?? { seal: (t) => t, open: (t) => t });
    this.connect = options.connect ?? mqttConnect;
    this.now = () => options.clock?.now() ?? Date.now();
    this.backoff = options.backoff ?? { firstMs: 1000, maxMs: 30_000 };
    const { relay, relayEveryMs: everyMs, relayBatchSize: batchSize, relayMaxPending: maxPending } = options;
    this.relay = relay ? new RelayQueue({ relay, everyMs, batchSize, maxPending }) : null;
    this.events.setMaxListeners(0);
  }

  /** Saves a link (validated). Omitting `password` or `tls.key` keeps the stored one; `''` clears it. */
  saveLink(input: unknown): LinkView {
    const config = validateLinkConfig(input);
    const previous = this.store.link(config.id);
    if (previous && config.password === undefined && previous.password !== undefined) config.password = previous.password;
    if (previous?.tls?.key !== undefined && config.tls && config.tls.key === undefined) config.tls.key = previous.tls.key;
    if (config.password === '') delete config.password;
    if (config.tls?.key === '') delete config.tls.key;
    this.store.saveLink(config, this.now());
    if (this.running.has(config.id)) {
      this.stop(config.id);
      this.start(config.id);
    }
    return viewOf(config);
  }

  removeLink(id: string): void {
    this.stop(id);
    this.store.removeLink(id);
  }

  links(): LinkView[] {
    return this.store.links().map(viewOf);
  }

  start(id: string): LinkStatus {
    const existing = this.running.get(id);
    if (existing) return { ...existing.status };
    const config = this.store.link(id);
    if (!config) throw new LinkConfigError('iot.link.notFound', { id });
    const options: IClientOptions = {
      clientId: `qpaas-${id}-${randomBytes(4).toString('hex')}`,
      clean: true,
      // Reconnection is ours (growing back-off); mqtt.js would retry at a fixed period.
      reconnectPeriod: 0,
      resubscribe: false,
      connectTimeout: 10_000,
      ...(config.username !== undefined ? { username: config.username } : {}),
      ...(config.password !== undefined ? { password: config.password } : {}),
      ...config.tls,
    };
    const client = this.connect(config.url, options);
    const run: Running = { config, client, retry: null, stopped: false, status: this.freshStatus(id, 'connecting') };
    this.running.set(id, run);
    client.on('connect', () => {
      run.status.attempts = 0;
      run.status.retryInMs = null;
      // A clean session forgets subscriptions: subscribe on every connect. Online means values can flow, so
      // only once the broker granted them (QoS 1: the broker redelivers what the link did not acknowledge).
      client.subscribe(config.topics, { qos: 1 }, (error, granted) => {
        if (run.stopped) return;
        const refused = granted?.find((grant) => grant.qos === 128);
        if (error || refused) this.setState(run, 'error', error?.message ?? `subscription refused: ${refused?.topic}`);
        else this.setState(run, 'online');
      });
    });
    client.on('message', (topic, payload) => {
      if (!run.stopped) this.receive(run, topic, payload);
    });
    client.on('error', (error: Error & { code?: string | number }) => {
      if (run.stopped) return;
      const network = typeof error.code === 'string' && NETWORK_ERRORS.has(error.code);
      this.setState(run, network ? run.status.state : 'error', error.message);
    });
    client.on('close', () => this.reconnectLater(run));
    return { ...run.status };
  }

  stop(id: string): void {
    const run = this.running.get(id);
    if (!run) return;
    run.stopped = true;
    if (run.retry) clearTimeout(run.retry);
    this.running.delete(id);
    run.client.end(true);
    this.events.emit('status', this.freshStatus(id, 'stopped'));
  }

  status(id: string): LinkStatus {
    const run = this.running.get(id);
    return run ? { ...run.status } : this.freshStatus(id, 'stopped');
  }

  /** The newest value of every topic of the link matching `filter` (default: all). */
  latest(id: string, filter?: string): DeviceValue[] {
    this.writePending();
    const values = this.store.latest(id);
    return filter === undefined ? values : values.filter((value) => topicMatches(filter, value.topic));
  }

  /** The last `limit` values of one topic, oldest first (ready to chart). */
  history(id: string, topic: string, limit = 100): DeviceValue[] {
    this.writePending();
    return this.store.history(id, topic, Math.max(1, Math.min(Math.trunc(limit), 10_000)));
  }

  onValue(listener: (value: DeviceValue) => void): () => void {
    return this.listen('value', listener);
  }

  onStatus(listener: (status: LinkStatus) => void): () => void {
    return this.listen('status', listener);
  }

  relayStats(): RelayStats | null {
    return this.relay?.stats() ?? null;
  }

  async flushRelay(): Promise<void> {
    await this.relay?.flush();
  }

  /** Stops every link and timer; values already received are written first. */
  close(): void {
    for (const id of [...this.running.keys()]) this.stop(id);
    this.writePending();
    this.relay?.close();
    this.events.removeAllListeners();
  }

  private listen<T>(event: 'value' | 'status', listener: (value: T) => void): () => void {
    // A failing listener must not stop storage, the relay or the other listeners.
    const guarded = (value: T) => {
      try {
        listener(value);
      } catch {
        /* the listener's own problem */
      }
    };
    this.events.on(event, guarded);
    return () => this.events.off(event, guarded);
  }

  private freshStatus(id: string, state: LinkState): LinkStatus {
    return { id, state, lastError: null, attempts: 0, retryInMs: null, since: new Date(this.now()).toISOString() };
  }

  private setState(run: Running, state: LinkState, error?: string): void {
    if (error !== undefined) run.status.lastError = error;
    if (state !== run.status.state) {
      run.status.state = state;
      run.status.since = new Date(this.now()).toISOString();
    }
    this.events.emit('status', { ...run.status });
  }

  private reconnectLater(run: Running): void {
    if (run.stopped || run.retry) return;
    const delay = backoffDelay(run.status.attempts, this.backoff.firstMs, this.backoff.maxMs);
    run.status.attempts += 1;
    run.status.retryInMs = delay;
    this.setState(run, run.status.state === 'error' ? 'error' : 'offline');
    run.retry = setTimeout(() => {
      run.retry = null;
      if (!run.stopped) run.client.reconnect();
    }, delay);
  }

  private receive(run: Running, topic: string, payload: Buffer): void {
    const binary = !isUtf8(payload);
    const value: DeviceValue = {
      linkId: run.config.id,
      topic,
      payload: payload.toString(binary ? 'base64' : 'utf8'),
      binary,
      at: new Date(this.now()).toISOString(),
    };
    this.incoming.push(value);
    if (this.relay && run.config.relayTopics.some((filter) => topicMatches(filter, topic))) {
      this.relay.push({ linkName: run.config.name, topic, payload: value.payload, at: value.at });
    }
    // Values arriving together share one transaction (one disk sync instead of one each).
    if (!this.writeScheduled) {
      this.writeScheduled = true;
      setImmediate(() => this.writePending());
    }
  }

  private writePending(): void {
    this.writeScheduled = false;
    const values = this.incoming.splice(0);
    if (values.length === 0) return;
    try {
      this.store.write(values);
    } catch (error) {
      this.lastStoreError = error instanceof Error ? error.message : String(error);
    }
    for (const value of values) this.events.emit('value', value);
  }
}
