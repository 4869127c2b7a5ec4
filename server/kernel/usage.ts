import type { Trx } from './db/pool.ts';

/** Figures one app reports about a space (records, files, apps…), read inside the caller's space transaction. */
export type UsageProvider = (trx: Trx, spaceId: string) => Promise<Record<string, number>>;

/**
 * What a space uses, gathered from every app that reports it: apps register a provider when they start, the
 * enterprise overview (and later the operator's resource page) asks for all of it. The kernel knows no app; each
 * app knows only its own tables.
 */
export class Usage {
  private readonly providers = new Map<string, UsageProvider>();

  register(appId: string, provider: UsageProvider): void {
    this.providers.set(appId, provider);
  }

  async collect(trx: Trx, spaceId: string): Promise<Record<string, number>> {
    const figures: Record<string, number> = {};
    for (const [appId, provider] of this.providers) {
      for (const [name, value] of Object.entries(await provider(trx, spaceId))) figures[`${appId}.${name}`] = value;
    }
    return figures;
  }
}
