import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { secretBoxFor } from './secrets.ts';

describe('sealed secrets (AES-256-GCM)', () => {
  it('opens only under the same key and context; the sealed text does not show the secret', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qp-secrets-'));
    try {
      const box = secretBoxFor({ secretKey: null, dataDir });
      const sealed = box.seal('p@ss word', 'org.mail:acme');
      expect(sealed).toMatch(/^v1\./);
      expect(sealed).not.toContain('p@ss');
      expect(box.seal('p@ss word', 'org.mail:acme')).not.toBe(sealed); // a fresh IV each time
      expect(box.open(sealed, 'org.mail:acme')).toBe('p@ss word');
      expect(() => box.open(sealed, 'org.mail:nova')).toThrow();
      expect(() => box.open(`${sealed.slice(0, -2)}AA`, 'org.mail:acme')).toThrow();
      // The generated key is kept (0600) and read again by the next start.
      expect(fs.statSync(path.join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
      expect(secretBoxFor({ secretKey: null, dataDir }).open(sealed, 'org.mail:acme')).toBe('p@ss word');
      expect(() => secretBoxFor({ secretKey: 'another key of at least thirty-two chars', dataDir }).open(sealed, 'org.mail:acme')).toThrow();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('SECRET_KEY must be long enough to be a key', () => {
    expect(() => readConfig({ SECRET_KEY: 'short' })).toThrow(/SECRET_KEY/);
    expect(readConfig({ SECRET_KEY: 'k'.repeat(32) }).secretKey).toBe('k'.repeat(32));
  });
});
