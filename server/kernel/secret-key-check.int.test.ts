import { afterAll, describe, expect, inject, it } from 'vitest';
import { testConfig } from '../../tests/support/databases.ts';
import { createTestDatabase, dropTestDatabase, startTestPlatform } from '../../tests/support/platform.ts';
import { startPlatform } from '../platform.ts';

let databaseUrl = '';
afterAll(async () => {
  if (databaseUrl) await dropTestDatabase(databaseUrl);
});

describe('processes sharing a database share its secret key', () => {
  it('a process with another SECRET_KEY refuses to start; one with the same key starts', async () => {
    databaseUrl = await createTestDatabase('key', inject('templateDatabase'));
    const first = await startTestPlatform({ databaseUrl, demoSeed: false });
    try {
      const other = { ...testConfig(databaseUrl, { demoSeed: false }), secretKey: 'another key, also long enough to be a key' };
      await expect(startPlatform(other, { listen: false })).rejects.toThrow(/another secret key.*same SECRET_KEY/);
      const same = await startPlatform(testConfig(databaseUrl, { demoSeed: false }), { listen: false });
      await same.stop();
    } finally {
      await first.stop();
    }
  });
});
