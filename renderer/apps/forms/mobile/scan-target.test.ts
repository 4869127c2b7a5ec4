import { describe, expect, it } from 'vitest';
import { scanTarget } from './scan-target.ts';

describe('scanTarget', () => {
  it('reads the record a printed QR label names (qr-routes.ts), with or without the host', () => {
    const record = { kind: 'record', appId: '3', formId: '7', recordId: '42' };
    expect(scanTarget('https://plant.example.com/space-acme/3/detail/7?id=42', 'acme')).toEqual(record);
    expect(scanTarget('  http://10.0.0.5:8080/space-ACME/3/detail/7?id=42 ', 'acme')).toEqual(record);
    expect(scanTarget('/space-acme/m/app/3/7/42', 'acme')).toEqual(record);
    expect(scanTarget('https://x/3/detail/7?id=42', 'acme')).toEqual(record);
  });

  it('refuses a record of another space, so the phone never switches space unasked', () => {
    expect(scanTarget('https://plant.example.com/space-other/3/detail/7?id=42', 'acme')).toEqual({ kind: 'otherSpace' });
    expect(scanTarget('https://x/space-other/m/app/3/7/42', 'acme')).toEqual({ kind: 'otherSpace' });
  });

  it('calls anything else unknown: plain text, other pages, missing or malformed ids', () => {
    for (const text of ['hello', 'WIFI:S:plant;T:WPA;P:x;;', 'https://x/space-acme/user/workbench', 'https://x/space-acme/3/detail/7', 'https://x/space-acme/3/detail/7?id=abc', 'https://x/space-acme/3/detail/7?id=1%27', 'javascript:alert(1)', '']) {
      expect(scanTarget(text, 'acme'), text).toEqual({ kind: 'unknown' });
    }
  });
});
