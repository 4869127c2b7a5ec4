import { readConfig } from './config.ts';
import { DEMO_LOGINS } from './demo-seed.ts';
import { startPlatform } from './platform.ts';

const config = readConfig();
const platform = await startPlatform(config);
const { log } = platform.kernel;
const base = `http://localhost:${config.port}`;

if (config.demoSeed) {
  const lines = DEMO_LOGINS.map((l) => `  ${l.loginId.padEnd(12)} ${l.password}   space ${l.space.padEnd(5)} ${l.roles.join(',')}`);
  process.stdout.write(
    `\nPlatform running on ${base}  (database: ${config.databaseUrl ? 'DATABASE_URL' : `embedded under ${config.dataDir}`})\n` +
      `Demo spaces: ops (operator), acme, nova.  Logins${platform.seeded ? ' (created now)' : ''}:\n${lines.join('\n')}\n` +
      `Space-scoped paths: ${base}/space-acme/...\n\n`,
  );
} else {
  log.info({ url: base }, 'platform running');
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    platform.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'stop failed');
        process.exit(1);
      },
    );
  });
}
