import type { Trx } from '../../kernel/db/pool.ts';
import { AppError } from '../../kernel/errors.ts';
import type { RecordSummaryReader } from '../../kernel/record-summaries.ts';
import type { FlowActor } from '../../kernel/record-flow.ts';
import { openFormAs } from './context.ts';
import { getRecord } from './records.ts';

type Opened = Awaited<ReturnType<typeof openFormAs>>;

/**
 * `kernel.recordSummaries` as forms answers it: each record read again through the forms engine's own access
 * checks, so another app (the workbench) never shows more than the record page would. A form is opened once per
 * reader, as one page asks about many records of few forms.
 */
export function recordSummaryReader(trx: Trx, actor: FlowActor): RecordSummaryReader {
  const forms = new Map<string, Opened>();
  return async (formId, recordId) => {
    if (!forms.has(formId)) forms.set(formId, await openFormAs(trx, actor, formId));
    const opened = forms.get(formId);
    if (!opened) return null;
    const { form, viewer } = opened;
    try {
      const { record } = await getRecord(trx, form, viewer, recordId);
      const titleField = viewer.fields.find((f) => f.title && f.type !== 'serial' && f.type !== 'subtable');
      const title = titleField ? record.values[titleField.key] : null;
      return {
        appId: form.appId,
        appName: form.appName,
        formId: form.id,
        formName: form.name,
        recordId: record.id,
        number: record.number,
        title: title === null || title === undefined ? null : String(title),
      };
    } catch (error) {
      // Deleted or no longer permitted: not shown, like any record the member cannot open.
      if (!(error instanceof AppError)) throw error;
      return null;
    }
  };
}
