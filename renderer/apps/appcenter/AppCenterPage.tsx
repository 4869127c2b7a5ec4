import { Alert, Button, Card, Empty, Input, Message, Space, Spin, Typography } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { APPCENTER_LIMITS, type AppcenterApp, type SystemWithApps } from '../../../shared/api/appcenter.ts';
import { sessionAtom } from '../../kernel/atoms.ts';
import { useServices } from '../../shell/services.tsx';
import type { PageProps } from '../types.ts';
import { AppTile } from './AppTile.tsx';
import { EditorModal, type EditTarget } from './Editors.tsx';
import { canManage, moved } from './model.ts';
import { SystemSection } from './SystemSection.tsx';
import { useAppcenterActions } from './use-actions.ts';

function EmptyText({ title, hint, action }: { title: string; hint: string; action?: ReactNode }) {
  return (
    <Space direction="vertical">
      <Typography.Text>{title}</Typography.Text>
      <Typography.Text type="secondary">{hint}</Typography.Text>
      {action}
    </Space>
  );
}

/**
 * The application centre (spec §2.7 `appcenter`, §2.8 "browse systems and apps, search, configure"): the space's
 * systems with the apps this user's roles allow, a search over them, and the admin's tools to build them.
 */
export function AppCenterPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const admin = canManage(useAtomValue(sessionAtom));
  const [systems, setSystems] = useState<SystemWithApps[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<AppcenterApp[] | null>(null);
  const [editing, setEditing] = useState<EditTarget | null>(null);

  const load = useCallback(() => {
    api.get<{ systems: SystemWithApps[] }>('/api/appcenter/systems').then(
      (answer) => (setSystems(answer.data.systems), setError(null)),
      (failure: Error) => setError(failure.message),
    );
  }, [api]);
  useEffect(load, [load]);
  const actions = useAppcenterActions(load);

  // The search runs on the server, so it sees exactly what the list may show (roles, recycle bin).
  useEffect(() => {
    if (!query) return setFound(null);
    let current = true;
    api.get<{ apps: AppcenterApp[] }>('/api/appcenter/apps', { params: { q: query } }).then(
      (answer) => current && setFound(answer.data.apps),
      (failure: Error) => current && Message.error(failure.message),
    );
    return () => {
      current = false;
    };
  }, [api, query, systems]);

  const ids = (systems ?? []).map((s) => s.id);
  const adminFor = (system: SystemWithApps, index: number) =>
    admin
      ? {
          actions,
          edit: setEditing,
          move: (delta: -1 | 1) => {
            const next = moved(ids, system.id, delta);
            if (next) void actions.orderSystems(next);
          },
          first: index === 0,
          last: index === ids.length - 1,
        }
      : undefined;

  const createSystem = (
    <Button type="primary" icon={<IconPlus />} onClick={() => setEditing({ kind: 'system' })} data-testid="system-create">
      {t('appcenter.system.create')}
    </Button>
  );

  return (
    <div className="qp-appcenter">
      <Card>
        <div className="qp-appcenter-bar">
          <Typography.Title heading={5} className="qp-appcenter-heading">
            {t(match.route.title)}
          </Typography.Title>
          <Input.Search
            allowClear
            className="qp-appcenter-search"
            maxLength={APPCENTER_LIMITS.query}
            placeholder={t('appcenter.search.placeholder')}
            onSearch={(value) => setQuery(value.trim())}
            onClear={() => setQuery('')}
            onChange={(value) => value === '' && setQuery('')}
            data-testid="appcenter-search"
          />
          <span className="qp-appcenter-spacer" />
          {admin && createSystem}
        </div>
      </Card>
      {error && <Alert type="error" content={error} data-testid="appcenter-error" />}
      {systems === null && !error && <Spin className="qp-gap" />}
      {query && found && (
        <Card title={t('appcenter.search.results', { q: query })} data-testid="appcenter-results">
          {found.length === 0 ? (
            <Empty description={t('appcenter.search.none', { q: query })} />
          ) : (
            <div className="qp-appcenter-tiles">
              {found.map((app) => (
                <AppTile key={app.id} match={match} app={app} />
              ))}
            </div>
          )}
        </Card>
      )}
      {!query && systems?.length === 0 && (
        <Card>
          {admin ? (
            <Empty
              data-testid="appcenter-empty-admin"
              description={<EmptyText title={t('appcenter.empty.noSystems')} hint={t('appcenter.empty.noSystemsHint')} action={createSystem} />}
            />
          ) : (
            <Empty data-testid="appcenter-empty-user" description={<EmptyText title={t('appcenter.empty.noApps')} hint={t('appcenter.empty.noAppsHint')} />} />
          )}
        </Card>
      )}
      {!query && systems?.map((system, index) => <SystemSection key={system.id} match={match} system={system} admin={adminFor(system, index)} />)}
      {editing && <EditorModal target={editing} onClose={() => setEditing(null)} onSaved={load} />}
    </div>
  );
}
