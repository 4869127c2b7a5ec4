import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormInfo } from '../../../../shared/api/forms.ts';
import type { Chart, ChartDraft } from '../../../../shared/dashboards/model.ts';
import { chartProblems } from '../../../../shared/dashboards/validate.ts';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import { useServices } from '../../../shell/services.tsx';
import { chartApi, draftOf, isStale, refusedProblems, type AnalysisField } from './chart-api.ts';
import { newDraft } from './designer-model.ts';
import { usePreview } from './use-preview.ts';

/** A problem as the designer shows it: where (the draft path) and the text in the user's language. */
export interface ShownProblem {
  path: string;
  text: string;
}

/**
 * The chart designer's state: the chart being edited (or a new draft), the chosen form's analysis fields and its
 * definition (the filter builder speaks FieldDefs), the live preview, and saving with the shared checks first,
 * then the server's 422 problems at their fields and a 409 when someone else saved meanwhile.
 */
export function useChartDesign(start: { chartId: string; appId: string; formId: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [chart, setChart] = useState<Chart | null>(null);
  const [draft, setDraft] = useState<ChartDraft | null>(start.chartId ? null : newDraft(start.appId, start.formId));
  const [loadError, setLoadError] = useState<string | null>(null);
  const [fields, setFields] = useState<AnalysisField[] | null>(null);
  const [formFields, setFormFields] = useState<FieldDef[]>([]);
  const [fieldsError, setFieldsError] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [server, setServer] = useState<{ problems: ShownProblem[]; message: string | null }>({ problems: [], message: null });
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!start.chartId) return;
    let live = true;
    chartApi(api)
      .get(start.chartId)
      .then(
        (loaded) => live && (setChart(loaded), setDraft(draftOf(loaded))),
        (failure: Error) => live && setLoadError(failure.message),
      );
    return () => {
      live = false;
    };
  }, [api, start.chartId]);

  const formId = draft?.query.formId ?? '';
  useEffect(() => {
    setFields(null);
    setFormFields([]);
    setFieldsError(null);
    if (!formId) return;
    let live = true;
    chartApi(api)
      .fields(formId)
      .then(
        (answer) => {
          if (!live) return;
          setFields(answer.fields);
          // Started from `?form=` alone: the form names its app.
          setDraft((old) => (old && !old.appId ? { ...old, appId: answer.appId } : old));
        },
        (failure: Error) => live && setFieldsError(failure.message),
      );
    // The filter builder needs the form's own definition; without it the chart still works, only unfiltered.
    api.get<FormInfo>(`/api/forms/forms/${encodeURIComponent(formId)}`).then(
      (answer) => live && setFormFields(answer.data?.fields ?? []),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, formId]);

  const preview = usePreview(draft);

  const local = useMemo(() => (draft ? chartProblems(draft) : []), [draft]);
  const problems: ShownProblem[] = useMemo(
    () => [...(checked ? local.map((p) => ({ path: p.path, text: t(p.key, p.params) })) : []), ...server.problems],
    [checked, local, server.problems, t],
  );

  const change = useCallback((next: ChartDraft) => {
    setDraft(next);
    setSaved(false);
    setServer((old) => (old.problems.length || old.message ? { problems: [], message: null } : old));
  }, []);

  async function save(): Promise<Chart | null> {
    if (!draft) return null;
    setChecked(true);
    if (chartProblems(draft).length > 0) return null;
    setBusy(true);
    try {
      const next = chart ? await chartApi(api).save(chart.id, draft, chart.version) : await chartApi(api).create(draft);
      setChart(next);
      setDraft(draftOf(next));
      setServer({ problems: [], message: null });
      setSaved(true);
      return next;
    } catch (failure) {
      // A 409's own text names who saved meanwhile; the fallback says what to do about it.
      const message = isStale(failure) ? (failure as Error).message || t('dashboards.chartUi.designer.stale') : (failure as Error).message;
      const shown = refusedProblems(failure).map((p) => ({ path: p.path, text: p.text ?? t(p.key, p.params) }));
      setServer({ problems: shown, message: shown.length ? null : message });
      return null;
    } finally {
      setBusy(false);
    }
  }

  return { chart, draft, loadError, fields, formFields, fieldsError, preview, problems, serverMessage: server.message, busy, saved, change, save };
}
