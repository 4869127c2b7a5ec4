import type { Config } from './config.ts';
import { SERVER_APPS, MIGRATION_SOURCES } from './apps/index.ts';
import type { Clock } from './kernel/clock.ts';
import type { EmbeddedDatabase } from './kernel/db/embedded.ts';
import { tenancyProblems } from './kernel/db/catalog.ts';
import { migrate } from './kernel/db/migrate.ts';
import { readSpaceOncePerStatement } from './kernel/db/policies.ts';
import { openDatabases } from './kernel/db/pool.ts';
import { closeHttp, countInFlight } from './kernel/http/drain.ts';
import { createHttpServer, type App } from './kernel/http/server.ts';
import { createKernel, type Kernel } from './kernel/kernel.ts';
import { createLogger, type Logger } from './kernel/logger.ts';
import { registerHealthRoutes, type Readiness } from './kernel/routes/health.ts';
import { registerKernelRoutes } from './kernel/routes/index.ts';
import { checkSecretKey, secretBoxFor } from './kernel/secrets.ts';
import { seedDemoLogins, type DemoSeedOutcome } from './demo-passwords.ts';
import { startDemoDevices } from './demo-devices.ts';
import type { DemoLine } from './apps/iot/demo-line.ts';

export interface Platform {
  app: App;
  kernel: Kernel;
  /** http://host:port the server listens on. */
  url: string;
  seeded: boolean;
  /** What the demo seed did at this start (the passwords only when it created the logins now). */
  demo: DemoSeedOutcome;
  /** The demo's simulated device line and its loopback broker, when the demo is on. */
  demoLine: DemoLine | null;
  readiness: Readiness;
  /** Drains (readiness fails, in-flight work finishes within DRAIN_TIMEOUT, jobs hand their claims back), then closes. */
  stop(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  log?: Logger;
  listen?: boolean;
  /** Test and benchmark hooks (an event subscriber) before the workers start. */
  beforeListen?: (kernel: Kernel) => void;
  /** The caller drains on SIGTERM itself (server/main.ts): the embedded database's own exit hook must not exit first. */
  ownsSignals?: boolean;
}

/** The embedded database, loaded only when used: its package hooks the process's signals the moment it loads. */
async function embeddedDatabase(config: Config, log: Logger, ownsSignals: boolean): Promise<EmbeddedDatabase> {
  const { leaveSignalsToCaller, startEmbeddedPostgres } = await import('./kernel/db/embedded.ts');
  if (ownsSignals) leaveSignalsToCaller();
  return startEmbeddedPostgres(config.dataDir, (line) => log.debug({ pg: line }, 'embedded postgres'));
}

/** Boot order: database (embedded or DATABASE_URL) → migrations → kernel → routes → optional demo seed → listen. */
export async function startPlatform(config: Config, options: StartOptions = {}): Promise<Platform> {
  const log = options.log ?? createLogger(config.logLevel, config.logFile);
  const embedded = config.databaseUrl ? null : await embeddedDatabase(config, log, options.ownsSignals === true);
  const databases = openDatabases(config.databaseUrl ?? embedded!.url, { limits: config.database });
  const readiness: Readiness = { migrated: false, draining: false };
  try {
    const applied = await migrate(databases.owner, MIGRATION_SOURCES, async (client) => {
      const tightened = await readSpaceOncePerStatement(client);
      if (tightened) log.info({ tightened }, 'space policies now read the space once per statement');
      await checkSecretKey(client, secretBoxFor(config));
    });
    if (applied.length) log.info({ applied }, 'migrations applied');
    const problems = await tenancyProblems(databases.owner);
    if (problems.length) throw new Error(`Space isolation is not sound:\n  ${problems.join('\n  ')}`);
    const kernel = await createKernel({ config, log, databases, clock: options.clock });
    const app = await createHttpServer(kernel, config.trustProxy);
    const inFlight = countInFlight(app);
    registerHealthRoutes(app, databases.appPool, readiness);
    registerKernelRoutes(app, kernel);
    for (const micro of SERVER_APPS) micro.register(app, kernel);
    options.beforeListen?.(kernel);
    const drainMs = (config.drainSeconds ?? 30) * 1000;
    // Workers start once every app has defined its job kinds, and stop before the database closes.
    app.addHook('onReady', async () => {
      await kernel.schedules.applyDeclared();
      if (config.jobs === false) return; // JOBS=off: another process runs them
      await kernel.jobs.start(kernel.listener);
      kernel.schedules.start();
    });
    let workersStopped: Promise<void> | null = null;
    const stopWorkers = () =>
      (workersStopped ??= (async () => {
        await kernel.schedules.stop();
        await kernel.jobs.stop(drainMs);
      })());
    app.addHook('onClose', stopWorkers);
    const demo = config.demoSeed
      ? await seedDemoLogins(kernel.db, { dataDir: config.dataDir, fixedPassword: config.demoPassword })
      : { seeded: false, passwords: null, file: null };
    const demoLine = config.demoSeed ? await startDemoDevices(kernel, config.demoMqttPort) : null;
    let address = '';
    if (options.listen !== false) address = await app.listen({ port: config.port, host: config.host });
    else await app.ready();
    readiness.migrated = true;
    return {
      app,
      kernel,
      url: address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost'),
      seeded: demo.seeded,
      demo,
      demoLine,
      readiness,
      async stop() {
        if (readiness.draining) return;
        readiness.draining = true;
        const started = Date.now();
        log.info({ inFlight: inFlight(), drainSeconds: drainMs / 1000 }, 'draining');
        // Jobs stop between batches at once (no balancer needs to notice that); requests finish meanwhile.
        const workers = stopWorkers();
        // Readiness fails first: a balancer whose probes see it stops sending work before the listener closes.
        if (config.drainDelaySeconds) await new Promise((resolve) => setTimeout(resolve, config.drainDelaySeconds! * 1000));
        const [cut] = await Promise.all([closeHttp(app, inFlight, drainMs), workers]);
        await demoLine?.stop();
        await kernel.close();
        await databases.close();
        await embedded?.stop();
        log.info({ ms: Date.now() - started, requestsCut: cut }, 'drained');
      },
    };
  } catch (error) {
    await databases.close();
    await embedded?.stop();
    throw error;
  }
}
