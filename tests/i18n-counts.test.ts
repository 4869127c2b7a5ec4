import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const EN = path.resolve('shared/i18n/en');

/**
 * Messages take one form whatever the count (zh-CN and en share their keys, no plural variants), so an English
 * count never sits before a plural noun: "1 apps". "Apps: 1" reads right for every number.
 */
describe('English counts', () => {
  it('no en message puts <%count%> before a plural noun', () => {
    const offenders: string[] = [];
    for (const file of fs.readdirSync(EN).filter((f) => f.endsWith('.json'))) {
      const dictionary = JSON.parse(fs.readFileSync(path.join(EN, file), 'utf8')) as Record<string, string>;
      for (const [key, message] of Object.entries(dictionary)) if (/<% ?count ?%> [a-z]+s\b/.test(message)) offenders.push(`${key}: ${message}`);
    }
    expect(offenders).toEqual([]);
  });
});
