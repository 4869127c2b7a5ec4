import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { Audit } from './audit.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Databases, Db, Trx } from './db/pool.ts';
import { readTogether } from './db/together.ts';
import { transact, type Access } from './http/context.ts';
import { createI18n, type I18n } from './i18n.ts';
import { forgetOldKeys } from './idempotency.ts';
import type { Logger } from './logger.ts';
import { Maintenance } from './maintenance.ts';
import { SecurityPolicies } from './security-policies.ts';
import { PlatformConfig } from './platform-config.ts';
import { RolePermissions } from './role-permissions.ts';
import { IdleSessions } from './idle.ts';
import { SpaceDictionaries } from './space-dictionary.ts';
import { Usage } from './usage.ts';
import { Notices } from './notices.ts';
import { DataSharing } from './data-sharing.ts';
import { WebchatSwitch } from './webchat.ts';
import { RecordFlow } from './record-flow.ts';
import { Directory } from './directory.ts';
import { Analysis } from './analysis.ts';
import { PortalSources } from './portal-sources.ts';
import { AppPackages } from './app-packages.ts';
import { Apps } from './apps.ts';
import { RecordSummaries } from './record-summaries.ts';
import { RecordVisits } from './record-visits.ts';
import { SpaceRequests } from './space-requests.ts';
import { OutboundGuard } from './outbound/index.ts';
import { PgListener } from './notify.ts';
import { PgPushBus, type PushBus } from './push/bus.ts';
import { SocketHub } from './push/hub.ts';
import { NatsPushBus } from './push/nats-bus.ts';
import { closeSocketsOutsideMemberships } from './push/membership-guard.ts';
import { SESSIONS_CHANNEL, SessionStore } from './sessions.ts';
import { BearerTokens } from './bearer.ts';
import { PlatformKeys } from './platform-keys.ts';
import { Sms } from './sms.ts';
import { fail } from './errors.ts';
import { actAsProvider } from './providers.ts';
import { InterfaceWatch } from './watch.ts';
import { JobQueue } from './jobs/queue.ts';
import { Schedules } from './jobs/schedules.ts';
import { DomainEvents } from './events/events.ts';
import { defineHousekeeping } from './jobs/housekeeping.ts';
import { RecordWrites } from './record-writes.ts';

