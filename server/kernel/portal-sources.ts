import type { Language } from '../../shared/i18n/index.ts';
import type { ComponentData } from '../../shared/portal/data.ts';
import type { ComponentType, PortalComponent } from '../../shared/portal/model.ts';
import type { PortalProblem } from '../../shared/portal/validate.ts';
import type { Role } from '../../shared/roles.ts';
import type { Trx } from './db/pool.ts';

/** Who a component's data is read for: the member opening the portal (or the manager saving it, for checks). */
export interface PortalPrincipal {
  userId: string;
  roles: Role[];
  spaceId: string;
  language: Language;
}

/** Which page of a component: another label of an application-data component, the cursor of its next page. */
export interface PortalPage {
  label?: string;
  cursor?: string;
}

/** Reads one component's data for the principal, inside the given transaction (row-level security: his space). */
export type PortalSource = (trx: Trx, principal: PortalPrincipal, component: PortalComponent, page: PortalPage) => Promise<ComponentData>;

/**
 * The server-only checks of a component the source's app can answer (forms: the label's form exists in the space
 * and its title field is required, §5). Runs in the save's transaction; problems use the draft's paths.
 */
export type PortalSourceCheck = (trx: Trx, principal: PortalPrincipal, component: PortalComponent, at: string) => Promise<PortalProblem[]>;

/**
 * The portal's component sources (decision 0060): each app that owns a component type's data registers
 * it at start (messages → messageAlert, workflow → myWork, forms → appData), so the portal app reads them without
 * knowing any app's tables. A type nobody registered has no data (the portal answers it as unavailable).
 */
export class PortalSources {
  private readonly sources = new Map<ComponentType, { read: PortalSource; check?: PortalSourceCheck }>();

  register(type: ComponentType, read: PortalSource, check?: PortalSourceCheck): void {
    this.sources.set(type, { read, check });
  }

  source(type: ComponentType): PortalSource | undefined {
    return this.sources.get(type)?.read;
  }

  check(type: ComponentType): PortalSourceCheck | undefined {
    return this.sources.get(type)?.check;
  }
}

