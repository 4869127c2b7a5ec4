import { Message, Modal } from '@arco-design/web-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nextFieldKey, type FieldDef, type FieldType, type FormDefinition } from '../../../../shared/forms/fields.ts';
import { validateDefinition, type FieldError } from '../../../../shared/forms/validate.ts';
import { TransportError } from '../../../kernel/transport.ts';
import { useServices } from '../../../shell/services.tsx';
import { serverFieldErrors } from '../record-form/validation.ts';
import { highestKeyIn } from './field-catalog.tsx';
import { useLeaveWarning } from '../../../shell/leave-warning.ts';

export interface DesignForm {
  id: string;
  appId?: string;
  name: string;
  version: number;
  highestKey: number;
  draftUpdatedAt: string;
  draft?: FormDefinition | null;
}
export interface DesignVersion {
  version: number;
  definition: FormDefinition;
  publishedAt: string;
  publishedBy?: string;
}
/** `data` of GET /api/forms/forms/{id}/design. */
export interface DesignAnswer {
  form: DesignForm;
  versions: DesignVersion[];
}

const fieldsOf = (definition: FormDefinition | null | undefined) => (Array.isArray(definition?.fields) ? definition.fields : null);

/** Every key ever published with its type: the server refuses a type change of those (forms.design.typeChanged). */
export function publishedKeysOf(versions: readonly DesignVersion[]): Record<string, FieldType> {
  const keys: Record<string, FieldType> = {};
  for (const version of [...versions].sort((a, b) => a.version - b.version)) for (const field of fieldsOf(version.definition) ?? []) keys[field.key] = field.type;
  return keys;
}

/**
 * The designer's state and its calls: the draft being edited, saving it (with the optimistic `draftUpdatedAt`
 * guard), publishing, and the problems of validateDefinition — the same check the server runs — shown once the
 * user tried to save, and kept current as they fix them.
 */
export function useDesigner(formId: string) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [form, setForm] = useState<DesignForm | null>(null);
  const [versions, setVersions] = useState<DesignVersion[]>([]);
  const [fields, setFields] = useState<FieldDef[]>([]);
  const [dirty, setDirty] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'load' | 'save' | 'publish' | null>('load');
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  // Keys handed out in this session stay used even if their field is removed again before saving.
  const highest = useRef(0);

  const publishedKeys = useMemo(() => publishedKeysOf(versions), [versions]);
  const problems = useMemo(
    () => (checked ? [...validateDefinition({ fields }, { publishedKeys }), ...serverErrors] : serverErrors),
    [checked, fields, publishedKeys, serverErrors],
  );

  const load = useCallback(async () => {
    setBusy('load');
    try {
      const { data } = await api.get<DesignAnswer>(`/api/forms/forms/${formId}/design`);
      const latest = data.versions.reduce<DesignVersion | null>((best, v) => (!best || v.version > best.version ? v : best), null);
      const draft = fieldsOf(data.form.draft) ?? fieldsOf(latest?.definition) ?? [];
      setForm(data.form);
      setVersions(data.versions);
      setFields(draft);
      highest.current = Math.max(Number(data.form.highestKey) || 0, highestKeyIn(draft));
      setDirty(false);
      setChecked(false);
      setServerErrors([]);
      setLoadError(null);
    } catch (failure) {
      setLoadError((failure as Error).message);
    } finally {
      setBusy(null);
    }
  }, [api, formId]);

  useEffect(() => void load(), [load]);

  useLeaveWarning(dirty);

  const change = useCallback((next: FieldDef[]) => {
    setFields(next);
    setDirty(true);
    setServerErrors([]); // they described the old draft; the local check takes over
  }, []);

  const newKey = useCallback(() => {
    const key = nextFieldKey(fields, highest.current);
    highest.current = Number(key.slice(1));
    return key;
  }, [fields]);

  const conflict = useCallback(() => {
    Modal.confirm({
      title: t('forms.ui.designer.conflictTitle'),
      content: t('forms.ui.designer.conflictText'),
      okText: t('forms.ui.designer.reload'),
      cancelText: t('forms.ui.designer.keepEditing'),
      onOk: () => void load(),
    });
  }, [load, t]);

  /** Saves the draft; false when it could not (problems shown, conflict offered, error told). */
  const save = useCallback(async (): Promise<boolean> => {
    if (!form) return false;
    const local = validateDefinition({ fields }, { publishedKeys });
    setChecked(true);
    if (local.length > 0) {
      Message.error(t('forms.ui.designer.fixProblems', { n: local.length }));
      return false;
    }
    setBusy('save');
    try {
      const { data } = await api.put<DesignForm>(`/api/forms/forms/${form.id}/draft`, { definition: { fields }, draftUpdatedAt: form.draftUpdatedAt }, { json: true });
      setForm((old) => (old ? { ...old, ...data, draft: { fields } } : old));
      highest.current = Math.max(highest.current, Number(data.highestKey) || 0);
      setDirty(false);
      setServerErrors([]);
      return true;
    } catch (failure) {
      if (failure instanceof TransportError && failure.code === 409) conflict();
      else {
        setServerErrors(serverFieldErrors(failure));
        Message.error((failure as Error).message);
      }
      return false;
    } finally {
      setBusy(null);
    }
  }, [api, conflict, fields, form, publishedKeys, t]);

  const saveDraft = useCallback(async () => {
    if (await save()) Message.success(t('forms.ui.designer.saved'));
  }, [save, t]);

  /** Publishing publishes the stored draft, so unsaved edits are saved first. */
  const publish = useCallback(async () => {
    if (!form) return;
    if (dirty && !(await save())) return;
    setBusy('publish');
    try {
      const { data } = await api.post<DesignForm>(`/api/forms/forms/${form.id}/publish`, undefined, { json: true });
      Message.success(t('forms.ui.designer.published', { version: data.version }));
      await load();
    } catch (failure) {
      setChecked(true);
      setServerErrors(serverFieldErrors(failure));
      Message.error((failure as Error).message);
    } finally {
      setBusy(null);
    }
  }, [api, dirty, form, load, save, t]);

  return { form, versions, fields, dirty, busy, loadError, problems, publishedKeys, change, newKey, load, saveDraft, publish };
}

export type Designer = ReturnType<typeof useDesigner>;
