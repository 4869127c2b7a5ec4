import { Message } from '@arco-design/web-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import type { FieldError } from '../../../../shared/forms/validate.ts';
import { useServices } from '../../../shell/services.tsx';
import { serverFieldErrors, useRecordValidation } from '../record-form/validation.ts';
import { changedValues, failureText, msgOf, statusOf } from './model.ts';
import type { ApiRecord } from './types.ts';

/** Why the last save did not go through, beyond per-field errors. */
export type SaveProblem =
  | { kind: 'conflict'; text: string; current: ApiRecord | null }
  | { kind: 'number'; text: string; suggested: string | null }
  | { kind: 'error'; text: string };

interface EditorOptions {
  formId: string;
  fields: readonly FieldDef[];
  record: ApiRecord | null;
  /** The server's record after a save, or the newer copy a 409 carried: the page shows it from then on. */
  onRecord(record: ApiRecord): void;
}

/**
 * Editing one record: a draft of its values, the §5 check before sending, and the save with the row version the
 * user saw. A 409 never overwrites: the draft stays as typed and the user chooses to load the newer version.
 */
export function useRecordEditor({ formId, fields, record, onRecord }: EditorOptions) {
  const { t } = useTranslation();
  const { api } = useServices();
  const validate = useRecordValidation(fields);
  const [draft, setDraft] = useState<Record<string, unknown> | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [saving, setSaving] = useState(false);

  const begin = useCallback((values: Record<string, unknown>) => {
    setDraft(structuredClone(values));
    setErrors([]);
    setProblem(null);
  }, []);
  const start = useCallback(() => record && begin(record.values), [record, begin]);
  const cancel = useCallback(() => {
    setDraft(null);
    setErrors([]);
    setProblem(null);
  }, []);

  const save = useCallback(async () => {
    if (!record || !draft) return;
    const values = changedValues(fields, record.values, draft);
    if (Object.keys(values).length === 0) {
      Message.info(t('forms.detail.edit.noChanges'));
      return cancel();
    }
    // Partial: untouched fields stay as stored, but a changed one may not become invalid or empty when required.
    const found = validate(values, { partial: true });
    setErrors(found);
    setProblem(null);
    if (found.length) return;
    setSaving(true);
    try {
      const answer = await api.put<ApiRecord>(`/api/forms/forms/${formId}/records/${record.id}`, { values, rowVersion: record.rowVersion }, { json: true });
      onRecord(answer.data);
      setDraft(null);
      Message.success(t('forms.detail.edit.saved'));
    } catch (failure) {
      const text = failureText(failure, t('common.saveFailed'));
      const data = (failure as { data?: { current?: ApiRecord; suggested?: string | null } }).data ?? null;
      const fieldErrors = serverFieldErrors(failure);
      if (statusOf(failure) === 409 && msgOf(failure) === 'common.numberRepeated') setProblem({ kind: 'number', text, suggested: data?.suggested ?? null });
      else if (statusOf(failure) === 409 && msgOf(failure) === 'common.conflict') setProblem({ kind: 'conflict', text, current: data?.current ?? null });
      else if (fieldErrors.length) setErrors(fieldErrors);
      else setProblem({ kind: 'error', text });
    } finally {
      setSaving(false);
    }
  }, [api, cancel, draft, fields, formId, onRecord, record, t, validate]);

  /** The user chose the newer version: it replaces what the page shows, and editing starts again from it. */
  const loadLatest = useCallback(() => {
    if (problem?.kind !== 'conflict' || !problem.current) return;
    onRecord(problem.current);
    begin(problem.current.values);
  }, [begin, onRecord, problem]);

  /** §8 "the system generates a new one or the user edits it": take the suggested number into the draft. */
  const takeSuggested = useCallback(() => {
    if (problem?.kind !== 'number' || !draft) return;
    const serial = fields.find((f) => f.type === 'serial');
    if (serial) setDraft({ ...draft, [serial.key]: problem.suggested });
    setProblem(null);
  }, [draft, fields, problem]);

  return { draft, setDraft, errors, problem, saving, start, cancel, save, loadLatest, takeSuggested, dismiss: () => setProblem(null) };
}
