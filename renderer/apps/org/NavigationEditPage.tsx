import { Alert, Button, Card, Form, Input, Message, Radio, Select, Spin, Switch } from '@arco-design/web-react';
import { useSetAtom } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  NAVIGATION_ICONS,
  NAVIGATION_KINDS,
  NAVIGATION_LIMITS,
  NAVIGATION_PATH,
  navigablePages,
  navigationProblem,
  type NavigationEntry,
  type NavigationKind,
} from '../../../shared/org/navigation.ts';
import { usePageTitle } from '../../shell/page-title.ts';
import { navigationRoundAtom } from '../../shell/navigation-menu.ts';
import { useServices } from '../../shell/services.tsx';
import { AppIcon } from '../../shell/app-icon.tsx';
import type { PageProps } from '../types.ts';
import { listPath, terminalOf, useNavigationData } from './NavigationModel.ts';

type Draft = Omit<NavigationEntry, 'id' | 'sort' | 'terminal'>;
const EMPTY: Draft = { parentId: null, name: '', nameEn: '', icon: 'app', kind: 'page', target: '', enabled: true, roleGroupIds: [] };

/**
 * newWebEntry, webConfigEntry/{id} and their console copies (spec §2.6, admin; decision 0044): one entry of a
 * terminal's menu — its names, icon, what it opens (an app, a page, a web address, or nothing for a group), the
 * group it sits in and the role groups that see it. The shared rules check before sending; the server checks again
 * with the space's data (the app exists, the role groups exist) and answers in the user's language.
 */
