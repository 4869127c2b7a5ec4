import { useTranslation } from 'react-i18next';
import { OplogView } from '../../shell/oplog/OplogView.tsx';
import type { PageProps } from '../types.ts';
import { useList, type Member } from './org-api.ts';

/**
 * The space's operation log for its auditor (spec §2.6 sysop/security/audit and sysop/safety/audit;
 * three-role separation, decision 0033): every member's operations, administrators' and reviewers' included.
 */
export function AuditLogPage({ match }: PageProps) {
  const { t } = useTranslation();
  const members = useList<Member>('/api/org/members', 'members');
  return <OplogView spaceUri={match.spaceUri} scope={{ kind: 'space', members: members.items ?? [] }} title={t('org.audit.title')} hint={t('org.audit.hint')} />;
}
