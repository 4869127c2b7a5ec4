import { Alert, Breadcrumb, Button, Card, Message, Result, Space, Spin, Typography } from '@arco-design/web-react';
import { IconLeft } from '@arco-design/web-react/icon';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { appearanceAtom } from '../../../shell/appearance.ts';
import { usePageTitle } from '../../../shell/page-title.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { heldByFlow, useFlowDetail, type FlowDetailState } from '../../workflow/run/use-flow-detail.ts';
import { FilesDownloadable } from '../record-form/FileInput.tsx';
import { RecordForm } from '../record-form/RecordForm.tsx';
import { ActionBar } from './ActionBar.tsx';
import { Comments } from './Comments.tsx';
import { DiscussDialog } from './DiscussDialog.tsx';
import { appViewPath, failureText, formIdOf, pathTo, qrcodePath, queryOne, recordTitle, VALID_ID } from './model.ts';
import { SaveProblemAlert } from './SaveProblemAlert.tsx';
import { ShareModal } from './ShareModal.tsx';
import { SystemFields } from './SystemFields.tsx';
import { TransferModal } from './TransferModal.tsx';
import type { ApiRecord } from './types.ts';
import { useRecordEditor } from './use-editor.ts';
import { useRecordDetail } from './use-record-detail.ts';
import './detail.css';

const NO_FIELDS: FieldDef[] = [];
// The workflow part of the page is its own chunk: records of forms without a flow never load it.
const FlowPanel = lazy(() => import('../../workflow/run/FlowPanel.tsx'));
const FlowRecordView = lazy(() => import('../../workflow/run/FlowRecordView.tsx'));

/** Where "back" leads: the form's application view, or the application centre when the app is unknown. */
function backPath(match: RouteMatch, appId: string, formId: string): string {
  return VALID_ID.test(appId) ? appViewPath(match, appId, formId) : pathTo(match, 'appcenter.home');
}

/**
 * One record of a form (route forms.detail `{app}/detail/{form?}?id=`): its values, its system fields, the actions
 * this user may take (edit, delete, share, transfer, print, QR code) and its discussion. A record in a workflow shows
 * the flow panel instead of the plain values, and is changed only through its flow.
 */
export function FormDetailPage({ match }: PageProps) {
  const { t } = useTranslation();
  const formId = formIdOf(match);
  const id = queryOne(match, 'id');
  const appId = match.params['app'] ?? '';
  // A flow draft has no record yet: the to-do centre opens it by its instance.
  const instanceId = queryOne(match, 'instance');
  if (!VALID_ID.test(id) && VALID_ID.test(instanceId)) return <FlowOnly instanceId={instanceId} back={backPath(match, appId, formId)} />;
  if (!formId || !VALID_ID.test(id)) {
    return (
      <Result
        status="404"
        title={t('forms.detail.noRecord')}
        extra={<Button href={backPath(match, appId, formId)}>{t('forms.detail.back')}</Button>}
        data-testid="detail-no-record"
      />
    );
  }
  return <RecordDetail match={match} formId={formId} id={id} appId={appId} />;
}

/** The record (or draft) of a flow, as the flow shows it to someone forms shows nothing to. */
function FlowView({ flow, back }: { flow: FlowDetailState; back: string }) {
  return (
    <Suspense fallback={<Spin className="qp-fd-loading" />}>
      <FlowRecordView detail={flow.detail!} back={back} reload={flow.reload} />
    </Suspense>
  );
}

function FlowOnly({ instanceId, back }: { instanceId: string; back: string }) {
  const { t } = useTranslation();
  const flow = useFlowDetail({ instanceId });
  if (flow.status === 'loading') return <Spin className="qp-fd-loading" tip={t('forms.detail.loading')} />;
  if (flow.status === 'error') return <Result status="error" title={t('common.fetchFailed')} subTitle={flow.error} extra={<Button onClick={() => void flow.reload()}>{t('forms.detail.retry')}</Button>} />;
  if (!flow.detail) return <Result status="404" title={t('forms.detail.notFound')} extra={<Button href={back}>{t('forms.detail.back')}</Button>} data-testid="detail-not-found" />;
  return <FlowView flow={flow} back={back} />;
}

