import type { LinkConfig } from './mqtt-link-config.ts';
import { migrate, type Db } from './sqlite.ts';

/** A received value; a payload that is not UTF-8 text is base64 with `binary` set. */
export interface DeviceValue {
  linkId: string;
  topic: string;
  payload: string;
  binary: boolean;
  at: string;
}

export interface Secrets {
  seal(text: string): string;
  open(text: string): string;
}

interface ValueRow {
  topic: string;
  payload: string;
  binary: number;
  at: number;
}

const SCHEMA = [
  `CREATE TABLE mqtt_link (id TEXT PRIMARY KEY, config TEXT NOT NULL, updated_at INTEGER NOT NULL);
   CREATE TABLE mqtt_value (
     seq INTEGER PRIMARY KEY AUTOINCREMENT, link_id TEXT NOT NULL, topic TEXT NOT NULL,
     payload TEXT NOT NULL, binary INTEGER NOT NULL, at INTEGER NOT NULL);
   CREATE INDEX mqtt_value_topic ON mqtt_value (link_id, topic, seq);`,
];

/** Link settings and the last N values per topic, in the desktop app's SQLite file. */
export class MqttStore {
  private readonly writeValues: (values: DeviceValue[]) => void;

  constructor(
    private readonly db: Db,
    private readonly keep: number,
    private readonly secrets: Secrets,
  ) {
    migrate(db, 'mqtt-links', SCHEMA);
    const insert = db.prepare<[string, string, string, number, number]>(
      'INSERT INTO mqtt_value (link_id, topic, payload, binary, at) VALUES (?, ?, ?, ?, ?)',
    );
    // Deletes every row at or below the (keep+1)-th newest of the topic; nothing while there are fewer.
    const trim = db.prepare<[string, string, string, string, number]>(`DELETE FROM mqtt_value WHERE link_id = ? AND topic = ? AND seq <= (
      SELECT seq FROM mqtt_value WHERE link_id = ? AND topic = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)`);
    this.writeValues = db.transaction((values: DeviceValue[]) => {
      const touched = new Map<string, DeviceValue>();
      for (const v of values) {
        insert.run(v.linkId, v.topic, v.payload, v.binary ? 1 : 0, Date.parse(v.at));
        touched.set(`${v.linkId}\u0000${v.topic}`, v);
      }
      for (const v of touched.values()) trim.run(v.linkId, v.topic, v.linkId, v.topic, this.keep);
    });
  }

  /** Stores values and trims their topics in one transaction (values arriving together share one disk sync). */
  write(values: DeviceValue[]): void {
    if (values.length) this.writeValues(values);
  }

  saveLink(config: LinkConfig, at: number): void {
    this.db
      .prepare<[string, string, number]>(
        `INSERT INTO mqtt_link (id, config, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET config = excluded.config, updated_at = excluded.updated_at`,
      )
      .run(config.id, this.secrets.seal(JSON.stringify(config)), at);
  }

  link(id: string): LinkConfig | null {
    const row = this.db.prepare<[string], { config: string }>('SELECT config FROM mqtt_link WHERE id = ?').get(id);
    return row ? (JSON.parse(this.secrets.open(row.config)) as LinkConfig) : null;
  }

  links(): LinkConfig[] {
    const rows = this.db.prepare<[], { config: string }>('SELECT config FROM mqtt_link ORDER BY id').all();
    return rows.map((row) => JSON.parse(this.secrets.open(row.config)) as LinkConfig);
  }

  removeLink(id: string): void {
    this.db.transaction(() => {
      this.db.prepare<[string]>('DELETE FROM mqtt_value WHERE link_id = ?').run(id);
      this.db.prepare<[string]>('DELETE FROM mqtt_link WHERE id = ?').run(id);
    })();
  }

  /** The newest value of every topic of a link, by topic. */
  latest(id: string): DeviceValue[] {
    // SQLite takes the bare columns from the row holding max(seq).
    const rows = this.db
      .prepare<[string], ValueRow>(
        'SELECT topic, payload, binary, at, max(seq) AS seq FROM mqtt_value WHERE link_id = ? GROUP BY topic ORDER BY topic',
      )
      .all(id);
    return rows.map((row) => valueOf(id, row));
  }

  /** The last `limit` values of one topic, oldest first (ready to chart). */
  history(id: string, topic: string, limit: number): DeviceValue[] {
    const rows = this.db
      .prepare<[string, string, number], ValueRow>(
        'SELECT topic, payload, binary, at FROM mqtt_value WHERE link_id = ? AND topic = ? ORDER BY seq DESC LIMIT ?',
      )
      .all(id, topic, limit);
    return rows.reverse().map((row) => valueOf(id, row));
  }
}

function valueOf(linkId: string, row: ValueRow): DeviceValue {
  return { linkId, topic: row.topic, payload: row.payload, binary: row.binary === 1, at: new Date(row.at).toISOString() };
}
