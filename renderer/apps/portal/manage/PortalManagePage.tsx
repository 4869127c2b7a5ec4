import { Alert, Button, Card, Popconfirm, Radio, Space, Table, Tag, Typography, type TableColumnProps } from '@arco-design/web-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TERMINALS, type PortalSummary, type Terminal } from '../../../../shared/portal/model.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { PortalDesigner } from '../designer/PortalDesigner.tsx';
import { imageUrl, portalApi } from '../portal-api.ts';
import { builtPath } from '../viewer/links.ts';
import { PortalInfoDialog, type InfoValue } from './PortalInfoDialog.tsx';
import { useRoleGroupNames } from '../../../shell/picker/use-role-groups.ts';
import './manage.css';

type Editing = { mode: 'create' } | { mode: 'edit'; portal: PortalSummary };

/**
 * Portal management (`system/portal`, §2.8, admins and delegates of `portal.manage`): the portals of each terminal
 * with their cover, people, times, system and default marks and scope; create, edit, copy, delete, set default,
 * preview, and the layout designer (a full-screen drawer over the list).
 */
export function PortalManagePage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const calls = portalApi(api);
  const [terminal, setTerminal] = useState<Terminal>('web');
  const [rows, setRows] = useState<PortalSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [designing, setDesigning] = useState<string | null>(null);
  const groups = useRoleGroupNames();

  const load = useCallback(() => {
    setRows(null);
    portalApi(api)
      .list(terminal, true)
      .then(
        (list) => (setRows(list), setError(null)),
        (failure: Error) => (setRows([]), setError(failure.message)),
      );
  }, [api, terminal]);
  useEffect(load, [load]);

  const act = (work: () => Promise<unknown>) => () =>
    void work().then(load, (failure: Error) => setError(failure.message));

  async function saveInfo(value: InfoValue) {
    const roleGroups = value.scope.map((item) => item.id);
    if (editing?.mode === 'edit') {
      const portal = await calls.get(editing.portal.id);
      const { terminal: own, components } = portal;
      await calls.save(portal.id, { terminal: own, components, name: value.name, description: value.description, cover: value.cover, roleGroups }, portal.version);
    } else {
      await calls.create({ terminal, name: value.name, description: value.description, cover: value.cover, roleGroups, components: [] });
    }
    setEditing(null);
    load();
  }

  const scopeText = (ids: string[]) => (ids.length === 0 ? t('portal.ui.everyone') : ids.map((id) => groups.get(id) ?? id).join('、'));
  const when = (at: string) => new Date(at).toLocaleString();
  const preview = (id: string) => builtPath(match, 'forms.viewPreview', { module: 'portal', appId: id, terminal }) ?? undefined;

  const columns: TableColumnProps<PortalSummary>[] = [
    {
      title: t('portal.ui.field.cover'),
      render: (_, row) => (row.cover ? <img src={imageUrl(match.spaceUri, row.cover)} alt={row.name} className="qp-portal-cover-thumb" /> : <span className="qp-portal-cover-none" aria-hidden />),
    },
    {
      title: t('portal.ui.field.name'),
      render: (_, row) => (
        <Space wrap size="mini">
          <Typography.Text bold>{row.name}</Typography.Text>
          {row.system && <Tag color="gray">{t('portal.ui.system')}</Tag>}
          {row.isDefault && <Tag color="green" data-testid={`portal-default-${row.id}`}>{t('portal.ui.default')}</Tag>}
        </Space>
      ),
    },
    { title: t('portal.ui.field.description'), render: (_, row) => row.description || '—' },
    { title: t('portal.ui.field.scope'), render: (_, row) => scopeText(row.roleGroups) },
    { title: t('portal.ui.creator'), render: (_, row) => `${row.creator.name} · ${when(row.createdAt)}` },
    { title: t('portal.ui.editor'), render: (_, row) => `${row.editor.name} · ${when(row.updatedAt)}` },
    {
      title: t('portal.ui.actions'),
      render: (_, row) => (
        <Space wrap size="mini">
          <Button size="mini" type="primary" onClick={() => setDesigning(row.id)} data-testid={`portal-design-${row.id}`}>{t('portal.ui.design')}</Button>
          <Button size="mini" onClick={() => setEditing({ mode: 'edit', portal: row })} data-testid={`portal-edit-${row.id}`}>{t('portal.ui.edit')}</Button>
          <Button size="mini" onClick={act(() => calls.copy(row.id))} data-testid={`portal-copy-${row.id}`}>{t('portal.ui.copy')}</Button>
          <Button size="mini" href={preview(row.id)} target="_blank" data-testid={`portal-preview-${row.id}`}>{t('portal.ui.preview.open')}</Button>
          {!row.isDefault && <Button size="mini" onClick={act(() => calls.setDefault(row.id))} data-testid={`portal-set-default-${row.id}`}>{t('portal.ui.setDefault')}</Button>}
          {!row.system && (
            <Popconfirm title={t('portal.ui.deleteConfirm', { name: row.name })} onOk={act(() => calls.remove(row.id))}>
              <Button size="mini" status="danger" data-testid={`portal-delete-${row.id}`}>{t('portal.ui.delete')}</Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={<h1 className="qp-portal-manage-title">{t('routes.portal.manage')}</h1>} data-testid="portal-manage">
      <Space direction="vertical" size="medium" style={{ width: '100%' }}>
        <Space wrap>
          <Radio.Group type="button" value={terminal} onChange={(value: Terminal) => setTerminal(value)} aria-label={t('portal.ui.terminalPick')}>
            {TERMINALS.map((name) => (
              <Radio key={name} value={name} data-testid={`portal-terminal-${name}`}>{t(`portal.ui.terminal.${name}`)}</Radio>
            ))}
          </Radio.Group>
          <Button type="primary" onClick={() => setEditing({ mode: 'create' })} data-testid="portal-create">{t('portal.ui.create')}</Button>
        </Space>
        {error && <Alert type="error" content={error} closable onClose={() => setError(null)} data-testid="portal-manage-error" />}
        <Table rowKey="id" loading={rows === null} data={rows ?? []} columns={columns} pagination={false} noDataElement={t('portal.ui.noPortals')} data-testid="portal-list" />
      </Space>
      {editing && (
        <PortalInfoDialog
          title={editing.mode === 'create' ? t('portal.ui.createTitle', { terminal: t(`portal.ui.terminal.${terminal}`) }) : t('portal.ui.editTitle')}
          initial={
            editing.mode === 'create'
              ? { name: '', description: '', cover: null, scope: [] }
              : { name: editing.portal.name, description: editing.portal.description, cover: editing.portal.cover, scope: editing.portal.roleGroups.map((id) => ({ kind: 'roleGroup', id, name: groups.get(id) ?? id })) }
          }
          spaceUri={match.spaceUri}
          onSave={saveInfo}
          onClose={() => setEditing(null)}
        />
      )}
      {designing && <PortalDesigner portalId={designing} match={match} onClose={() => (setDesigning(null), load())} />}
    </Card>
  );
}
