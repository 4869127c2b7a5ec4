import { useCallback, useEffect, useRef, useState } from 'react';
import { useServices } from '../../../shell/services.tsx';
import { failureText, statusOf } from './model.ts';
import type { FormInfo, RecordAnswer } from './types.ts';

export interface LoadFailure {
  status: number;
  text: string;
}

/**
 * The form (fields this user may see) and one record with what this user may do to it. `reload` asks again;
 * `replace` puts a record the server already answered (a save, a 409's newer copy) in place without a call.
 */
export function useRecordDetail(formId: string, id: string, fallback: string) {
  const { api } = useServices();
  const [form, setForm] = useState<FormInfo | null>(null);
  const [answer, setAnswer] = useState<RecordAnswer | null>(null);
  const [failure, setFailure] = useState<LoadFailure | null>(null);
  // A late answer for an earlier reload must not replace a newer one.
  const generation = useRef(0);

  const reload = useCallback(async (): Promise<RecordAnswer | LoadFailure> => {
    const mine = ++generation.current;
    const base = `/api/forms/forms/${formId}`;
    try {
      const [formAnswer, recordAnswer] = await Promise.all([api.get<FormInfo>(base), api.get<RecordAnswer>(`${base}/records/${id}`)]);
      if (mine !== generation.current) return recordAnswer.data;
      setForm(formAnswer.data);
      setAnswer({ ...recordAnswer.data, labels: recordAnswer.data.labels ?? {} });
      setFailure(null);
      return recordAnswer.data;
    } catch (error) {
      const found = { status: statusOf(error), text: failureText(error, fallback) };
      if (mine === generation.current) setFailure(found);
      return found;
    }
  }, [api, formId, id, fallback]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const replace = useCallback((record: RecordAnswer['record']) => setAnswer((old) => (old ? { ...old, record } : old)), []);

  return { form, answer, failure, reload, replace };
}
