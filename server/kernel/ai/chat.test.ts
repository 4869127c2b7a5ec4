import { describe, expect, it } from 'vitest';
import { OutboundGuard } from '../outbound/index.ts';
import { plainHttpAllowed } from './chat.ts';

describe('plain http only to what the operator allowed', () => {
  const guard = new OutboundGuard(['10.1.0.0/16', 'models.plant.local:8000', '127.0.0.1:11434']);
  const allowed = (url: string) => plainHttpAllowed(guard, new URL(url));

  it('https is always fine; http needs an allow-list entry that covers host and port', () => {
    expect(allowed('https://api.example.com/v1')).toBe(true);
    expect(allowed('http://api.example.com/v1')).toBe(false);
    expect(allowed('http://10.1.2.3/v1')).toBe(true);
    expect(allowed('http://10.2.0.1/v1')).toBe(false);
    expect(allowed('http://models.plant.local:8000/v1')).toBe(true);
    expect(allowed('http://MODELS.plant.local.:8000/v1')).toBe(true);
    expect(allowed('http://models.plant.local/v1')).toBe(false);
    expect(allowed('http://127.0.0.1:11434/v1')).toBe(true);
    expect(allowed('http://127.0.0.1:8080/v1')).toBe(false);
  });
});
