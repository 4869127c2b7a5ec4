import { Message } from '@arco-design/web-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppcenterApp, AppcenterSystem } from '../../../shared/api/appcenter.ts';
import { useServices } from '../../shell/services.tsx';

/**
 * The admin's one-click changes. Each says how it went in the user's language (the server's own message on a
 * refusal) and then reloads, so the page shows what the server holds, not what it hoped for.
 */
export function useAppcenterActions(reload: () => void) {
  const { api } = useServices();
  const { t } = useTranslation();
  return useMemo(() => {
    async function run(work: () => Promise<unknown>, done: string): Promise<boolean> {
      try {
        await work();
        Message.success(t(done));
        return true;
      } catch (failure) {
        Message.error((failure as Error).message);
        return false;
      } finally {
        reload();
      }
    }
    return {
      deleteSystem: (system: AppcenterSystem) => run(() => api.delete(`/api/appcenter/systems/${system.id}`), 'appcenter.deleted'),
      recycleApp: (app: AppcenterApp) => run(() => api.delete(`/api/appcenter/apps/${app.id}`), 'appcenter.recycled'),
      orderSystems: (ids: string[]) => run(() => api.post('/api/appcenter/systems/order', { ids }, { json: true }), 'appcenter.saved'),
      orderApps: (systemId: string, ids: string[]) => run(() => api.post('/api/appcenter/apps/order', { systemId, ids }, { json: true }), 'appcenter.saved'),
      restoreApp: (app: AppcenterApp) => run(() => api.post(`/api/appcenter/recycle/${app.id}/restore`, {}, { json: true }), 'appcenter.restored'),
      purgeApp: (app: AppcenterApp) => run(() => api.delete(`/api/appcenter/recycle/${app.id}`), 'appcenter.purged'),
    };
  }, [api, t, reload]);
}

export type AppcenterActions = ReturnType<typeof useAppcenterActions>;
