import { sql } from 'kysely';
import type { PlatformSettings } from '../../shared/api/console-operator.ts';
import { DEFAULT_LANGUAGE } from '../../shared/i18n/index.ts';
import type { Config } from '../config.ts';
import type { Db } from './db/pool.ts';
import { KERNEL_CHANNEL } from './maintenance.ts';
import type { PgListener } from './notify.ts';

export const PLATFORM_SETTINGS_KEY = 'platform';
const MB = 1024 * 1024;

/**
 * The operator's platform settings (`/root/systemConfig`, decision 0080): one `platform_settings` row, in memory so
 * the per-request readers (registration, uploads, the language fallback, the download link) cost no query, and
 * followed through NOTIFY so every server process changes together. What root never set falls back to the
 * environment (DESKTOP_DOWNLOAD_URL) and the built-in defaults.
 */
export class PlatformConfig {
  private stored: Partial<PlatformSettings> = {};

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

  get current(): PlatformSettings {
    return {
      registrationOpen: this.stored.registrationOpen ?? true,
      defaultLanguage: this.stored.defaultLanguage ?? DEFAULT_LANGUAGE,
      uploadMaxMb: this.stored.uploadMaxMb ?? 50,
      desktopUpdateFeed: this.stored.desktopUpdateFeed !== undefined ? this.stored.desktopUpdateFeed : null,
      desktopDownloadUrl: this.stored.desktopDownloadUrl !== undefined ? this.stored.desktopDownloadUrl : this.config.desktopDownloadUrl,
    };
  }

  get registrationOpen(): boolean {
    return this.current.registrationOpen;
  }

  /** The default language root chose, if any: it comes before the browser's own preference (i18n `pick`). */
  get chosenLanguage(): PlatformSettings['defaultLanguage'] | undefined {
    return this.stored.defaultLanguage;
  }

  /** The largest file an upload may carry, in bytes. */
  get uploadMaxBytes(): number {
    return this.current.uploadMaxMb * MB;
  }

  async load(listener: PgListener): Promise<void> {
    await listener.listen(KERNEL_CHANNEL, (payload) => {
      const event = JSON.parse(payload) as { type: string; settings?: Partial<PlatformSettings> };
      if (event.type === 'platformSettings' && event.settings) this.stored = event.settings;
    });
    const row = await this.db.selectFrom('platform_settings').select('value').where('key', '=', PLATFORM_SETTINGS_KEY).executeTakeFirst();
    if (row) this.stored = row.value as Partial<PlatformSettings>;
  }

  /** The stored settings, locked for a change in the caller's transaction. */
  async storedForUpdate(exec: Db): Promise<Partial<PlatformSettings>> {
    const row = await exec.selectFrom('platform_settings').select('value').where('key', '=', PLATFORM_SETTINGS_KEY).forUpdate().executeTakeFirst();
    return (row?.value as Partial<PlatformSettings> | undefined) ?? {};
  }

  /** Writes in the caller's transaction; every process follows at commit (this one by `apply`). */
  async save(exec: Db, settings: Partial<PlatformSettings>): Promise<void> {
    const value = JSON.stringify(settings);
    await exec
      .insertInto('platform_settings')
      .values({ key: PLATFORM_SETTINGS_KEY, value, updated_at: sql<Date>`now()` })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: sql<Date>`now()` }))
      .execute();
    await sql`select pg_notify(${KERNEL_CHANNEL}, ${JSON.stringify({ type: 'platformSettings', settings })})`.execute(exec);
  }

  apply(settings: Partial<PlatformSettings>): void {
    this.stored = settings;
  }
}
