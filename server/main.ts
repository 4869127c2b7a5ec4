import { readConfig } from './config.ts';
import { DEMO_LOGINS } from './demo-seed.ts';
import { startPlatform } from './platform.ts';

const config = readConfig();
const platform = await startPlatform(config, { ownsSignals: true });
const { log } = platform.kernel;
const base = platform.url;

/** The demo logins: with their passwords only at the start that created them (printed once, kept in a file). */
function demoBanner(): string {
  const { demo } = platform;
  // A fixed DEMO_PASSWORD is the operator's own: not echoed.
  const shown = demo.file ? demo.passwords : null;
  const password = (loginId: string) => (shown ? `${shown.get(loginId)}   ` : '');
  const lines = DEMO_LOGINS.map((l) => `  ${l.loginId.padEnd(12)} ${password(l.loginId)}space ${l.space.padEnd(5)} ${l.roles.join(',')}`);
  const where = config.demoPassword
    ? 'Passwords: DEMO_PASSWORD.'
    : demo.seeded
      ? `Passwords generated now and shown only this once; also in ${demo.file} (readable by this user only).`
      : `Passwords: generated at the first start, in ${demo.file} if it is still there.`;
  return `Demo spaces: ops (operator), acme, nova.  Logins${demo.seeded ? ' (created now)' : ''}:\n${lines.join('\n')}\n${where}\n`;
}

if (config.demoSeed) {
  process.stdout.write(
    `\nPlatform running on ${base}  (database: ${config.databaseUrl ? 'DATABASE_URL' : `embedded under ${config.dataDir}`})\n` +
      demoBanner() +
      `Space-scoped paths: ${base}/space-acme/...\n\n`,
  );
} else {
  log.info({ url: base }, 'platform running');
}

// SIGTERM (systemd, an orchestrator) and SIGINT (Ctrl-C) drain: readiness fails, in-flight work finishes within
// DRAIN_TIMEOUT, then the process exits 0. A second signal while draining changes nothing: the drain is bounded.
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
