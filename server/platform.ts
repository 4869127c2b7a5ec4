import type { Config } from './config.ts';
import { SERVER_APPS, MIGRATION_SOURCES } from './apps/index.ts';
import type { Clock } from './kernel/clock.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './kernel/db/embedded.ts';
import { tenancyProblems } from './kernel/db/catalog.ts';
import { migrate } from './kernel/db/migrate.ts';
import { readSpaceOncePerStatement } from './kernel/db/policies.ts';
import { openDatabases } from './kernel/db/pool.ts';
import { createHttpServer, type App } from './kernel/http/server.ts';
import { createKernel, type Kernel } from './kernel/kernel.ts';
import { createLogger, type Logger } from './kernel/logger.ts';
import { registerKernelRoutes } from './kernel/routes/index.ts';
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
  stop(): Promise<void>;
}

/** Boot order: database (embedded or DATABASE_URL) → migrations → kernel → routes → optional demo seed → listen. */
export async function startPlatform(
  config: Config,
  options: { clock?: Clock; log?: Logger; listen?: boolean; /** Test and benchmark hooks (an event subscriber) before the workers start. */ beforeListen?: (kernel: Kernel) => void } = {},
): Promise<Platform> {
  const log = options.log ?? createLogger(config.logLevel, config.logFile);
  let embedded: EmbeddedDatabase | null = null;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir, (line) => log.debug({ pg: line }, 'embedded postgres'));
    url = embedded.url;
  }
  const databases = openDatabases(url);
  try {
    const applied = await migrate(databases.owner, MIGRATION_SOURCES);
    if (applied.length) log.info({ applied }, 'migrations applied');
    const tightened = await readSpaceOncePerStatement(databases.owner);
    if (tightened) log.info({ tightened }, 'space policies now read the space once per statement');
    const problems = await tenancyProblems(databases.owner);
    if (problems.length) throw new Error(`Space isolation is not sound:\n  ${problems.join('\n  ')}`);
    const kernel = await createKernel({ config, log, databases, clock: options.clock });
    const app = await createHttpServer(kernel, config.trustProxy);
    registerKernelRoutes(app, kernel);
    for (const micro of SERVER_APPS) micro.register(app, kernel);
    options.beforeListen?.(kernel);
    // Workers start once every app has defined its job kinds, and stop before the database closes.
    app.addHook('onReady', async () => {
      await kernel.schedules.applyDeclared();
      if (config.jobs === false) return; // JOBS=off: another process runs them
      await kernel.jobs.start(kernel.listener);
      kernel.schedules.start();
    });
    app.addHook('onClose', async () => {
      await kernel.schedules.stop();
      await kernel.jobs.stop();
    });
    const demo = config.demoSeed
      ? await seedDemoLogins(kernel.db, { dataDir: config.dataDir, fixedPassword: config.demoPassword })
      : { seeded: false, passwords: null, file: null };
    const demoLine = config.demoSeed ? await startDemoDevices(kernel, config.demoMqttPort) : null;
    let address = '';
    if (options.listen !== false) address = await app.listen({ port: config.port, host: config.host });
    else await app.ready();
    return {
      app,
      kernel,
      url: address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost'),
      seeded: demo.seeded,
      demo,
      demoLine,
      async stop() {
        await demoLine?.stop();
        await app.close();
        await kernel.close();
        await databases.close();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await databases.close();
    await embedded?.stop();
    throw error;
  }
}
