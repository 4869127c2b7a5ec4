import { Breadcrumb, Button, Card, Space, Typography } from '@arco-design/web-react';
import { IconLeft } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { FlowPanel } from './FlowPanel.tsx';
import type { FlowDetail } from './types.ts';

interface Props {
  detail: FlowDetail;
  /** Where "back" leads (the form's application view). */
  back: string;
  reload(): Promise<unknown>;
}

/**
 * A record seen only through its flow (forms has no rule that shows it to this member, or it is a draft that has
 * no record yet): the flow's own values — the node's hidden fields absent — with the flow panel, under the same
 * head as forms' record page, laid out with the fields the flow's answer says this member may see.
 */
export function FlowRecordView({ detail, back, reload }: Props) {
  const { t } = useTranslation();
  // The flow's answer carries the fields this member may see: forms may not answer him at all (no app, no rule).
  const fields = detail.form.fields ?? [];

  const title = detail.instance.title || (detail.instance.recordId ? `#${detail.instance.recordId}` : t('workflow.ui.state.draft'));
  return (
    <div className="qp-fd" data-testid="flow-record">
      <Card className="qp-fd-head">
        <Space direction="vertical" size="mini" className="qp-fd-title-block">
          <Space>
            <Button type="text" size="small" icon={<IconLeft />} href={back} data-testid="detail-back">
              {t('workflow.ui.back')}
            </Button>
            <Breadcrumb>
              {detail.form.appName && <Breadcrumb.Item>{detail.form.appName}</Breadcrumb.Item>}
              <Breadcrumb.Item>{detail.form.name}</Breadcrumb.Item>
            </Breadcrumb>
          </Space>
          <Typography.Title heading={5} className="qp-fd-title" data-testid="detail-title">
            {title}
          </Typography.Title>
        </Space>
      </Card>
      <FlowPanel detail={detail} fields={fields} recordValues={null} reload={reload} />
    </div>
  );
}

export default FlowRecordView;
