import { Alert, Button, Form, Input, InputNumber, Message, Space, Spin, Switch, Tag } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rolesFor } from '../../../shared/permissions.ts';
import { IP_ROLES, POLICY_LIMITS, policyProblems, securityLevel, type IpRole, type SecurityLevel, type SecurityPolicy } from '../../../shared/security-policy.ts';
import { sessionAtom } from '../../kernel/atoms.ts';
import { useServices } from '../../shell/services.tsx';

const LEVEL_COLORS: Record<SecurityLevel, string> = { low: 'red', medium: 'orange', high: 'green' };
const NUMBERS = ['passwordMinLength', 'passwordClasses', 'passwordExpiryDays', 'lockoutFailures', 'lockoutMinutes', 'idleMinutes'] as const;
const LABELS: Record<(typeof NUMBERS)[number], string> = {
  passwordMinLength: 'security.policy.passwordMinLength',
  passwordClasses: 'security.policy.passwordClasses.label',
  passwordExpiryDays: 'security.policy.passwordExpiryDays',
  lockoutFailures: 'security.policy.lockoutFailures',
  lockoutMinutes: 'security.policy.lockoutMinutes',
  idleMinutes: 'security.policy.idleMinutes',
};

/**
 * The space's security policy (the security reviewer edits, the administrator and the auditor read): password rules,
 * lockout, idle timeout, addresses per role and an enforced watermark, with the §9 level they add up to. The same
 * rules (`policyProblems`) run here and on the server; a change applies at once in every server process.
 */
export function SecurityPolicyPanel() {
  const { t } = useTranslation();
  const { api } = useServices();
  const roles = useAtomValue(sessionAtom)?.roles ?? [];
  const canEdit = rolesFor('org.security.manage').some((role) => roles.includes(role));
  const [policy, setPolicy] = useState<SecurityPolicy | null>(null);
  const [addresses, setAddresses] = useState<Record<IpRole, string>>({ admin: '', safe: '', audit: '', user: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api.get('/api/org/security-policy').then(
      (answer) => {
        const loaded = (answer.data as { policy: SecurityPolicy }).policy;
        setPolicy(loaded);
        setAddresses(Object.fromEntries(IP_ROLES.map((r) => [r, (loaded.ipAllow[r] ?? []).join('\n')])) as Record<IpRole, string>);
      },
      (failure: Error) => setError(failure.message),
    );
  }, [api]);

  if (!policy) return error ? <Alert type="error" content={error} /> : <Spin block loading />;
  const draft: SecurityPolicy = {
    ...policy,
    ipAllow: Object.fromEntries(IP_ROLES.map((r) => [r, addresses[r].split(/\s+/).map((a) => a.trim()).filter(Boolean)]).filter(([, list]) => list!.length)),
  };
  const level = securityLevel(draft);

  async function save() {
    const problem = policyProblems(draft)[0];
    if (problem) return setError(t(problem.key, { ...problem.params, field: t(String(problem.params?.field ?? '')) }));
    setBusy(true);
    setError(null);
    try {
      await api.put('/api/org/security-policy', draft, { json: true });
      Message.success(t('security.policy.saved'));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form layout="vertical" style={{ maxWidth: 640 }} disabled={!canEdit} data-testid="security-policy">
      <Form.Item label={t('security.level')}>
        <Tag color={LEVEL_COLORS[level]} data-testid="security-level">{t(`security.level.${level}`)}</Tag>
      </Form.Item>
      {NUMBERS.map((field) => (
        <Form.Item key={field} label={t(LABELS[field])}
          extra={field === 'passwordExpiryDays' || field === 'idleMinutes' ? t('security.policy.zeroMeansNever') : field === 'lockoutFailures' ? t('security.policy.floorHint') : undefined}>
          <InputNumber min={POLICY_LIMITS[field][0]} max={POLICY_LIMITS[field][1]} precision={0} value={policy[field]} style={{ width: 200 }}
            onChange={(value) => setPolicy({ ...policy, [field]: Number(value ?? 0) })} aria-label={t(LABELS[field])} data-testid={`policy-${field}`} />
        </Form.Item>
      ))}
      <Form.Item label={t('security.policy.ipAllow')} extra={t('security.policy.addressesHint')}>
        <Space direction="vertical" style={{ width: '100%' }}>
          {IP_ROLES.map((role) => (
            <Input.TextArea key={role} autoSize={{ minRows: 1, maxRows: 4 }} value={addresses[role]} placeholder={t(`org.platformRole.${role}`)}
              onChange={(value) => setAddresses({ ...addresses, [role]: value })} aria-label={`${t('security.policy.ipAllow')}: ${t(`org.platformRole.${role}`)}`} data-testid={`policy-ip-${role}`} />
          ))}
        </Space>
      </Form.Item>
      <Form.Item label={t('security.policy.watermarkEnforced')}>
        <Switch checked={policy.watermarkEnforced} onChange={(watermarkEnforced) => setPolicy({ ...policy, watermarkEnforced })} aria-label={t('security.policy.watermarkEnforced')} data-testid="policy-watermark" />
      </Form.Item>
      {error && <Alert type="error" content={error} className="qp-gap" data-testid="policy-error" />}
      {canEdit && <Button type="primary" loading={busy} onClick={save} data-testid="policy-save">{t('org.structure.save')}</Button>}
    </Form>
  );
}
