import { Alert, Button, Spin } from '@arco-design/web-react';
import { IconLeft } from '@arco-design/web-react/icon';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { SystemWithApps } from '../../../shared/api/appcenter.ts';
import { sessionAtom } from '../../kernel/atoms.ts';
import { useServices } from '../../shell/services.tsx';
import type { PageProps } from '../types.ts';
import { EditorModal, type EditTarget } from './Editors.tsx';
import { canManage, pathTo } from './model.ts';
import { SystemSection } from './SystemSection.tsx';
import { useAppcenterActions } from './use-actions.ts';

/** One application system (spec §2.7 `appcenter/appsystem/{appId}`, where `appId` is the system's id): its apps. */
export function AppSystemPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const admin = canManage(useAtomValue(sessionAtom));
  const systemId = match.params.appId ?? '';
  const [system, setSystem] = useState<SystemWithApps | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const centre = pathTo(match, 'appcenter.home');

  const load = useCallback(() => {
    api.get<SystemWithApps>(`/api/appcenter/systems/${encodeURIComponent(systemId)}`).then(
      (answer) => (setSystem(answer.data), setError(null)),
      (failure: Error) => (setSystem(null), setError(failure.message)),
    );
  }, [api, systemId]);
  useEffect(load, [load]);
  const actions = useAppcenterActions(load);

  return (
    <div className="qp-appcenter">
      <Button type="text" icon={<IconLeft />} href={centre} data-testid="appcenter-back">
        {t('appcenter.backToCentre')}
      </Button>
      {error && <Alert type="error" content={error} data-testid="appcenter-error" />}
      {!system && !error && <Spin className="qp-gap" />}
      {system && (
        <SystemSection
          match={match}
          system={system}
          linkTitle={false}
          admin={admin ? { actions, edit: setEditing, onDeleted: () => navigate(centre) } : undefined}
        />
      )}
      {editing && <EditorModal target={editing} onClose={() => setEditing(null)} onSaved={load} />}
    </div>
  );
}
