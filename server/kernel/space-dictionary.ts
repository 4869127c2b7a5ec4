import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { LANGUAGES, type Dictionary, type Language } from '../../shared/i18n/index.ts';
import type { Db } from './db/pool.ts';
import type { I18n } from './i18n.ts';
import { KERNEL_CHANNEL } from './maintenance.ts';
import type { PgListener } from './notify.ts';

declare module './db/schema.ts' {
  interface Database {
    space_dictionary: { space_id: string; language: string; key: string; text: string; updated_at: Date | string | undefined };
  }
}

interface Merged {
  version: string;
  overrides: Record<Language, Dictionary>;
  merged: Partial<Record<Language, Dictionary>>;
}

/**
 * Each space's own wording on top of the platform dictionary. Loaded per space on first use, dropped in every
 * process when the space changes it (NOTIFY), and versioned: the version is the platform's when a space overrides
 * nothing, and changes with every override, so clients (which cache by version, §3) fetch the new words.
 */
export class SpaceDictionaries {
  private readonly cache = new Map<string, Promise<Merged>>();
  /** The versions of loaded entries, readable without a promise (every signed-in page's base-info call). */
  private readonly versions = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly i18n: I18n,
  ) {}

  async load(listener: PgListener): Promise<void> {
    await listener.listen(KERNEL_CHANNEL, (payload) => {
      const event = JSON.parse(payload) as { type: string; spaceId?: string };
      if (event.type === 'dictionary' && event.spaceId) this.forget(event.spaceId);
    });
  }

  private fetch(spaceId: string): Promise<Merged> {
    let entry = this.cache.get(spaceId);
    if (!entry) {
      entry = this.db
        .selectFrom('space_dictionary')
        .select(['language', 'key', 'text'])
        .where('space_id', '=', spaceId)
        .orderBy('language')
        .orderBy('key')
        .execute()
        .then((rows) => {
          const overrides = Object.fromEntries(LANGUAGES.map((l) => [l, {} as Dictionary])) as Record<Language, Dictionary>;
          for (const row of rows) if ((LANGUAGES as readonly string[]).includes(row.language)) overrides[row.language as Language][row.key] = row.text;
          const version = rows.length ? `${this.i18n.version}.${createHash('sha256').update(JSON.stringify(overrides)).digest('hex').slice(0, 8)}` : this.i18n.version;
          if (this.cache.get(spaceId) === entry) this.versions.set(spaceId, version);
          return { version, overrides, merged: {} };
        });
      entry.catch(() => this.forget(spaceId));
      if (this.cache.size > 10_000) (this.cache.clear(), this.versions.clear());
      this.cache.set(spaceId, entry);
    }
    return entry;
  }

  /** The version when it is known without waiting; undefined: ask `version`. */
  versionNow(spaceId: string | null | undefined): string | undefined {
    return spaceId ? this.versions.get(spaceId) : this.i18n.version;
  }

  async version(spaceId: string | null | undefined): Promise<string> {
    return spaceId ? (await this.fetch(spaceId)).version : this.i18n.version;
  }

  /** The platform dictionary of `language` with the space's overrides laid over it. */
  async dictionary(spaceId: string | null | undefined, language: Language): Promise<{ version: string; dictionary: Dictionary }> {
    if (!spaceId) return { version: this.i18n.version, dictionary: this.i18n.dictionaries[language] };
    const entry = await this.fetch(spaceId);
    entry.merged[language] ??= { ...this.i18n.dictionaries[language], ...entry.overrides[language] };
    return { version: entry.version, dictionary: entry.merged[language]! };
  }

  async overrides(spaceId: string): Promise<Record<Language, Dictionary>> {
    return (await this.fetch(spaceId)).overrides;
  }

  /** Sets (text) or removes (null) one override in the caller's transaction; every process reloads at commit. */
  async save(exec: Db, spaceId: string, language: Language, key: string, text: string | null): Promise<void> {
    if (text === null) await exec.deleteFrom('space_dictionary').where('space_id', '=', spaceId).where('language', '=', language).where('key', '=', key).execute();
    else {
      await exec
        .insertInto('space_dictionary')
        .values({ space_id: spaceId, language, key, text })
        .onConflict((oc) => oc.columns(['space_id', 'language', 'key']).doUpdateSet({ text, updated_at: sql`now()` }))
        .execute();
    }
    await sql`select pg_notify(${KERNEL_CHANNEL}, ${JSON.stringify({ type: 'dictionary', spaceId })})`.execute(exec);
  }

  forget(spaceId: string): void {
    this.cache.delete(spaceId);
    this.versions.delete(spaceId);
  }
}
