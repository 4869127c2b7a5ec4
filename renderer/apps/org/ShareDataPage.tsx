import { Alert, Button, Card, Checkbox, Form, Radio, Select, Spin } from '@arco-design/web-react';
import { useState } from 'react';
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
import { SettingsLoadFailed, useSettingsForm } from '../../shell/settings-form.tsx';

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
  const [groups, setGroups] = useState<RoleGroup[]>([]);
  const [groupsError, setGroupsError] = useState<string | null>(null);
  const form = useSettingsForm<SharingPolicy>({
    load: async () => {
      // The roles to choose from; without them the rest of the page still works.
      api.get<{ groups: RoleGroup[] }>('/api/org/role-groups').then(
        (answer) => (setGroups(answer.data.groups), setGroupsError(null)),
        (failure: Error) => setGroupsError(failure.message),
      );
      return (await api.get<SharingPolicy>(SHARING_PATH)).data;
    },
    store: async (value) => (await api.put<SharingPolicy>(SHARING_PATH, tidySharingPolicy(value), { json: true })).data,
    savedMessage: t('org.sharing.saved'),
    check: (value) => {
      const problem = sharingProblem(tidySharingPolicy(value));
      if (!problem) return null;
      return t(problem.key, { ...problem.params, ...(problem.params?.action ? { action: t(String(problem.params.action)) } : {}) });
    },
  });
  const { saved, draft, setDraft, error, setError, busy } = form;
  const save = () => form.save();

  const change = (action: SharingAction, patch: Partial<SharingRule>) => setDraft((current) => (current ? { ...current, [action]: { ...current[action], ...patch } } : current));

  if (form.loadError) return <SettingsLoadFailed title={t('org.sharing.title')} error={form.loadError} onRetry={form.reload} />;
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
