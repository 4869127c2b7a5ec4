import { Alert, Button, Card, Empty, Message, Popconfirm, Space, Spin, Switch, Table, Tag } from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp } from '@arco-design/web-react/icon';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NAVIGATION_PATH, navigablePage, type NavigationEntry } from '../../../shared/org/navigation.ts';
import { navigationRoundAtom } from '../../shell/navigation-menu.ts';
import { useServices } from '../../shell/services.tsx';
import { AppIcon } from '../../shell/app-icon.tsx';
import type { PageProps } from '../types.ts';
import { editPath, movedSiblings, newPath, terminalOf, treeOrder, useNavigationData } from './NavigationModel.ts';

/**
 * console/webEntry, appEntry and console/appEntry (spec §2.6, admin; decision 0044): the menu of one terminal as
 * members will see it, in order. Entries move up and down among their siblings, are switched on and off in place,
 * and are deleted after a confirmation (a group with what it holds). The side menu follows at once.
 */
export function NavigationListPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const terminal = terminalOf(match);
  const bump = useSetAtom(navigationRoundAtom);
  const { entries, groups, apps, error, reorder, reload } = useNavigationData(terminal);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function act(work: () => Promise<unknown>, done?: string) {
    setBusy(true);
    try {
      await work();
      setActionError(null);
      if (done) Message.success(t(done));
    } catch (failure) {
      setActionError((failure as Error).message);
    } finally {
      setBusy(false);
      // Reload whatever happened: after a refusal the list shows what is really saved.
      bump((n) => n + 1);
      reload();
    }
  }

  const move = (id: string, delta: -1 | 1) => {
    const ids = entries && movedSiblings(entries, id, delta);
    if (!ids) return;
    reorder(ids);
    void act(() => api.put(`${NAVIGATION_PATH}/order`, { terminal, ids }, { json: true }));
  };

  const targetText = (entry: NavigationEntry): string => {
    if (entry.kind === 'group') return t('org.navigation.kind.group');
    if (entry.kind === 'url') return entry.target;
    if (entry.kind === 'page') {
      const route = navigablePage(entry.target);
      return route ? t(route.title) : entry.target;
    }
    return apps.find((a) => a.id === entry.target)?.name ?? t('org.navigation.appGone');
  };

  const rows = entries ? treeOrder(entries) : [];
  const columns = [
    {
      title: t('org.navigation.field.name'),
      render: (_: unknown, row: (typeof rows)[number]) => (
        <span data-testid={`nav-entry-${row.name}`}>
          {row.depth ? '└ ' : ''}
          <AppIcon name={row.icon} /> {row.name}
          {row.nameEn && <span className="qp-muted"> · {row.nameEn}</span>}
        </span>
      ),
    },
    { title: t('org.navigation.field.kind'), render: (_: unknown, row: NavigationEntry) => <Tag>{t(`org.navigation.kind.${row.kind}`)}</Tag> },
    { title: t('org.navigation.field.target'), render: (_: unknown, row: NavigationEntry) => <span>{targetText(row)}</span> },
    {
      title: t('org.navigation.field.visibility'),
      render: (_: unknown, row: NavigationEntry) =>
        row.roleGroupIds.length === 0 ? t('org.navigation.everyone') : row.roleGroupIds.map((id) => <Tag key={id}>{groups.find((g) => g.id === id)?.name ?? t('org.navigation.groupGone')}</Tag>),
    },
    {
      title: t('org.navigation.field.enabled'),
      render: (_: unknown, row: NavigationEntry) => (
        <Switch
          size="small"
          checked={row.enabled}
          disabled={busy}
          aria-label={t('org.navigation.enableOf', { name: row.name })}
          onChange={(on: boolean) => void act(() => api.request('patch', `${NAVIGATION_PATH}/${row.id}`, { body: { enabled: on }, json: true }))}
          data-testid={`nav-enabled-${row.name}`}
        />
      ),
    },
    {
      title: t('org.navigation.actions'),
      render: (_: unknown, row: NavigationEntry) => (
        <Space size={4}>
          <Button size="mini" icon={<IconArrowUp />} disabled={busy} aria-label={t('org.navigation.moveUp', { name: row.name })} onClick={() => move(row.id, -1)} data-testid={`nav-up-${row.name}`} />
          <Button size="mini" icon={<IconArrowDown />} disabled={busy} aria-label={t('org.navigation.moveDown', { name: row.name })} onClick={() => move(row.id, 1)} data-testid={`nav-down-${row.name}`} />
          <Button size="mini" type="text" onClick={() => navigate(editPath(match, row.id))} data-testid={`nav-edit-${row.name}`}>
            {t('org.navigation.edit')}
          </Button>
          <Popconfirm
            title={t(row.kind === 'group' ? 'org.navigation.deleteGroupConfirm' : 'org.navigation.deleteConfirm', { name: row.name })}
            onOk={() => act(() => api.delete(`${NAVIGATION_PATH}/${row.id}`), 'org.navigation.deleted')}
          >
            <Button size="mini" type="text" status="danger" data-testid={`nav-delete-${row.name}`}>
              {t('org.navigation.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const add = (
    <Button type="primary" onClick={() => navigate(newPath(match, terminal))} data-testid="nav-add">
      {t('org.navigation.add')}
    </Button>
  );
  return (
    <Card title={t(terminal === 'app' ? 'org.navigation.appTitle' : 'org.navigation.webTitle')} extra={add} data-testid={`navigation-list-${terminal}`}>
      <p className="qp-muted">{t(terminal === 'app' ? 'org.navigation.appHint' : 'org.navigation.webHint')}</p>
      {error && (
        <Alert type="error" className="qp-gap" content={error} action={<Button size="mini" onClick={reload}>{t('org.navigation.retry')}</Button>} />
      )}
      {actionError && <Alert type="error" className="qp-gap" content={actionError} closable onClose={() => setActionError(null)} data-testid="nav-error" />}
      {!entries && !error && <Spin block loading className="qp-gap" />}
      {entries && rows.length === 0 && (
        <Empty description={t('org.navigation.empty')} data-testid="nav-empty" />
      )}
      {rows.length > 0 && <Table rowKey="id" columns={columns} data={rows} pagination={false} data-testid="nav-table" />}
    </Card>
  );
}
