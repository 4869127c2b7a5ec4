import { Button, Card, Message, Popconfirm, Result, Space, Spin, Table, Tag, Typography } from '@arco-design/web-react';
import { IconDelete, IconEdit, IconEye, IconLeft, IconPlus } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { KIND_ICON, mayEdit } from './components/ViewTabs.tsx';
import { ViewDialog, type ViewDialogStart } from './components/ViewDialog.tsx';
import { useFormInfo, useSavedViews } from './hooks/use-form.ts';
import { routePath } from './links.ts';
import { conditionCount, fromFilterGroup } from './model/filter-model.ts';
import { labelOf } from './model/records.ts';
import { viewsPath } from './records-api.ts';
import type { SavedView } from './types.ts';
import './views.css';

const VALID_ID = /^[0-9]{1,18}$/;

/** One line saying what a view shows: its grouping / date / resource / levels, columns and filter. */
function useSummary(fields: readonly FieldDef[]) {
  const { t } = useTranslation();
  const name = (key: string | undefined) => (key ? labelOf(fields, key, t) : '—');
  return (view: SavedView) => {
    const c = view.config;
    const parts: string[] = [];
    if (view.kind === 'board') parts.push(t('forms.views.summary.group', { field: name(c.groupField) }));
    if (view.kind === 'calendar') parts.push(t('forms.views.summary.date', { field: name(c.dateField), mode: t(`forms.views.calendar.${c.mode ?? 'month'}`) }));
    if (view.kind === 'occupy') parts.push(t('forms.views.summary.occupy', { field: name(c.resourceField), start: name(c.startField), end: name(c.endField) }));
    if (view.kind === 'cascade') parts.push((c.levels ?? []).map(name).join(' / '));
    if (c.columns?.length) parts.push(t('forms.views.summary.columns', { n: c.columns.length }));
    if (c.filter) parts.push(t('forms.views.summary.filter', { n: conditionCount(fromFilterGroup(c.filter)) }));
    if (c.pageSize) parts.push(t('forms.views.summary.pageSize', { n: c.pageSize }));
    return parts.join(' · ');
  };
}

/** Saved views of one form (route forms.customView `customview/config/{module}/{appId}`, `module` = the form id). */
export function CustomViewConfigPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const formId = match.params.module ?? '';
  const appId = match.params.appId ?? '';
  const valid = VALID_ID.test(formId);
  const info = useFormInfo(valid ? formId : null);
  const saved = useSavedViews(valid ? formId : null);
  const [dialog, setDialog] = useState<ViewDialogStart | null>(null);
  const summary = useSummary(info.data?.fields ?? []);

  if (!valid) return <Result status="404" title={t('forms.formNotFound')} />;
  if (info.error || saved.error) return <Result status="error" title={t('common.fetchFailed')} subTitle={info.error ?? saved.error} />;
  if (!info.data || !saved.data) return <Spin className="qp-fv-loading" />;
  const form = info.data;
  const appView = (viewId?: string) => routePath(match, 'forms.appView', { appId: appId || form.appId, module: formId }, { viewId });

  async function remove(view: SavedView) {
    try {
      await api.delete(viewsPath(formId, view.id));
      Message.success(t('forms.views.viewDeleted'));
      saved.reload();
    } catch (failure) {
      Message.error((failure as Error).message);
    }
  }

  const columns = [
    { title: t('forms.views.dialog.name'), render: (_: unknown, v: SavedView) => <span data-testid={`view-row-${v.id}`}>{v.name}</span> },
    { title: t('forms.views.dialog.kind'), width: 140, render: (_: unknown, v: SavedView) => <Space size="mini">{KIND_ICON[v.kind]}{t(`forms.views.kind.${v.kind}`)}</Space> },
    {
      title: t('forms.views.dialog.shared'),
      width: 120,
      render: (_: unknown, v: SavedView) => (v.ownerId === null ? <Tag color="green">{t('forms.views.sharedView')}</Tag> : <Tag>{t('forms.views.personalView')}</Tag>),
    },
    { title: t('forms.views.summary.title'), render: (_: unknown, v: SavedView) => <Typography.Text type="secondary">{summary(v)}</Typography.Text> },
    {
      title: '',
      width: 230,
      render: (_: unknown, v: SavedView) => (
        <Space size="mini">
          <Button size="mini" type="text" icon={<IconEye />} href={appView(v.id)}>{t('forms.views.open')}</Button>
          {mayEdit(v, form.can.design) && (
            <>
              <Button size="mini" type="text" icon={<IconEdit />} onClick={() => setDialog({ view: v, kind: v.kind, config: v.config })} data-testid={`view-edit-${v.id}`}>
                {t('forms.views.editView')}
              </Button>
              <Popconfirm title={t('forms.views.deleteConfirm', { name: v.name })} onOk={() => void remove(v)}>
                <Button size="mini" type="text" status="danger" icon={<IconDelete />} data-testid={`view-delete-${v.id}`}>{t('forms.views.deleteView')}</Button>
              </Popconfirm>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="qp-fv-page">
      <Button type="text" icon={<IconLeft />} href={appView()} data-testid="views-back">{t('forms.views.backToForm', { name: form.name })}</Button>
      <Card
        title={t('forms.views.manageTitle', { name: form.name })}
        extra={<Button type="primary" icon={<IconPlus />} onClick={() => setDialog({ kind: 'list', config: {} })} data-testid="view-new">{t('forms.views.newView')}</Button>}
      >
        <Table rowKey="id" columns={columns} data={saved.data} pagination={false} noDataElement={t('forms.views.noSavedViews')} />
      </Card>
      {dialog && (
        <ViewDialog
          formId={formId}
          fields={form.fields}
          canShare={form.can.design}
          start={dialog}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            Message.success(t('forms.views.viewSaved'));
            saved.reload();
          }}
        />
      )}
    </div>
  );
}
