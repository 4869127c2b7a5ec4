import { Alert, Button, Descriptions, Space, Spin, Tag } from '@arco-design/web-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { AccountSecurityView, BindKind } from '../../../../shared/api/account-security.ts';
import { useServices } from '../../../shell/services.tsx';
import { BindDialog } from './BindDialog.tsx';
import { SessionsList } from './SessionsList.tsx';
import { CloseTwoStepDialog, SetUpTwoStepDialog } from './TwoStepDialogs.tsx';

const LEVEL_COLOURS = { low: 'red', medium: 'orange', high: 'green' } as const;

type Dialog = { kind: 'bind'; what: BindKind } | { kind: 'setUp' } | { kind: 'close' } | null;

/**
 * The "account security" tab of the personal settings (spec §2.8): the account's level with what would
 * raise it, the password, bound e-mail and phone, two-step verification, and the sessions signed in.
 */
export function SecurityTab() {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const [view, setView] = useState<AccountSecurityView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);

  const load = useCallback(async () => {
    try {
      setView((await api.get<AccountSecurityView>('/api/account/security')).data);
      setError(null);
    } catch (failure) {
      setError((failure as Error).message);
    }
  }, [api]);
  useEffect(() => void load(), [load]);

  const closeDialog = (changed: boolean) => {
    setDialog(null);
    if (changed) void load();
  };

  if (error) return <Alert type="error" content={error} />;
  if (!view) return <Spin />;
  const address = (what: BindKind) => {
    const value = view[what];
    return (
      <Space>
        <span data-testid={`security-${what}`}>{value ?? t('accountSecurity.notBound')}</span>
        <Button size="small" data-testid={`security-bind-${what}`} onClick={() => setDialog({ kind: 'bind', what })}>
          {t(value ? 'accountSecurity.change' : 'accountSecurity.bind')}
        </Button>
      </Space>
    );
  };
  return (
    <section aria-labelledby="qp-security-title" data-testid="security-tab">
      <h2 id="qp-security-title" className="qp-settings-h2">{t('accountSecurity.title')}</h2>
      <div className="qp-gap">
        {t('accountSecurity.level')}{' '}
        <Tag color={LEVEL_COLOURS[view.level]} data-testid="security-level">{t(`accountSecurity.level.${view.level}`)}</Tag>
      </div>
      {view.advice.length ? (
        <div data-testid="security-advice">
          <p>{t('accountSecurity.adviceTitle')}</p>
          <ul>{view.advice.map((item) => <li key={item}>{t(`accountSecurity.advice.${item}`)}</li>)}</ul>
        </div>
      ) : (
        <p>{t('accountSecurity.allDone')}</p>
      )}
      <Descriptions
        column={1}
        border
        data={[
          {
            label: t('accountSecurity.password'),
            value: (
              <Space>
                <span>{t('accountSecurity.passwordChanged', { date: new Date(view.passwordChangedAt).toLocaleDateString() })}</span>
                <Button size="small" data-testid="security-change-password" onClick={() => navigate('/home/modifyPassword')}>
                  {t('accountSecurity.changePassword')}
                </Button>
              </Space>
            ),
          },
          { label: t('accountSecurity.email'), value: address('email') },
          { label: t('accountSecurity.phone'), value: address('phone') },
          {
            label: t('accountSecurity.twoStep'),
            value: (
              <Space>
                <span data-testid="security-two-step-state">{t(view.twoStep.enabled ? 'accountSecurity.twoStepOnState' : 'accountSecurity.twoStepOffState')}</span>
                {view.twoStep.enabled && <span>{t('accountSecurity.recoveryLeft', { count: view.twoStep.recoveryCodesLeft })}</span>}
                {view.twoStep.enabled ? (
                  <Button size="small" status="danger" data-testid="security-two-step-close" onClick={() => setDialog({ kind: 'close' })}>
                    {t('accountSecurity.turnOff')}
                  </Button>
                ) : (
                  <Button size="small" type="primary" data-testid="security-two-step-setup" onClick={() => setDialog({ kind: 'setUp' })}>
                    {t('accountSecurity.setUp')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <SessionsList />
      {dialog?.kind === 'bind' && <BindDialog kind={dialog.what} onClose={closeDialog} />}
      {dialog?.kind === 'setUp' && <SetUpTwoStepDialog onClose={closeDialog} />}
      {dialog?.kind === 'close' && <CloseTwoStepDialog onClose={closeDialog} />}
    </section>
  );
}
