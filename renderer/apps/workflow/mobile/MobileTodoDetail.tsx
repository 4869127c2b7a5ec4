import { Alert, Button, Empty, Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { usePageTitle } from '../../../shell/page-title.ts';
import { FlowPanel } from '../run/FlowPanel.tsx';
import { useFlowDetail } from '../run/use-flow-detail.ts';

/**
 * One to-do opened on the phone (`m/todo?instance=…`): the record as the flow shows it to this member — the fields
 * his node lets him see, those it opens editable — with the actions the server lists for him (approve, return,
 * entrust …), the flow and its history. The run-time's own panel and calls (decision 0053): nothing of the engine is
 * repeated here; the mobile frame makes its buttons and fields touch-sized.
 */
export function MobileTodoDetail({ match, instanceId }: { match: RouteMatch; instanceId: string }) {
  const { t } = useTranslation();
  const flow = useFlowDetail({ instanceId });
  const detail = flow.detail;
  const title = detail ? detail.instance.title || detail.form.name : null;
  usePageTitle(match, title);

  if (flow.status === 'loading') return <Spin className="qp-mt-loading" data-testid="m-todo-loading" />;
  if (flow.status === 'error') {
    return (
      <Alert
        type="error"
        title={t('common.fetchFailed')}
        content={flow.error}
        action={<Button onClick={() => void flow.reload()}>{t('workflow.ui.retry')}</Button>}
        data-testid="m-todo-error"
      />
    );
  }
  if (!detail) return <Empty description={t('mobileShell.todo.gone')} data-testid="m-todo-gone" />;
  return (
    <div className="qp-mt-detail" data-testid="m-todo-detail">
      <p className="qp-mt-form">
        {detail.form.appName && `${detail.form.appName} · `}
        {detail.form.name}
      </p>
      <FlowPanel detail={detail} fields={detail.form.fields ?? []} recordValues={null} reload={flow.reload} />
    </div>
  );
}
