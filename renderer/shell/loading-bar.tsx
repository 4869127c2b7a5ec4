import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { loadingAtom } from '../kernel/atoms.ts';

/** The thin blue bar at the top while a page loads (Suspense fallback); `/m/` routes skip it (spec §2.1). */
export function LoadingBar({ path }: { path: string }) {
  const { t } = useTranslation();
  const setLoading = useSetAtom(loadingAtom);
  const skip = /^\/(space-[a-z0-9]+\/)?m\//i.test(path);
  useEffect(() => {
    if (skip) return;
    setLoading(true);
    return () => setLoading(false);
  }, [skip, setLoading]);
  return skip ? null : <div className="qp-loading-bar" role="progressbar" aria-busy="true" aria-label={t('shell.loading')} data-testid="loading-bar" />;
}
