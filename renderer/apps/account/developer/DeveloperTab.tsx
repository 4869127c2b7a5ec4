import { Alert, Button, Descriptions, Popconfirm, Spin, Tag, Typography } from '@arco-design/web-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeveloperApplication } from '../../../../shared/api/account-developer.ts';
import { useServices } from '../../../shell/services.tsx';
import { ApplyForm } from './ApplyForm.tsx';
import { developerApi } from './developer-api.ts';
import { developerView } from './developer-model.ts';

type Feedback = { type: 'success' | 'error'; text: string } | null;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/**
 * The "developer authorisation" tab of personal settings (spec §2.8, §4; decision 0058): apply with a reason, see
 * the review state, reveal an approved token once (it is stored only as a hash, so it can never be shown again —
 * afterwards only its last 4 characters), reset it through a new application, or revoke it.
 */
export function DeveloperTab() {
  const { t } = useTranslation();
  const { api } = useServices();
  const calls = useMemo(() => developerApi(api), [api]);
  const [applications, setApplications] = useState<DeveloperApplication[] | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [revealed, setRevealed] = useState<string | null>(null);

  const reload = useCallback(() => {
    calls.mine().then(setApplications, (failure: Error) => setFeedback({ type: 'error', text: failure.message }));
  }, [calls]);
  useEffect(reload, [reload]);

  const act = async (work: () => Promise<unknown>, success: string): Promise<boolean> => {
    setFeedback(null);
    try {
      await work();
      setFeedback({ type: 'success', text: t(success) });
      reload();
      return true;
    } catch (failure) {
      setFeedback({ type: 'error', text: (failure as Error).message });
      return false;
    }
  };

  if (!applications) return feedback ? <Alert type="error" content={feedback.text} /> : <Spin />;
  const view = developerView(applications);
  const reveal = (id: string) => act(async () => setRevealed(await calls.collect(id)), 'account.developer.revealedOk');

  return (
    // A plain column, not Arco's Space: Space keys its items by position, so a message appearing above the form
    // would remount it and lose the reason being typed.
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="developer-tab">
      <Typography.Paragraph type="secondary">{t('account.developer.intro')}</Typography.Paragraph>
      {feedback && <Alert type={feedback.type} content={feedback.text} closable onClose={() => setFeedback(null)} data-testid="developer-feedback" />}
      {revealed && (
        <Alert
          type="warning"
          title={t('account.developer.revealTitle')}
          content={<Typography.Paragraph copyable code data-testid="developer-token">{revealed}</Typography.Paragraph>}
          data-testid="developer-revealed"
        />
      )}
      {view.live && (
        <Descriptions
          column={1}
          title={t('account.developer.liveTitle')}
          data-testid="developer-live"
          data={[
            { label: t('account.developer.state'), value: <Tag color="green">{t('account.developer.state.approved')}</Tag> },
            {
              label: t('account.developer.token'),
              value: view.live.collectable ? (
                <Button type="primary" size="small" onClick={() => reveal(view.live!.id)} data-testid="developer-reveal">{t('account.developer.reveal')}</Button>
              ) : (
                <Typography.Text code data-testid="developer-last4">{`qpd_…${view.live.last4 ?? ''}`}</Typography.Text>
              ),
            },
            { label: t('account.developer.approvedAt'), value: when(view.live.decidedAt) },
            { label: t('account.developer.lastUsed'), value: when(view.live.lastUsedAt) },
          ]}
        />
      )}
      {view.live && !view.live.collectable && (
        <Popconfirm title={t('account.developer.revokeConfirm')} onOk={() => act(() => calls.revokeMine(view.live!.id), 'account.developer.revokedOk')}>
          <Button status="danger" data-testid="developer-revoke">{t('account.developer.revoke')}</Button>
        </Popconfirm>
      )}
      {view.pending && (
        <Alert type="info" title={t('account.developer.pendingTitle')} data-testid="developer-pending"
          content={<>{t('account.developer.pendingBody', { reason: view.pending.reason, at: when(view.pending.createdAt) })}{view.live ? ` ${t('account.developer.oldStillWorks')}` : ''}</>} />
      )}
      {view.rejected && !view.pending && (
        <Alert type="error" title={t('account.developer.rejectedTitle')} content={t('account.developer.rejectedBody', { note: view.rejected.note ?? '' })} data-testid="developer-rejected" />
      )}
      {view.canApply && <ApplyForm reset={view.live !== null} onSubmit={(reason) => act(() => calls.apply(reason), 'account.developer.appliedOk')} />}
    </div>
  );
}
