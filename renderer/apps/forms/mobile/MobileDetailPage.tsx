import { Alert, Button, Result, Spin, Tag, Typography } from '@arco-design/web-react';
import { IconEdit } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { usePageTitle } from '../../../shell/page-title.ts';
import type { PageProps } from '../../types.ts';
import { heldByFlow, useFlowDetail } from '../../workflow/run/use-flow-detail.ts';
import { recordTitle, VALID_ID } from '../detail/model.ts';
import { SystemFields } from '../detail/SystemFields.tsx';
import { useRecordDetail } from '../detail/use-record-detail.ts';
import { FilesDownloadable } from '../record-form/FileInput.tsx';
import { RecordForm } from '../record-form/RecordForm.tsx';
import { MobileActions, useReshown } from './mobile-kit.tsx';
import { mobileAppsPath, mobileEditPath, mobileListPath } from './paths.ts';
import './mobile.css';

const NOTHING = () => undefined;

/**
 * One record on the phone (route forms.mobileDetail): every field this member may see, read-only, one under the
 * other; "edit" when he may change it outside a flow; the flow's state when the record is in one (its steps are
 * handled from the to-dos). A record he may not see answers 404 like one that does not exist, and says so.
 */
export function MobileDetailPage({ match }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ids = { appId: match.params['appId'] ?? '', formId: match.params['formId'] ?? '', recordId: match.params['recordId'] ?? '' };
  if ([ids.appId, ids.formId, ids.recordId].every((id) => VALID_ID.test(id))) return <RecordView match={match} {...ids} />;
  return <Result status="404" title={t('forms.mobile.notFound')} extra={<Button onClick={() => navigate(mobileAppsPath(match))}>{t('forms.mobile.back')}</Button>} />;
}

function RecordView({ match, appId, formId, recordId }: { match: RouteMatch; appId: string; formId: string; recordId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, answer, failure, reload } = useRecordDetail(formId, recordId, t('common.fetchFailed'));
  const flow = useFlowDetail({ formId, recordId });
  const title = form && answer ? recordTitle(form.fields, answer.record, answer.labels) : null;
  usePageTitle(match, title && form ? `${title} - ${form.name}` : null);
  const list = mobileListPath(match, appId, formId);
  // Back from editing: the record as saved.
  useReshown(() => void reload());

  if (failure?.status === 404) {
    return <Result status="404" title={t('forms.mobile.notFound')} extra={<Button onClick={() => navigate(list)}>{t('forms.mobile.back')}</Button>} data-testid="mf-detail-missing" />;
  }
  if (failure) return <Result status="error" title={failure.text} extra={<Button onClick={() => void reload()}>{t('forms.mobile.retry')}</Button>} data-testid="mf-detail-failure" />;
  if (!form || !answer) return <Spin className="qp-mf-inline-spin" tip={t('forms.mobile.loading')} />;

  const inFlow = flow.status === 'ready' && flow.detail !== null;
  const editable = answer.can.modify && !heldByFlow(flow) && flow.status !== 'loading';
  return (
    <FilesDownloadable.Provider value={form.can.download !== false}>
      <div className="qp-mf-page" data-testid="mf-detail">
        <div className="qp-mf-head">
          <Typography.Title heading={2} className="qp-mf-record-title">
            {title}
          </Typography.Title>
          <MobileActions>
            {editable && (
              <Button className="qp-mf-touch" type="primary" icon={<IconEdit />} onClick={() => navigate(mobileEditPath(match, appId, formId, recordId))} data-testid="mf-edit-button">
                {t('forms.mobile.edit')}
              </Button>
            )}
          </MobileActions>
        </div>
        <div className="qp-mf-form-name">{form.name}</div>
        {inFlow && (
          <Alert
            className="qp-mf-notice"
            type="info"
            title={
              <span>
                {t('forms.mobile.flowState')} <Tag data-testid="mf-flow-state">{t(`workflow.ui.state.${flow.detail!.instance.state}`)}</Tag>
              </span>
            }
            content={heldByFlow(flow) ? t('forms.mobile.flowHeld') : undefined}
          />
        )}
        <div className="qp-mf-form" data-testid="mf-detail-fields">
          <RecordForm fields={form.fields} values={answer.record.values} onChange={NOTHING} readOnly labels={answer.labels} />
        </div>
        <div className="qp-mf-system-fields">
          <SystemFields record={answer.record} labels={answer.labels} />
        </div>
      </div>
    </FilesDownloadable.Provider>
  );
}
