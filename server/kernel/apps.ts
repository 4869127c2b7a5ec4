import type { FastifyRequest } from 'fastify';
import type { LiveApp } from '../../shared/appcenter/apps.ts';
import type { Trx } from './db/pool.ts';

/**
 * What the application centre answers about its apps, inside the caller's transaction (row-level security keeps
 * it to the request's space). The apps that point at apps (forms, org, portal) ask here instead of reading
 * appcenter's tables, so the visibility rule (roles, recycle bin, managers) stays in one app.
 */
export interface AppsProvider {
  /** Which of these ids name apps the caller may open (live, and open to the caller's roles unless he manages apps). */
  openable(trx: Trx, req: FastifyRequest, appIds: readonly string[]): Promise<Set<string>>;
  /** Whether the caller may use at least one app of the space: what an upload, tied to no app yet, needs. */
  usesSome(trx: Trx, req: FastifyRequest): Promise<boolean>;
  /**
   * Live apps of the space whoever may open them (an admin's settings name them), by name then id: all, or only
   * those among `appIds`.
   */
  live(trx: Trx, appIds?: readonly string[]): Promise<LiveApp[]>;
}

export class Apps {
  private provider: AppsProvider | null = null;

  provide(provider: AppsProvider): void {
    this.provider = provider;
  }

  private get answers(): AppsProvider {
    if (!this.provider) throw new Error('No apps provider is registered (the application centre registers it at start).');
    return this.provider;
  }

  openable(trx: Trx, req: FastifyRequest, appIds: readonly string[]): Promise<Set<string>> {
    return this.answers.openable(trx, req, appIds);
  }

  /** Whether the caller may open this app (unknown, another space's, recycled or not for his roles all say no). */
  async mayOpen(trx: Trx, req: FastifyRequest, appId: string): Promise<boolean> {
    return (await this.answers.openable(trx, req, [appId])).has(appId);
  }

  usesSome(trx: Trx, req: FastifyRequest): Promise<boolean> {
    return this.answers.usesSome(trx, req);
  }

  live(trx: Trx, appIds?: readonly string[]): Promise<LiveApp[]> {
    return this.answers.live(trx, appIds);
  }
}
