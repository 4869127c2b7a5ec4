import { Button, Message, Popconfirm, Table, Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { NoticeKind, NoticeState, OperatorNotice } from '../../../../shared/api/console-operator.ts';
import { useServices } from '../../../shell/services.tsx';

const STATE_COLOR: Record<NoticeState, string> = { scheduled: 'arcoblue', done: 'green', cancelled: 'gray' };

/** The notices of one kind, newest first; a scheduled one can be cancelled. `extra` adds a column (a countdown). */
export function NoticeTable({ kind, notices, loading, onChanged, extra }: {
  kind: NoticeKind;
  notices: OperatorNotice[];
  loading: boolean;
  onChanged: () => Promise<void>;
  extra?: { title: string; render: (notice: OperatorNotice) => ReactNode };
}) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const en = i18n.language === 'en';
  const when = (v: string | null) => (v ? new Date(v).toLocaleString(i18n.language) : '—');

  async function cancel(notice: OperatorNotice) {
    try {
      await api.post(`/api/console/operator/notices/${notice.id}/cancel`, {}, { json: true });
      await onChanged();
    } catch (failure) {
      Message.error((failure as Error).message);
    }
  }

  const announcement = kind === 'announcement';
  const columns = [
    { title: t('consoleOperator.notices.titleZh'), dataIndex: 'titleZh', render: (_: string, n: OperatorNotice) => (en ? n.titleEn : n.titleZh) },
    { title: t('consoleOperator.notices.startsAt'), dataIndex: 'startsAt', render: when },
    ...(announcement
      ? [
          { title: t('consoleOperator.notices.endsAt'), dataIndex: 'endsAt', render: when },
          { title: t('consoleOperator.notices.spaces'), dataIndex: 'spaceIds', render: (ids: string[] | null) => (ids ? ids.join(', ') : t('consoleOperator.allSpaces')) },
          { title: t('consoleOperator.notices.delivered'), dataIndex: 'delivered', render: (n: number | null) => n ?? '—' },
        ]
      : []),
    { title: t('consoleOperator.notices.state'), dataIndex: 'state', render: (s: NoticeState) => <Tag color={STATE_COLOR[s]}>{t(`consoleOperator.notices.state.${s}`)}</Tag> },
    ...(extra ? [{ title: extra.title, dataIndex: 'id', render: (_: string, n: OperatorNotice) => extra.render(n) }] : []),
    {
      title: t('consoleOperator.actions'),
      dataIndex: 'id',
      render: (_: string, n: OperatorNotice) =>
        n.state === 'scheduled' && (
          <Popconfirm title={t('consoleOperator.notices.cancelConfirm')} onOk={() => cancel(n)} okText={t('consoleOperator.confirm')} cancelText={t('consoleOperator.cancel')}>
            <Button size="mini" status="danger" data-testid={`notice-cancel-${n.id}`}>{t('consoleOperator.notices.cancelNotice')}</Button>
          </Popconfirm>
        ),
    },
  ];
  return <Table rowKey="id" columns={columns} data={notices} loading={loading} pagination={false} noDataElement={t(announcement ? 'consoleOperator.notices.empty' : 'consoleOperator.offline.empty')} data-testid="notice-table" className="qp-gap" />;
}