/** The explicit kernel object every micro-app's `register` receives (architecture: "how a micro-app plugs in"). */
export interface Kernel {
  config: Config;
  log: Logger;
  clock: Clock;
  i18n: I18n;
  databases: Databases;
  /** Request data, as the row-level-security-bound app role. */
  db: Db;
  sessions: SessionStore;
  push: PushBus;
  hub: SocketHub;
  audit: Audit;
  maintenance: Maintenance;
  /** Each space's security policy, enforced here and in the account routes. */
  policies: SecurityPolicies;
  /** The operator's platform settings over the environment (registration, language, uploads, desktop links). */
  platform: PlatformConfig;
  /** Named permissions per role with root's changes: what the access check asks (decision 0081). */
  rolePermissions: RolePermissions;
  idle: IdleSessions;
  /** Each space's own wording over the platform dictionary (§2.6 languagesetting). */
  dictionaries: SpaceDictionaries;
  /** What each space uses, as the apps report it (the enterprise overview, resource pages). */
  usage: Usage;
  /** The notify contract: apps send notices; the messages and organisation apps provide the work. */
  notices: Notices;
  /** What members may take out of the platform (export, print, download, share), as the app keeping the policy says. */
  sharing: DataSharing;
  /** The space's web chat switch, as the app keeping it (org) answers it (decision 0052). */
  webchat: WebchatSwitch;
  /** Forms and workflow, each providing its half (record-flow.ts). */
  recordFlow: RecordFlow;
  /** People of a space beyond notice recipients (departments, heads, superiors, posts), as org answers. */
  directory: Directory;
  /** The data of portal components, each type registered by the app that owns it. */
  portalSources: PortalSources;
  /** Aggregates over records for charts, answered by the forms app. */
  analysis: Analysis;
  /** The parts of an application package of the store, each registered by the app owning it. */
  appPackages: AppPackages;
  /** Which apps a caller may open, and the space's live apps, as the application centre answers (apps.ts, decision 0091). */
  apps: Apps;
  /** Records as another app may show them to a member (the workbench), answered by the forms app (record-summaries.ts). */
  recordSummaries: RecordSummaries;
  /** Members opening and saving records, for the app keeping their recent records (record-visits.ts). */
  recordVisits: RecordVisits;
  /** Enterprise registrations as the operator console decides them, kept by the org app (space-requests.ts). */
  spaceRequests: SpaceRequests;
  listener: PgListener;
  /** The guard of every connection to an address a user configured (use with guardedFetch, or lookupFor). */
  outbound: OutboundGuard;
  /** Developer tokens (`Authorization: Bearer`), as the app keeping them answers (bearer.ts, decision 0058). */
  bearer: BearerTokens;
  /** The platform API's keys (`access: 'platformKey'`), as the console app answers (platform-keys.ts, decision 0082). */
  platformKeys: PlatformKeys;
  /** Text messages through the operator's SMS accounts, as the console app sends them (sms.ts, decision 0083). */
  sms: Sms;
  /** Interface watch: per-route calls, errors and latency of this process, by minute (watch.ts; the console stores them). */
  watch: InterfaceWatch;
  /** The one job queue: kinds defined by apps, retries, dead letters, takeover of a dead process's work (decision 0092). */
  jobs: JobQueue;
  /** Cron schedules in a space's zone (optionally in its work time), each firing a job of the queue. */
  schedules: Schedules;
  /** The records' one write path for other apps, provided by forms (record-writes.ts, decision 0094). */
  records: RecordWrites;
  /** Domain events: raised in a change's transaction, delivered after commit to every subscriber (decision 0093). */
  events: DomainEvents;
  /** Every API route with its declared access and schema, filled at boot (the role × route matrix test, the API reference). */
  apiRoutes: Array<{ method: string; url: string; access: Access; action?: string; schema?: unknown }>;
  /** After a commit that revoked sessions: drop them from the cache and close their sockets, here and now. */
  sessionsRevoked(ids: readonly string[]): void;
  /**
   * Called as each write's answer leaves (its transaction has committed): an app forgets what it cached. One
   * kernel hook for all apps, as a hook per app cost every call, reads too (bench:kernel).
   */
  writeAnswered: Array<() => void>;
  /** Runs `work` as the request's one transaction, in the request's space. */
  transact<T>(req: FastifyRequest, work: (trx: Trx) => Promise<T>): Promise<T>;
  /** Runs `work` as the caller's service provider (decision 0071); 403 for anyone who is not a provider account. */
  providerTransact<T>(req: FastifyRequest, work: (trx: Trx) => Promise<T>): Promise<T>;
  /** A read-only page of independent parts: one pipelined read transaction in the request's space (db/together.ts). */
  readTogether<T>(req: FastifyRequest, work: (trx: Trx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function createKernel(options: {
  config: Config;
  log: Logger;
  databases: Databases;
  clock?: Clock;
  push?: PushBus;
}): Promise<Kernel> {
  const { config, log, databases } = options;
  const outbound = new OutboundGuard(config.outboundAllow); // a bad OUTBOUND_ALLOW entry stops the start here
  const db = databases.app;
  const listener = new PgListener(databases.url, log);
  const sessions = new SessionStore(db, options.clock ?? systemClock);
  // Another process revoked sessions: drop them from this process's cache too.
  const hub = new SocketHub();
  const sessionsRevoked = (ids: readonly string[]) => {
    sessions.forget(ids);
    hub.closeSessions(ids, 4401, 'session ended');
  };
  await listener.listen(SESSIONS_CHANNEL, (payload) => {
    const ids = JSON.parse(payload) as string[] | '*';
    if (ids === '*') {
      sessions.forget('all');
      void closeSocketsOutsideMemberships(db, hub, log);
    } else sessionsRevoked(ids);
  });
  const maintenance = new Maintenance(db);
  await maintenance.load(listener);
  const policies = new SecurityPolicies(db);
  await policies.load(listener);
  const platform = new PlatformConfig(db, config);
  await platform.load(listener);
  const rolePermissions = new RolePermissions(db);
  await rolePermissions.load(listener);
  const i18n = createI18n();
  const dictionaries = new SpaceDictionaries(db, i18n);
  await dictionaries.load(listener);
  // PUSH_BUS picks the fan-out between processes (decision 0050); every process of one database must use the same.
  const push = options.push ?? (config.pushBus ? new NatsPushBus(config.pushBus, db, log) : new PgPushBus(db, listener, log));
  push.subscribe((envelope) => hub.deliver(envelope));
  await push.start();
  await forgetOldKeys(db);
  const audit = new Audit(db, log);
  const jobs = new JobQueue(db, log);
  const schedules = new Schedules(db, log, jobs);
  const directory = new Directory();
  schedules.workTimeOf = (trx, spaceId) => directory.people.workTime(trx, spaceId);
  defineHousekeeping(db, jobs, schedules);
  return {
    config,
    log,
    clock: options.clock ?? systemClock,
    i18n,
    dictionaries,
    usage: new Usage(),
    notices: new Notices(),
    sharing: new DataSharing(),
    webchat: new WebchatSwitch(),
    recordFlow: new RecordFlow(),
    directory,
    portalSources: new PortalSources(),
    analysis: new Analysis(),
    appPackages: new AppPackages(),
    apps: new Apps(),
    recordSummaries: new RecordSummaries(),
    recordVisits: new RecordVisits(),
    spaceRequests: new SpaceRequests(),
    databases,
    db,
    sessions,
    push,
    hub,
    audit,
    maintenance,
    policies,
    platform,
    rolePermissions,
    idle: new IdleSessions(db, options.clock ?? systemClock),
    listener,
    outbound,
    sessionsRevoked,
    writeAnswered: [],
    bearer: new BearerTokens(db, sessions),
    platformKeys: new PlatformKeys(),
    sms: new Sms(),
    jobs,
    schedules,
    events: new DomainEvents(db, jobs),
    records: new RecordWrites(),
    watch: new InterfaceWatch(config.watch !== false, () => (options.clock ?? systemClock).now()),
    apiRoutes: [],
    transact: (req, work) => transact(db, req, work, audit),
    providerTransact: (req, work) =>
      transact(db, req, async (trx) => {
        const providerId = req.ctx.principal?.providerId;
        if (!providerId) throw fail.forbidden('provider.none');
        await actAsProvider(trx, providerId);
        return work(trx);
      }, audit),
    readTogether: (req, work) => readTogether(databases.readPool, req.ctx.space?.id ?? null, work),
    async close() {
      if (push instanceof NatsPushBus) await push.close();
      await listener.close();
    },
  };
}
