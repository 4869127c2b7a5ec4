import type { FlowLock } from '../../kernel/record-flow.ts';

/**
 * Workflow's half of `kernel.recordFlow` (decision 0053): a record whose instance is anything but approved changes only
 * through its flow — the node's field permissions decide, not the member's record rules — and an invalidated one
 * never again. A record without an instance (imported, or created before the flow) is free.
 */
export const flowLock: FlowLock = async (trx, formId, recordIds) => {
  if (!recordIds.length) return null;
  const held = await trx
    .selectFrom('workflow_instance')
    .select('state')
    .where('form_id', '=', formId)
    .where('record_id', 'in', [...recordIds])
    .where('state', '<>', 'approved')
    .limit(1)
    .executeTakeFirst();
  if (!held) return null;
  return held.state === 'invalid' ? 'workflow.recordInvalidated' : 'workflow.recordInFlow';
};
