import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

const VERSION = 'v1';
const KEY_FILE = 'secret.key';

/**
 * Secrets the platform must hand back to a third party (an SMTP password, later webhook tokens and data-source
 * passwords) cannot be hashed like sign-in passwords: they are sealed with AES-256-GCM instead (decision 0041).
 * The `context` (e.g. `org.mail:acme`) is authenticated with the text, so a sealed value copied into another space's
 * row, or into another kind of secret, does not open.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** The plain text; throws when the value was changed, moved to another context, or sealed under another key. */
  open(sealed: string, context: string): string {
    const [version, payload] = sealed.split('.');
    if (version !== VERSION || !payload) throw new Error('not a sealed secret');
    const bytes = Buffer.from(payload, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  }
}

/**
 * The key material: SECRET_KEY when the operator set it (required when several servers share one database, since
 * each must open what another sealed), else a random key generated once in the data directory (0600, like the
 * embedded database's password in pg.secret) — a dump of the database alone then does not reveal the secrets.
 */
function keyMaterial(config: Pick<Config, 'secretKey' | 'dataDir'>): string {
  if (config.secretKey) return config.secretKey;
  const file = path.join(config.dataDir, KEY_FILE);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // `wx`: two servers (or test processes) starting together never overwrite each other's key.
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const material = fs.readFileSync(file, 'utf8').trim();
  // A cut-short file would silently give a weak key: stop instead (a new key could not open what was sealed).
  if (material.length < 32) throw new Error(`${file} is damaged: restore it from a backup, or set SECRET_KEY`);
  return material;
}

const boxes = new WeakMap<object, SecretBox>();

/** The platform's SecretBox for this configuration (one per config object: the key file is read once). */
export function secretBoxFor(config: Pick<Config, 'secretKey' | 'dataDir'>): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    // HKDF turns any operator string (or the file's random text) into exactly 32 key bytes.
    const key = Buffer.from(hkdfSync('sha256', keyMaterial(config), 'qpaas', 'secret-box v1', 32));
    box = new SecretBox(key);
    boxes.set(config, box);
  }
  return box;
}

const KEY_CHECK = { key: 'secretKeyCheck', text: 'qpaas secret key check', context: 'kernel.secret-key-check' };

/**
 * Refuses to start a process whose key differs from the one that sealed this database's secrets (docs/deploy.md):
 * the first start seals a known text; every later start, on any host, must open it. Without this check a process
 * started without SECRET_KEY (a key generated in its own data folder) would serve, and fail every sealed secret.
 * Run under the migration lock, so two first starts do not both seal.
 */
export async function checkSecretKey(client: { query: (text: string, values?: unknown[]) => Promise<{ rows: { value: { sealed?: string } }[] }> }, box: SecretBox): Promise<void> {
  const sealed = box.seal(KEY_CHECK.text, KEY_CHECK.context);
  await client.query('insert into platform_settings (key, value) values ($1, $2) on conflict (key) do nothing', [KEY_CHECK.key, JSON.stringify({ sealed })]);
  const { rows } = await client.query('select value from platform_settings where key = $1', [KEY_CHECK.key]);
  let opened = '';
  try {
    opened = box.open(rows[0]?.value.sealed ?? '', KEY_CHECK.context);
  } catch {
    // below
  }
  if (opened !== KEY_CHECK.text) {
    throw new Error(
      'This database was set up with another secret key: every server process sharing a database must have the same SECRET_KEY ' +
        '(or, without SECRET_KEY, the same secret.key file in DATA_DIR). Not starting, so no secret is sealed with the wrong key.',
    );
  }
}