function RecordDetail({ match, formId, id, appId }: { match: RouteMatch; formId: string; id: string; appId: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const { form, answer, failure, reload, replace } = useRecordDetail(formId, id, t('common.fetchFailed'));
  const flow = useFlowDetail({ formId, recordId: id });
  const fields = form?.fields ?? NO_FIELDS;
  // A record from a save or a 409 may name people this page has no names for yet (a new modifier): ask again then.
  const onRecord = useCallback(
    (next: ApiRecord) => {
      replace(next);
      const known = answer?.labels.users ?? {};
      if ([next.ownerId, next.createdBy, next.updatedBy, next.handlerId].some((person) => person && !known[person])) void reload();
    },
    [answer, reload, replace],
  );
  const editor = useRecordEditor({ formId, fields, record: answer?.record ?? null, onRecord });
  const [dialog, setDialog] = useState<'share' | 'transfer' | 'chat' | null>(null);
  // The space's web chat switch as the shell read it (shared/org/webchat.ts): off, the record offers no chat.
  const chatOn = useAtomValue(appearanceAtom).webchat.enabled;
  const [actionError, setActionError] = useState<string | null>(null);
  const recordPath = `/api/forms/forms/${formId}/records/${id}`;
  const back = backPath(match, form?.appId || appId, formId);
  // The tab names the record and its form.
  usePageTitle(match, form && answer ? `${recordTitle(form.fields, answer.record, answer.labels)} - ${form.name}` : form?.name);

  const remove = useCallback(async () => {
    try {
      await api.post(`/api/forms/forms/${formId}/records/delete`, { ids: [id] }, { json: true });
      Message.success(t('forms.detail.delete.done'));
      navigate(back);
    } catch (error) {
      setActionError(failureText(error, t('common.operationFailed')));
    }
  }, [api, back, formId, id, navigate, t]);

  // After a transfer the record may have left this user's sight: ask again, and leave if it has.
  const transferred = useCallback(async () => {
    setDialog(null);
    const result = await reload();
    if ('status' in result) {
      Message.info(t('forms.detail.transfer.gone'));
      navigate(back);
    } else {
      Message.success(t('forms.detail.transfer.done'));
    }
  }, [back, navigate, reload, t]);

  if (!answer || !form || flow.status === 'loading') {
    if (!failure || flow.status === 'loading') return <Spin className="qp-fd-loading" tip={t('forms.detail.loading')} />;
    const backButton = (
      <Button type="primary" href={back} data-testid="detail-back">
        {t('forms.detail.back')}
      </Button>
    );
    // No record rule shows it, but a part in its flow does: the flow's view of it.
    if (failure.status === 404 && flow.detail) return <FlowView flow={flow} back={back} />;
    if (failure.status === 404) return <Result status="404" title={t('forms.detail.notFound')} subTitle={t('forms.detail.notFoundHint')} extra={backButton} data-testid="detail-not-found" />;
    if (failure.status === 403) return <Result status="403" title={failure.text} extra={backButton} data-testid="detail-forbidden" />;
    return (
      <Result
        status="error"
        title={t('common.fetchFailed')}
        subTitle={failure.text}
        extra={<Button onClick={() => void reload()}>{t('forms.detail.retry')}</Button>}
        data-testid="detail-load-error"
      />
    );
  }

  const { record, can, labels } = answer;
  const editing = editor.draft !== null;
  return (
    <FilesDownloadable.Provider value={form.can.download !== false}>
      <div className="qp-fd qp-fd-printable" data-testid="form-detail">
        <Card className="qp-fd-head">
          <Space direction="vertical" size="mini" className="qp-fd-title-block">
            <Space className="qp-fd-noprint">
              <Button type="text" size="small" icon={<IconLeft />} href={back} data-testid="detail-back">
                {t('forms.detail.back')}
              </Button>
              <Breadcrumb>
                {form.systemName && <Breadcrumb.Item>{form.systemName}</Breadcrumb.Item>}
                {form.appName && <Breadcrumb.Item>{form.appName}</Breadcrumb.Item>}
                <Breadcrumb.Item>{form.name}</Breadcrumb.Item>
              </Breadcrumb>
            </Space>
            <Typography.Title heading={5} className="qp-fd-title" data-testid="detail-title">
              {recordTitle(fields, record, labels)}
            </Typography.Title>
            <Typography.Text type="secondary" className="qp-fd-print-only">
              {form.name}
            </Typography.Text>
          </Space>
          <ActionBar
            can={heldByFlow(flow) ? { ...can, modify: false, delete: false } : can}
            canPrint={form.can.print !== false}
            canChat={chatOn}
            editing={editing}
            saving={editor.saving}
            qrHref={qrcodePath(match, formId, [record.id])}
            onEdit={() => (setActionError(null), editor.start())}
            onSave={() => void editor.save()}
            onCancel={editor.cancel}
            onDelete={() => void remove()}
            onShare={() => (setActionError(null), setDialog('share'))}
            onTransfer={() => (setActionError(null), setDialog('transfer'))}
            onChat={() => setDialog('chat')}
          />
        </Card>
        {actionError && <Alert type="error" content={actionError} closable onClose={() => setActionError(null)} data-testid="detail-action-error" />}
        {editor.problem && <SaveProblemAlert problem={editor.problem} onLoadLatest={editor.loadLatest} onTakeSuggested={editor.takeSuggested} onClose={editor.dismiss} />}
        {flow.detail ? (
          <Suspense fallback={<Spin className="qp-fd-loading" />}>
            <FlowPanel detail={flow.detail} fields={fields} recordValues={record.values} labels={labels} reload={() => Promise.all([flow.reload(), reload()])} />
          </Suspense>
        ) : (
          <Card title={t('forms.detail.section.values')} data-testid={editing ? 'detail-editor' : 'detail-values'}>
            {fields.length === 0 ? (
              <Typography.Text type="secondary">{t('forms.detail.noVisibleFields')}</Typography.Text>
            ) : (
              <RecordForm fields={fields} values={editor.draft ?? record.values} onChange={editor.setDraft} errors={editor.errors} readOnly={!editing} labels={labels} />
            )}
          </Card>
        )}
        <Card title={t('forms.detail.section.system')}>
          <SystemFields record={record} labels={labels} />
        </Card>
        <Comments recordPath={recordPath} />
        <ShareModal recordPath={recordPath} visible={dialog === 'share'} onClose={() => setDialog(null)} />
        {dialog === 'chat' && (
          <DiscussDialog
            match={match}
            source={{ app: 'forms', recordId: record.id, routeId: 'forms.detail', params: { app: form.appId || appId, form: formId }, query: { id: record.id }, title: recordTitle(fields, record, labels).slice(0, 200) }}
            onClose={() => setDialog(null)}
          />
        )}
        <TransferModal recordPath={recordPath} ownerId={record.ownerId} visible={dialog === 'transfer'} onClose={() => setDialog(null)} onDone={() => void transferred()} />
      </div>
    </FilesDownloadable.Provider>
  );
}
