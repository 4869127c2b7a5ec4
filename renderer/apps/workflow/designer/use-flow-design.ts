import { Message, Modal } from '@arco-design/web-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowDesign, FlowNames, FlowVersionDetail } from '../../../../shared/api/workflow-design.ts';
import type { FlowModel } from '../../../../shared/workflow/model.ts';
import { modelProblems, type ModelProblem } from '../../../../shared/workflow/validate-model.ts';
import { TransportError } from '../../../kernel/transport.ts';
import { useServices } from '../../../shell/services.tsx';
import { useLeaveWarning } from '../../../shell/leave-warning.ts';

const EMPTY_NAMES: FlowNames = { members: {}, roles: {}, roleGroups: {}, posts: {}, departments: {} };

/** The problems of a server 422 (`data.problems`), or [] for any other failure. */
function serverProblems(failure: unknown): ModelProblem[] {
  if (!(failure instanceof TransportError) || failure.code !== 422) return [];
  const problems = (failure.data as { problems?: unknown } | null)?.problems;
  return Array.isArray(problems) ? problems.filter((p): p is ModelProblem => typeof p?.node === 'string' && typeof p?.key === 'string') : [];
}

/**
 * The process designer's state and calls: the draft being edited, the names of the people and groups it names,
 * saving (the server checks the shape only), publishing (the same modelProblems the server runs, shown next to the
 * nodes before anything is sent, then the server's 422 with its list), switching the flow on or off.
 */
export function useFlowDesign(formId: string) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [design, setDesign] = useState<FlowDesign | null>(null);
  const [model, setModel] = useState<FlowModel | null>(null);
  const [names, setNames] = useState<FlowNames>(EMPTY_NAMES);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<'load' | 'save' | 'publish' | 'enable' | null>('load');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [server, setServer] = useState<{ problems: ModelProblem[]; message: string | null }>({ problems: [], message: null });
  const url = `/api/workflow/forms/${formId}/flow`;

  const fields = useMemo(() => design?.fields ?? [], [design]);
  const local = useMemo(() => (model ? modelProblems(model, { fields }) : []), [model, fields]);
  const problems = useMemo(() => [...(checked ? local : []), ...server.problems], [checked, local, server.problems]);

  const load = useCallback(async () => {
    setBusy('load');
    try {
      const { data } = await api.get<FlowDesign>(url);
      setDesign(data);
      setModel(data.draft);
      setNames(data.names);
      setDirty(false);
      setChecked(false);
      setServer({ problems: [], message: null });
      setLoadError(null);
    } catch (failure) {
      setLoadError((failure as Error).message);
    } finally {
      setBusy(null);
    }
  }, [api, url]);

  useEffect(() => void load(), [load]);

  useLeaveWarning(dirty);

  const change = useCallback((next: FlowModel) => {
    setModel(next);
    setDirty(true);
    setServer({ problems: [], message: null }); // they described the old draft; the local check takes over
  }, []);

  /** Picked people and groups: their names, so the canvas shows names without asking the server. */
  const remember = useCallback((kind: keyof FlowNames, entries: ReadonlyArray<{ id: string; name: string }>) => {
    setNames((old) => ({ ...old, [kind]: { ...old[kind], ...Object.fromEntries(entries.map((e) => [e.id, e.name])) } }));
  }, []);

  const fail = useCallback((failure: unknown) => {
    const listed = serverProblems(failure);
    setServer({ problems: listed, message: (failure as Error).message });
    Message.error((failure as Error).message);
  }, []);

  const save = useCallback(async (): Promise<boolean> => {
    if (!design || !model) return false;
    setBusy('save');
    try {
      const { data } = await api.put<{ draftUpdatedAt: string }>(`${url}/draft`, { model, draftUpdatedAt: design.draftUpdatedAt }, { json: true });
      setDesign((old) => (old ? { ...old, draft: model, draftUpdatedAt: data.draftUpdatedAt } : old));
      setDirty(false);
      return true;
    } catch (failure) {
      if (failure instanceof TransportError && failure.code === 409) {
        Modal.confirm({
          title: t('workflow.designerUi.conflictTitle'),
          content: t('workflow.designerUi.conflictText'),
          okText: t('workflow.designerUi.reload'),
          cancelText: t('workflow.designerUi.keepEditing'),
          onOk: () => void load(),
        });
      } else fail(failure);
      return false;
    } finally {
      setBusy(null);
    }
  }, [api, design, fail, load, model, t, url]);

  const saveDraft = useCallback(async () => {
    if (await save()) Message.success(t('workflow.designerUi.saved'));
  }, [save, t]);

  /** Nothing is sent while the designer's own check finds problems; publishing publishes the saved draft. */
  const publish = useCallback(async () => {
    if (!model) return;
    setChecked(true);
    if (local.length > 0) {
      Message.error(t('workflow.designerUi.fixProblems', { n: local.length }));
      return;
    }
    if ((dirty || !design?.draftUpdatedAt) && !(await save())) return;
    setBusy('publish');
    try {
      const { data } = await api.post<{ version: number }>(`${url}/publish`, undefined, { json: true });
      Message.success(t('workflow.designerUi.published', { version: data.version }));
      await load();
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(null);
    }
  }, [api, design, dirty, fail, load, local.length, model, save, t, url]);

  const setEnabled = useCallback(async (enabled: boolean) => {
    setBusy('enable');
    try {
      await api.put(`${url}/enabled`, { enabled }, { json: true });
      setDesign((old) => (old ? { ...old, enabled } : old));
      Message.success(t(enabled ? 'workflow.designerUi.enabledOn' : 'workflow.designerUi.enabledOff'));
    } catch (failure) {
      Message.error((failure as Error).message);
    } finally {
      setBusy(null);
    }
  }, [api, t, url]);

  const version = useCallback(async (n: number) => (await api.get<FlowVersionDetail>(`${url}/versions/${n}`)).data, [api, url]);

  /** Starts the draft over from a published version (nothing is published until the user publishes). */
  const restore = useCallback((detail: FlowVersionDetail) => {
    change(structuredClone(detail.model));
    for (const kind of Object.keys(EMPTY_NAMES) as Array<keyof FlowNames>) remember(kind, Object.entries(detail.names[kind]).map(([id, name]) => ({ id, name })));
  }, [change, remember]);

  return { design, model, fields, names, dirty, busy, loadError, problems, serverMessage: server.message, change, remember, load, saveDraft, publish, setEnabled, version, restore };
}

export type FlowDesignState = ReturnType<typeof useFlowDesign>;