export function NavigationEditPage({ match }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const bump = useSetAtom(navigationRoundAtom);
  const id = match.params['id'] ?? null;
  const [loaded, setLoaded] = useState<NavigationEntry | null>(null);
  const terminal = loaded?.terminal ?? terminalOf(match);
  const { entries, groups, apps, error: dataError } = useNavigationData(terminal);
  const [draft, setDraft] = useState<Draft | null>(id ? null : EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  usePageTitle(match, loaded ? t('org.navigation.editTitle', { name: loaded.name }) : null);

  useEffect(() => {
    if (!id) return;
    let live = true;
    api.get<NavigationEntry>(`${NAVIGATION_PATH}/${id}`).then(
      (answer) => {
        if (!live) return;
        setLoaded(answer.data);
        setDraft({ ...answer.data });
      },
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, id]);

  const pages = useMemo(() => navigablePages().map((route) => ({ value: route.id, label: t(route.title) })), [t]);
  // One level of grouping: only top-level groups hold entries, and a group sits at the top itself.
  const parents = (entries ?? []).filter((e) => e.kind === 'group' && e.parentId === null && e.id !== id);

  if (!draft) return error ? <Alert type="error" className="qp-gap" content={error} /> : <Spin block loading className="qp-gap" />;
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const back = () => navigate(listPath(match, terminal));

  async function save() {
    if (!draft) return;
    const problem = navigationProblem(draft);
    if (problem) {
      setError(t(problem.key, problem.params));
      return;
    }
    setBusy(true);
    try {
      const body = { ...draft, parentId: draft.kind === 'group' ? null : draft.parentId };
      if (id) await api.request('patch', `${NAVIGATION_PATH}/${id}`, { body, json: true });
      else await api.post(NAVIGATION_PATH, { ...body, terminal }, { json: true });
      Message.success(t('org.navigation.saved'));
      setError(null);
      bump((n) => n + 1);
      if (!id) setDraft(EMPTY);
      back();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const kindChoice = (kind: NavigationKind) => set({ kind, target: '', ...(kind === 'group' ? { parentId: null } : {}) });
  return (
    <Card
      title={t(id ? 'org.navigation.editTitle' : 'org.navigation.newTitle', { name: loaded?.name ?? '' })}
      extra={<Button onClick={back} data-testid="nav-back">{t('org.navigation.back')}</Button>}
      className="qp-narrow-card"
      data-testid="navigation-edit"
    >
      <p className="qp-muted">{t(terminal === 'app' ? 'org.navigation.appHint' : 'org.navigation.webHint')}</p>
      {(error || dataError) && <Alert type="error" className="qp-gap" content={error ?? dataError} data-testid="nav-edit-error" />}
      <Form layout="vertical" onSubmit={() => void save()}>
        <Form.Item label={t('org.navigation.field.name')} required>
          <Input value={draft.name} maxLength={NAVIGATION_LIMITS.name} showWordLimit onChange={(name) => set({ name })} aria-label={t('org.navigation.field.name')} data-testid="nav-name" />
        </Form.Item>
        <Form.Item label={t('org.navigation.field.nameEn')}>
          <Input value={draft.nameEn} maxLength={NAVIGATION_LIMITS.name} showWordLimit onChange={(nameEn) => set({ nameEn })} aria-label={t('org.navigation.field.nameEn')} data-testid="nav-name-en" />
        </Form.Item>
        <Form.Item label={t('org.navigation.field.icon')}>
          <Select value={draft.icon} onChange={(icon: string) => set({ icon })} aria-label={t('org.navigation.field.icon')} data-testid="nav-icon">
            {NAVIGATION_ICONS.map((icon) => (
              <Select.Option key={icon} value={icon}>
                <AppIcon name={icon} /> {t(`appcenter.icon.${icon}`)}
              </Select.Option>
            ))}
          </Select>
        </Form.Item>
        <Form.Item label={t('org.navigation.field.kind')}>
          <Radio.Group type="button" value={draft.kind} onChange={kindChoice} aria-label={t('org.navigation.field.kind')} data-testid="nav-kind">
            {NAVIGATION_KINDS.map((kind) => (
              <Radio key={kind} value={kind} data-testid={`nav-kind-${kind}`}>
                {t(`org.navigation.kind.${kind}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {draft.kind === 'page' && (
          <Form.Item label={t('org.navigation.field.page')} required>
            <Select showSearch filterOption={(text, option) => String((option.props as { children?: unknown }).children ?? '').includes(text)} value={draft.target || undefined} onChange={(target: string) => set({ target })} placeholder={t('org.navigation.pickPage')} aria-label={t('org.navigation.field.page')} data-testid="nav-page">
              {pages.map((page) => (
                <Select.Option key={page.value} value={page.value}>
                  {page.label}
                </Select.Option>
              ))}
            </Select>
          </Form.Item>
        )}
        {draft.kind === 'app' && (
          <Form.Item label={t('org.navigation.field.app')} required>
            <Select value={draft.target || undefined} onChange={(target: string) => set({ target })} placeholder={t('org.navigation.pickApp')} aria-label={t('org.navigation.field.app')} data-testid="nav-app">
              {apps.map((app) => (
                <Select.Option key={app.id} value={app.id}>
                  {app.name}
                </Select.Option>
              ))}
            </Select>
          </Form.Item>
        )}
        {draft.kind === 'url' && (
          <Form.Item label={t('org.navigation.field.url')} required extra={t('org.navigation.urlHint')}>
            <Input value={draft.target} maxLength={NAVIGATION_LIMITS.url} placeholder="https://" onChange={(target) => set({ target })} aria-label={t('org.navigation.field.url')} data-testid="nav-url" />
          </Form.Item>
        )}
        {draft.kind !== 'group' && (
          <Form.Item label={t('org.navigation.field.parent')}>
            <Select allowClear value={draft.parentId ?? undefined} onChange={(parentId?: string) => set({ parentId: parentId ?? null })} placeholder={t('org.navigation.topLevel')} aria-label={t('org.navigation.field.parent')} data-testid="nav-parent">
              {parents.map((group) => (
                <Select.Option key={group.id} value={group.id}>
                  {group.name}
                </Select.Option>
              ))}
            </Select>
          </Form.Item>
        )}
        <Form.Item label={t('org.navigation.field.visibility')} extra={t('org.navigation.visibilityHint')}>
          <Select mode="multiple" allowClear value={draft.roleGroupIds} onChange={(roleGroupIds: string[]) => set({ roleGroupIds })} placeholder={t('org.navigation.everyone')} aria-label={t('org.navigation.field.visibility')} data-testid="nav-role-groups">
            {groups.map((group) => (
              <Select.Option key={group.id} value={group.id}>
                {group.name}
              </Select.Option>
            ))}
          </Select>
        </Form.Item>
        <Form.Item label={t('org.navigation.field.enabled')}>
          <Switch checked={draft.enabled} onChange={(enabled: boolean) => set({ enabled })} aria-label={t('org.navigation.field.enabled')} data-testid="nav-enabled" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="nav-save">
          {t('org.navigation.save')}
        </Button>
      </Form>
    </Card>
  );
}
