import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './kernel/db/pool.ts';
import { DEMO_LOGINS, demoSeedDue, seedDemo } from './demo-seed.ts';

/** Where a first start keeps the demo passwords it generated: under DATA_DIR, readable by its owner only. */
export const DEMO_PASSWORDS_FILE = 'demo-logins.txt';

export interface DemoSeedOutcome {
  /** The demo spaces and logins were created by this start. */
  seeded: boolean;
  /** The password of each demo login, when this start created them (null otherwise: they are not kept here). */
  passwords: ReadonlyMap<string, string> | null;
  /** The file holding the generated passwords (null with a fixed DEMO_PASSWORD). */
  file: string | null;
}

/** 16 characters from 96 random bits: not guessable, still typeable. */
const randomPassword = () => randomBytes(12).toString('base64url');

function fileText(passwords: ReadonlyMap<string, string>): string {
  const lines = DEMO_LOGINS.map((l) => `${l.loginId.padEnd(12)} ${passwords.get(l.loginId)}   space ${l.space.padEnd(5)} ${l.roles.join(',')}`);
  return `# QPaaS demo logins, generated at the first start (${new Date().toISOString()}). Change them after signing in.\n${lines.join('\n')}\n`;
}

/**
 * Seeds the demo spaces with passwords nobody can know in advance: random per login at the first start, or
 * the operator's fixed DEMO_PASSWORD (tests and CI). Generated passwords are written (mode 0600) before the
 * seed commits, under a pending name, and take the real name once the seed is in: a crash in between leaves
 * the pending file with the passwords that were stored, never an account nobody can sign in to.
 */
export async function seedDemoLogins(db: Db, options: { dataDir: string; fixedPassword: string | null }): Promise<DemoSeedOutcome> {
  const file = path.join(options.dataDir, DEMO_PASSWORDS_FILE);
  if (!(await demoSeedDue(db))) return { seeded: false, passwords: null, file: options.fixedPassword === null ? file : null };
  if (options.fixedPassword !== null) {
    const fixed = new Map(DEMO_LOGINS.map((l) => [l.loginId, options.fixedPassword!]));
    const seeded = await seedDemo(db, fixed);
    return { seeded, passwords: seeded ? fixed : null, file: null };
  }
  const passwords = new Map(DEMO_LOGINS.map((l) => [l.loginId, randomPassword()]));
  const pending = `${file}.pending`;
  fs.mkdirSync(options.dataDir, { recursive: true });
  fs.rmSync(pending, { force: true });
  fs.writeFileSync(pending, fileText(passwords), { mode: 0o600, flag: 'wx' });
  let seeded = false;
  try {
    seeded = await seedDemo(db, passwords);
  } finally {
    if (seeded) fs.renameSync(pending, file);
    else fs.rmSync(pending, { force: true });
  }
  return { seeded, passwords: seeded ? passwords : null, file };
}
