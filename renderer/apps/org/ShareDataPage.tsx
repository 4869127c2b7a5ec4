import { Alert, Button, Card, Checkbox, Form, Message, Radio, Select, Spin } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NAMEABLE_ROLES,
  SHARING_ACTIONS,
  SHARING_MODES,
  SHARING_PATH,
  sharingProblem,
  tidySharingPolicy,
  type NameableRole,
  type SharingAction,
  type SharingMode,
  type SharingPolicy,
  type SharingRule,
} from '../../../shared/org/data-sharing.ts';
import { useServices } from '../../shell/services.tsx';

interface RoleGroup {
  id: string;
  name: string;
  roles: Array<{ id: string; name: string }>;
}

/**
 * shareData (spec §2.6, admin; decision 0046): who in the space may export, print, download attachments and share
 * records. The page checks an edit with the server's own rules (shared/org/data-sharing.ts) before saving; the
 * servers enforce the saved policy at once, and the forms pages stop offering what a member may not do.
 */
export function ShareDataPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [saved, setSaved] = useState<SharingPolicy | null>(null);
  const [draft, setDraft] = useState<SharingPolicy | null>(null);
  const [groups, setGroups] = useState<RoleGroup[]>([]);
  const [groupsError, setGroupsError] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    api.get<SharingPolicy>(SHARING_PATH).then(
      (answer) => {
        if (!live) return;
        setSaved(answer.data);
        setDraft(answer.data);
        setLoadError(null);
      },
      (failure: Error) => live && setLoadError(failure.message),
    );
    // The roles to choose from; without them the rest of the page still works.
    api.get<{ groups: RoleGroup[] }>('/api/org/role-groups').then(
      (answer) => live && (setGroups(answer.data.groups), setGroupsError(null)),
      (failure: Error) => live && setGroupsError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, round]);

  const change = (action: SharingAction, patch: Partial<SharingRule>) => setDraft((current) => (current ? { ...current, [action]: { ...current[action], ...patch } } : current));

  async function save() {
    if (!draft) return;
    const policy = tidySharingPolicy(draft);
    const problem = sharingProblem(policy);
    if (problem) {
      const params = { ...problem.params, ...(problem.params?.action ? { action: t(String(problem.params.action)) } : {}) };
      return void setError(t(problem.key, params));
    }
    setBusy(true);
    try {
      const answer = (await api.put<SharingPolicy>(SHARING_PATH, policy, { json: true })).data;
      setSaved(answer);
      setDraft(answer);
      setError(null);
      Message.success(t('org.sharing.saved'));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  if (loadError) {
    return (
      <Card title={t('org.sharing.title')} className="qp-narrow-card">
        <Alert type="error" content={loadError} className="qp-gap" />
        <Button onClick={() => setRound((n) => n + 1)}>{t('org.sharing.retry')}</Button>
      </Card>
    );
  }
  if (!saved || !draft) return <Spin block loading className="qp-gap" />;
  const dirty = JSON.stringify(tidySharingPolicy(draft)) !== JSON.stringify(saved);
  return (
    <Card title={t('org.sharing.title')} className="qp-narrow-card" data-testid="sharing-setting">
      <p className="qp-muted">{t('org.sharing.hint')}</p>
      <Alert type="info" className="qp-gap" content={t('org.sharing.adminAlways')} data-testid="sharing-admin-always" />
      {groupsError && <Alert type="warning" className="qp-gap" content={t('org.sharing.rolesLoadFailed', { reason: groupsError })} />}
      {error && <Alert type="error" className="qp-gap" content={error} data-testid="sharing-error" />}
      <Form layout="vertical" onSubmit={() => void save()}>
        {SHARING_ACTIONS.map((action) => (
          <ActionRule key={action} action={action} rule={draft[action]} groups={groups} onChange={(patch) => change(action, patch)} />
        ))}
        <Button type="primary" htmlType="submit" loading={busy} disabled={!dirty} data-testid="sharing-save">
          {t('org.sharing.save')}
        </Button>
      </Form>
    </Card>
  );
}

/** One action: who may take it, and with "only chosen roles" which platform and enterprise roles. */
function ActionRule({ action, rule, groups, onChange }: { action: SharingAction; rule: SharingRule; groups: RoleGroup[]; onChange(patch: Partial<SharingRule>): void }) {
  const { t } = useTranslation();
  const name = t(`org.sharing.action.${action}`);
  return (
    <Form.Item label={name} extra={t(`org.sharing.actionHint.${action}`)} data-testid={`sharing-${action}`}>
      <Radio.Group type="button" value={rule.mode} onChange={(mode: SharingMode) => onChange({ mode })} aria-label={name}>
        {SHARING_MODES.map((mode) => (
          <Radio key={mode} value={mode} data-testid={`sharing-${action}-${mode}`}>
            {t(`org.sharing.mode.${mode}`)}
          </Radio>
        ))}
      </Radio.Group>
      {rule.mode === 'roles' && (
        <div className="qp-gap">
          <Checkbox.Group
            value={rule.platformRoles}
            onChange={(roles: NameableRole[]) => onChange({ platformRoles: NAMEABLE_ROLES.filter((r) => roles.includes(r)) })}
            aria-label={`${name} · ${t('org.sharing.platformRoles')}`}
          >
            {NAMEABLE_ROLES.map((role) => (
              <Checkbox key={role} value={role} data-testid={`sharing-${action}-role-${role}`}>
                {t(`org.sharing.role.${role}`)}
              </Checkbox>
            ))}
          </Checkbox.Group>
          <Select
            mode="multiple"
            allowClear
            className="qp-gap"
            value={rule.enterpriseRoles}
            onChange={(ids: string[]) => onChange({ enterpriseRoles: ids })}
            placeholder={t('org.sharing.enterpriseRolesPlaceholder')}
            aria-label={`${name} · ${t('org.sharing.enterpriseRoles')}`}
            data-testid={`sharing-${action}-enterprise`}
          >
            {groups.map((group) => (
              <Select.OptGroup key={group.id} label={group.name}>
                {group.roles.map((role) => (
                  <Select.Option key={role.id} value={role.id}>
                    {role.name}
                  </Select.Option>
                ))}
              </Select.OptGroup>
            ))}
          </Select>
        </div>
      )}
    </Form.Item>
  );
}
