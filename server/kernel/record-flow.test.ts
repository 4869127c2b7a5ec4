import { describe, expect, it } from 'vitest';
import type { Trx } from './db/pool.ts';
import { RecordFlow } from './record-flow.ts';

const trx = {} as Trx; // the locks below never touch it

describe('locks on record changes', () => {
  it('lets every change through when no app holds a lock', async () => {
    expect(await new RecordFlow().locked(trx, '1', ['2'])).toBeNull();
  });

  it('applies every lock an app added, answering the first refusal', async () => {
    const flow = new RecordFlow();
    const asked: string[] = [];
    flow.provideLock(async (_trx, formId, ids) => (asked.push(`flow ${formId}`), ids.includes('7') ? 'workflow.recordInFlow' : null));
    flow.provideLock(async (_trx, formId, ids) => (asked.push(`order ${formId}`), ids.includes('8') ? 'iot.workOrderOpen' : null));
    expect(await flow.locked(trx, '1', ['8'])).toBe('iot.workOrderOpen');
    expect(await flow.locked(trx, '1', ['7', '8'])).toBe('workflow.recordInFlow');
    expect(await flow.locked(trx, '1', ['9'])).toBeNull();
    expect(asked).toEqual(['flow 1', 'order 1', 'flow 1', 'flow 1', 'order 1']);
  });
});
