import { Alert, Button, Card, Empty, Message, Popconfirm, Result, Space, Table, Tag, Typography, type ButtonProps } from '@arco-design/web-react';
import { IconPlus, IconSwap } from '@arco-design/web-react/icon';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isGroup, type FilterGroup } from '../../../../shared/forms/filters.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { DirectoryProvider, useDirectory } from '../record-form/directory.tsx';
import { FormPicker } from './FormPicker.tsx';
import { failureText, formIdOf, pathTo, statusOf } from './model.ts';
import { RuleDialog } from './RuleDialog.tsx';
import type { FormInfo, Group, Rule } from './types.ts';
import './detail.css';

const countConditions = (group: FilterGroup | null): number => (group ? group.items.reduce((n, item) => n + (isGroup(item) ? countConditions(item) : 1), 0) : 0);

/**
 * Record permission rules of one form (route forms.appConfig `app/config?formId=`, §6, administrators): who may
 * view, modify, delete or monitor which records, and which fields each of them does not see.
 */
export function AppConfigPage({ match }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formId = formIdOf(match);
  if (!formId) {
    return (
      <div className="qp-fd">
        <Typography.Title heading={5}>{t('forms.detail.rules.title')}</Typography.Title>
        <FormPicker hint={t('forms.detail.rules.pick')} onPick={(id) => navigate(pathTo(match, 'forms.appConfig', {}, { formId: id }))} />
      </div>
    );
  }
  return (
    <DirectoryProvider needed>
      <RuleList formId={formId} onSwitch={() => navigate(pathTo(match, 'forms.appConfig'))} />
    </DirectoryProvider>
  );
}

function RuleList({ formId, onSwitch }: { formId: string; onSwitch(): void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const directory = useDirectory();
  const [form, setForm] = useState<FormInfo | null>(null);
  const [rules, setRules] = useState<Rule[] | null>(null);
  const [groups, setGroups] = useState<Group[]>([]);
  const [failure, setFailure] = useState<{ status: number; text: string } | null>(null);
  const [editing, setEditing] = useState<{ rule: Rule | null } | null>(null);
  const base = `/api/forms/forms/${formId}`;

  const load = useCallback(() => {
    Promise.all([api.get<FormInfo>(base), api.get<{ rules: Rule[] }>(`${base}/rules`)]).then(
      ([own, list]) => (setForm(own.data), setRules(list.data.rules), setFailure(null)),
      (error: unknown) => setFailure({ status: statusOf(error), text: failureText(error, t('common.fetchFailed')) }),
    );
  }, [api, base, t]);
  useEffect(load, [load]);
  useEffect(() => {
    // Only for naming groups; a rule list without them still works (the id is shown).
    api.get<{ groups: Group[] }>('/api/org/groups').then((answer) => setGroups(answer.data.groups), () => undefined);
  }, [api]);

  async function remove(rule: Rule) {
    try {
      await api.delete(`${base}/rules/${rule.id}`);
      Message.success(t('forms.detail.rules.deleted', { name: rule.name }));
    } catch (error) {
      Message.error(failureText(error, t('common.operationFailed')));
    } finally {
      load();
    }
  }

  if (failure && !rules) {
    if (failure.status === 403) return <Result status="403" title={failure.text} subTitle={t('forms.detail.rules.adminOnly')} data-testid="rules-forbidden" />;
    return <Result status={failure.status === 404 ? '404' : 'error'} title={failure.text} extra={<Button onClick={load}>{t('forms.detail.retry')}</Button>} />;
  }

  const subjectName = (rule: Rule) => {
    if (rule.subjectKind === 'role') return t(`appcenter.role.${rule.subject}`);
    if (rule.subjectKind === 'group') return groups.find((g) => g.id === rule.subject)?.name ?? `#${rule.subject}`;
    return directory?.users.find((u) => u.id === rule.subject)?.name ?? `#${rule.subject}`;
  };
  const fieldLabel = (key: string) => form?.fields.find((f) => f.key === key)?.label ?? key;
  const columns = [
    { title: t('forms.detail.rules.name'), render: (_: unknown, rule: Rule) => <span data-testid={`rule-row-${rule.id}`}>{rule.name}</span> },
    {
      title: t('forms.detail.rules.subject'),
      render: (_: unknown, rule: Rule) => (
        <Space size="mini">
          <Tag size="small">{t(`forms.detail.rules.kind.${rule.subjectKind}`)}</Tag>
          {subjectName(rule)}
        </Space>
      ),
    },
    {
      title: t('forms.detail.rules.levels'),
      render: (_: unknown, rule: Rule) => rule.levels.map((level) => <Tag key={level} color="arcoblue" className="qp-rf-tag">{t(`forms.detail.rules.level.${level}`)}</Tag>),
    },
    {
      title: t('forms.detail.rules.scope'),
      render: (_: unknown, rule: Rule) =>
        rule.scope === 'condition'
          ? t('forms.detail.rules.scopeConditionCount', { n: countConditions(rule.condition) })
          : t(`forms.detail.rules.scopeName.${rule.scope}`),
    },
    {
      title: t('forms.detail.rules.hiddenFields'),
      render: (_: unknown, rule: Rule) => (rule.hiddenFields?.length ? rule.hiddenFields.map(fieldLabel).join(', ') : <Typography.Text type="secondary">{t('forms.detail.rules.none')}</Typography.Text>),
    },
    {
      title: t('forms.detail.recycle.actions'),
      render: (_: unknown, rule: Rule) => (
        <Space>
          <Button size="small" onClick={() => setEditing({ rule })} data-testid={`rule-edit-${rule.id}`}>
            {t('forms.detail.rules.editShort')}
          </Button>
          <Popconfirm
            title={t('forms.detail.rules.deleteConfirm', { name: rule.name })}
            onOk={() => void remove(rule)}
            okButtonProps={{ status: 'danger', 'data-testid': `rule-delete-ok-${rule.id}` } as ButtonProps}
          >
            <Button size="small" status="danger" data-testid={`rule-delete-${rule.id}`}>
              {t('forms.detail.rules.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className="qp-fd">
      <Card>
        <div className="qp-fd-toolbar">
          <Typography.Title heading={5} style={{ margin: 0 }}>
            {form ? t('forms.detail.rules.titleFor', { form: form.name }) : t('forms.detail.rules.title')}
          </Typography.Title>
          <span className="qp-fd-spacer" />
          <Button icon={<IconSwap />} onClick={onSwitch}>
            {t('forms.detail.recycle.switch')}
          </Button>
          <Button type="primary" icon={<IconPlus />} disabled={!form} onClick={() => setEditing({ rule: null })} data-testid="rule-new">
            {t('forms.detail.rules.new')}
          </Button>
        </div>
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {t('forms.detail.rules.intro')}
        </Typography.Paragraph>
      </Card>
      {failure && <Alert type="error" content={failure.text} />}
      <Card>
        <Table
          rowKey="id"
          columns={columns}
          data={rules ?? []}
          loading={rules === null}
          pagination={false}
          noDataElement={<Empty description={t('forms.detail.rules.empty')} />}
          data-testid="rules-table"
        />
      </Card>
      {form && (
        <RuleDialog
          formId={formId}
          rule={editing?.rule ?? null}
          visible={editing !== null}
          fields={form.fields}
          groups={groups}
          onClose={() => setEditing(null)}
          onSaved={() => (setEditing(null), load())}
        />
      )}
    </div>
  );
}
