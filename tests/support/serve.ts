/**
 * A second, separate server process for multi-process tests: same database (DATABASE_URL), its own port.
 * Prints `LISTENING <url>` once ready; stops on SIGTERM.
 */
import { readConfig } from '../../server/config.ts';
import { startPlatform } from '../../server/platform.ts';

const platform = await startPlatform({ ...readConfig(), port: 0, host: '127.0.0.1', demoSeed: false, logLevel: 'silent' });
process.stdout.write(`LISTENING ${platform.url}\n`);
process.on('SIGTERM', () => {
  void platform.stop().then(() => process.exit(0));
});
