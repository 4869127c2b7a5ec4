import { Empty, Tag, Timeline } from '@arco-design/web-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../kernel/time.ts';
import { actorOf, isMessageKey, nodeIndex, nodeLabel, personName } from './flow-model.ts';
import type { FlowDetail, TimelineEntry } from './types.ts';

/** Actions of the log with a label of their own; another (a newer engine's) shows by its name. */
const LOGGED = [
  'submit', 'resubmit', 'saveDraft', 'approve', 'return', 'rollback', 'withdraw', 'retrieve', 'interrupt', 'recover', 'invalidate',
  'entrust', 'acceptEntrust', 'refuseEntrust', 'cancelEntrust', 'urge', 'cc', 'autoApprove', 'finish', 'reassign', 'jump',
];

/** Who did it: "B (on behalf of A)" for an agent, trustee or entrustee; the system for automatic steps. */
export function ActorText({ entry, users }: { entry: Pick<TimelineEntry, 'operatorId' | 'onBehalfOf' | 'via'>; users: Record<string, string> }) {
  const { t } = useTranslation();
  const { operator, principal } = actorOf(entry, users);
  if (operator === null) return <span>{t('workflow.ui.system')}</span>;
  return <span>{principal ? t('workflow.ui.onBehalfOf', { operator, principal }) : operator}</span>;
}

/** Every action of every round, oldest first: who, how (via), where, why, when. */
export function FlowTimeline({ detail }: { detail: FlowDetail }) {
  const { t, i18n } = useTranslation();
  const nodes = useMemo(() => nodeIndex(detail.model), [detail.model]);
  const typeName = (type: string) => t(`workflow.ui.nodeType.${type}`);
  const rounds = new Set(detail.timeline.map((e) => e.round)).size > 1;
  if (!detail.timeline.length) return <Empty description={t('workflow.ui.timeline.empty')} />;
  return (
    <Timeline className="qp-wf-timeline" data-testid="flow-timeline">
      {detail.timeline.map((entry) => {
        const reason = entry.reason && (isMessageKey(entry.reason) ? t(entry.reason) : entry.reason);
        const to = entry.toNodes.filter((id) => id !== entry.fromNode).map((id) => (id === 'start' ? t('workflow.ui.nodeType.start') : nodeLabel(nodes.get(id), typeName, id)));
        return (
          <Timeline.Item key={entry.id} label={formatTime(entry.at, i18n.language)} data-testid={`flow-log-${entry.id}`}>
            <div className="qp-wf-log-head">
              <strong>{LOGGED.includes(entry.action) ? t(`workflow.ui.log.${entry.action}`) : entry.action}</strong>
              <ActorText entry={entry} users={detail.users} />
              {entry.via !== 'user' && entry.via !== 'system' && <Tag size="small">{t(`workflow.ui.via.${entry.via}`)}</Tag>}
              {rounds && <span className="qp-wf-muted">{t('workflow.ui.timeline.round', { n: entry.round })}</span>}
            </div>
            {(entry.fromNode || to.length > 0) && (
              <div className="qp-wf-muted">
                {entry.fromNode && nodes.has(entry.fromNode) && t('workflow.ui.timeline.at', { node: nodeLabel(nodes.get(entry.fromNode), typeName) })}
                {to.length > 0 && ` ${t('workflow.ui.timeline.to', { nodes: to.join(', ') })}`}
              </div>
            )}
            {reason && <div className="qp-wf-log-reason">{reason}</div>}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

/** Who the instance was copied to, by whom (or by a CC node), with the note. */
export function CcList({ detail }: { detail: FlowDetail }) {
  const { t, i18n } = useTranslation();
  const nodes = useMemo(() => nodeIndex(detail.model), [detail.model]);
  const typeName = (type: string) => t(`workflow.ui.nodeType.${type}`);
  if (!detail.cc.length) return <Empty description={t('workflow.ui.cc.empty')} />;
  return (
    <ul className="qp-wf-cc" data-testid="flow-cc">
      {detail.cc.map((cc) => (
        <li key={`${cc.round}-${cc.nodeId}-${cc.recipientId}`}>
          <strong>{personName(detail.users, cc.recipientId)}</strong>
          <span className="qp-wf-muted">
            {' '}
            {cc.fromUserId ? t('workflow.ui.cc.from', { name: personName(detail.users, cc.fromUserId) }) : t('workflow.ui.cc.byNode', { node: nodeLabel(nodes.get(cc.nodeId), typeName, cc.nodeId) })}
            {' · '}
            {formatTime(cc.at, i18n.language)}
          </span>
          {cc.note && <div className="qp-wf-log-reason">{cc.note}</div>}
        </li>
      ))}
    </ul>
  );
}
