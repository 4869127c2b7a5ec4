import { Alert, Button, Card, Empty, Message, Popconfirm, Space, Table, Typography, type ButtonProps } from '@arco-design/web-react';
import { IconSwap, IconUndo } from '@arco-design/web-react/icon';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import type { RecordLabels } from '../record-form/types.ts';
import { FormPicker } from './FormPicker.tsx';
import { failureText, formatTime, formIdOf, pathTo, recordTitle } from './model.ts';
import type { ApiRecord, FormInfo } from './types.ts';
import './detail.css';

/**
 * The data recycle bin (route forms.recycleData `recycleDatas?formId=`): deleted records of one form, to restore
 * or, for the form's administrators, to purge for good. Without `formId` the user first picks a form.
 */
export function RecycleDataPage({ match }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formId = formIdOf(match);
  const pick = (id: string) => navigate(pathTo(match, 'forms.recycleData', {}, { formId: id }));
  return (
    <div className="qp-fd">
      {formId ? (
        <RecycleList match={match} formId={formId} onSwitch={() => navigate(pathTo(match, 'forms.recycleData'))} />
      ) : (
        <>
          <Typography.Title heading={5}>{t(match.route.title)}</Typography.Title>
          <FormPicker hint={t('forms.detail.recycle.pick')} onPick={pick} />
        </>
      )}
    </div>
  );
}

function RecycleList({ match, formId, onSwitch }: { match: RouteMatch; formId: string; onSwitch(): void }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const [form, setForm] = useState<FormInfo | null>(null);
  const [records, setRecords] = useState<ApiRecord[] | null>(null);
  const [labels, setLabels] = useState<RecordLabels>({});
  const [loadError, setLoadError] = useState<string | null>(null);
  // Kept apart from loadError: the reload after a refused restore must not wipe the refusal's text.
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const base = `/api/forms/forms/${formId}`;

  const load = useCallback(() => {
    Promise.all([api.get<FormInfo>(base), api.get<{ records: ApiRecord[]; labels: RecordLabels }>(`${base}/recycle`)]).then(
      ([own, bin]) => (setForm(own.data), setRecords(bin.data.records), setLabels(bin.data.labels ?? {}), setLoadError(null)),
      (failure: unknown) => (setLoadError(failureText(failure, t('common.fetchFailed'))), setRecords((old) => old ?? [])),
    );
  }, [api, base, t]);
  useEffect(load, [load]);

  async function act(record: ApiRecord, work: () => Promise<unknown>, done: string) {
    setBusy(record.id);
    try {
      await work();
      Message.success(t(done, { title: recordTitle(form?.fields ?? [], record, labels) }));
      setError(null);
    } catch (failure) {
      // 409 "already occupied" / "number repeated" and 403 come with the server's own words.
      setError(failureText(failure, t('common.operationFailed')));
    } finally {
      setBusy(null);
      load();
    }
  }

  const person = (id: string | null) => (id ? (labels.users?.[id] ?? `#${id}`) : '');
  const columns = [
    {
      title: t('forms.detail.recycle.record'),
      render: (_: unknown, record: ApiRecord) => <span data-testid={`recycle-row-${record.id}`}>{recordTitle(form?.fields ?? [], record, labels)}</span>,
    },
    { title: t('forms.detail.system.number'), render: (_: unknown, record: ApiRecord) => record.number ?? '' },
    { title: t('forms.detail.system.owner'), render: (_: unknown, record: ApiRecord) => person(record.ownerId) },
    { title: t('forms.detail.system.updatedAt'), render: (_: unknown, record: ApiRecord) => formatTime(record.updatedAt, i18n.language) },
    { title: t('forms.detail.recycle.deletedAt'), render: (_: unknown, record: ApiRecord) => formatTime(record.deletedAt, i18n.language) },
    {
      title: t('forms.detail.recycle.actions'),
      render: (_: unknown, record: ApiRecord) => (
        <Space>
          <Button
            size="small"
            type="primary"
            icon={<IconUndo />}
            loading={busy === record.id}
            onClick={() => void act(record, () => api.post(`${base}/recycle/${record.id}/restore`, {}, { json: true }), 'forms.detail.recycle.restored')}
            data-testid={`recycle-restore-${record.id}`}
          >
            {t('forms.detail.recycle.restore')}
          </Button>
          {form?.can.design && (
            <Popconfirm
              title={t('forms.detail.recycle.purgeConfirm', { title: recordTitle(form.fields, record, labels) })}
              content={t('forms.detail.recycle.purgeHint')}
              onOk={() => void act(record, () => api.delete(`${base}/recycle/${record.id}`), 'forms.detail.recycle.purged')}
              okButtonProps={{ status: 'danger', 'data-testid': `recycle-purge-ok-${record.id}` } as ButtonProps}
            >
              <Button size="small" status="danger" disabled={busy === record.id} data-testid={`recycle-purge-${record.id}`}>
                {t('forms.detail.recycle.purge')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Card>
        <div className="qp-fd-toolbar">
          <Typography.Title heading={5} style={{ margin: 0 }}>
            {form ? t('forms.detail.recycle.title', { form: form.name }) : t(match.route.title)}
          </Typography.Title>
          {form && <Typography.Text type="secondary">{[form.systemName, form.appName].filter(Boolean).join(' / ')}</Typography.Text>}
          <span className="qp-fd-spacer" />
          <Button icon={<IconSwap />} onClick={onSwitch} data-testid="recycle-switch">
            {t('forms.detail.recycle.switch')}
          </Button>
        </div>
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {form?.can.design ? t('forms.detail.recycle.hintAdmin') : t('forms.detail.recycle.hintMember')}
        </Typography.Paragraph>
      </Card>
      {loadError && <Alert type="error" content={loadError} data-testid="recycle-load-error" />}
      {error && <Alert type="error" content={error} closable onClose={() => setError(null)} data-testid="recycle-error" />}
      <Card>
        <Table
          rowKey="id"
          columns={columns}
          data={records ?? []}
          loading={records === null}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          noDataElement={<Empty description={t('forms.detail.recycle.empty')} />}
          data-testid="recycle-table"
        />
      </Card>
    </>
  );
}
