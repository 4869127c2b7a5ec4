import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Portal, PortalDraft } from '../../../../shared/portal/model.ts';
import { portalProblems, type PortalProblem } from '../../../../shared/portal/validate.ts';
import { useServices } from '../../../shell/services.tsx';
import { isStale, portalApi, serverProblems } from '../portal-api.ts';

const draftOf = (portal: Portal): PortalDraft => ({
  terminal: portal.terminal,
  name: portal.name,
  description: portal.description,
  cover: portal.cover,
  roleGroups: portal.roleGroups,
  components: portal.components,
});

/**
 * The designer's state: the portal as loaded, the draft being edited, the shared §5 check run on every change (shown
 * once the user tries to save), the server's 422 problems until the next edit, and saving with the version read
 * (a 409 says someone else saved meanwhile).
 */
export function usePortalDesign(portalId: string) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [portal, setPortal] = useState<Portal | null>(null);
  const [draft, setDraft] = useState<PortalDraft | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [server, setServer] = useState<{ problems: PortalProblem[]; message: string | null }>({ problems: [], message: null });
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const load = useCallback(() => {
    portalApi(api)
      .get(portalId)
      .then(
        (loaded) => (setPortal(loaded), setDraft(draftOf(loaded)), setLoadError(null), setServer({ problems: [], message: null })),
        (failure: Error) => setLoadError(failure.message),
      );
  }, [api, portalId]);
  useEffect(load, [load]);

  const local = useMemo(() => (draft ? portalProblems(draft) : []), [draft]);
  const problems = useMemo(() => [...(checked ? local : []), ...server.problems], [checked, local, server.problems]);
  const dirty = !!portal && !!draft && JSON.stringify(draftOf(portal)) !== JSON.stringify(draft);

  const change = useCallback((next: PortalDraft) => {
    setDraft(next);
    setSaved(false);
    setServer((old) => (old.problems.length || old.message ? { problems: [], message: null } : old));
  }, []);

  async function save(): Promise<boolean> {
    if (!draft || !portal) return false;
    setChecked(true);
    if (portalProblems(draft).length > 0) return false;
    setBusy(true);
    try {
      const next = await portalApi(api).save(portal.id, draft, portal.version);
      setPortal(next);
      setDraft(draftOf(next));
      setServer({ problems: [], message: null });
      setSaved(true);
      return true;
    } catch (failure) {
      const message = isStale(failure) ? t('portal.ui.designer.stale') : (failure as Error).message;
      setServer({ problems: serverProblems(failure), message });
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { portal, draft, loadError, problems, serverMessage: server.message, busy, dirty, saved, change, save, reload: load };
}
