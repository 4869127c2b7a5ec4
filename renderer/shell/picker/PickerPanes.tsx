import { Alert, Button, Checkbox, Empty, Input, Radio, Spin } from '@arco-design/web-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickedItem, PickerDepartment, PickerMember, PickerPage, PickerPost, PickerRoleGroup, PickerUserGroup } from '../../../shared/org/picker.ts';
import { useServices } from '../services.tsx';
import { LazyDepartmentTree } from './LazyDepartmentTree.tsx';
import { useLoad } from '../use-load.ts';

export interface PaneProps {
  testId: string;
  multiple: boolean;
  picked: readonly PickedItem[];
  toggle(item: PickedItem): void;
}

/** One choosable line: a checkbox (several) or a radio (one), named by its text for screen readers. */
function Choice({ pane, item, hint }: { pane: PaneProps; item: PickedItem; hint?: ReactNode }) {
  const Control = pane.multiple ? Checkbox : Radio;
  return (
    <div className="qp-picker-choice" data-testid={`${pane.testId}-option`}>
      <Control checked={pane.picked.some((p) => p.kind === item.kind && p.id === item.id)} onChange={() => pane.toggle(item)}>
        {item.name}
        {hint && <span className="qp-picker-hint">{hint}</span>}
      </Control>
    </div>
  );
}


function SearchBox({ testId, label, onSearch }: { testId: string; label: string; onSearch(q: string): void }) {
  return <Input.Search allowClear placeholder={label} aria-label={label} onChange={(q) => onSearch(q.trim())} onSearch={(q) => onSearch(q.trim())} data-testid={`${testId}-search`} className="qp-picker-search" />;
}

/** Members: the department tree on the left narrows the list; search by name, login ID or pinyin initials; keyset pages. */
export function MemberPane(pane: PaneProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [q, setQ] = useState('');
  const [department, setDepartment] = useState<PickerDepartment | null>(null);
  const [pages, setPages] = useState<{ items: PickerMember[]; next: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fetchPage = (cursor: string | null) =>
    api.get<PickerPage<PickerMember>>('/api/org/picker/members', { params: { q: q || undefined, departmentId: department?.id, cursor: cursor ?? undefined } }).then((a) => a.data);
  useEffect(() => {
    let live = true;
    setPages(null);
    fetchPage(null).then(
      (page) => live && (setPages(page), setError(null)),
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [api, q, department]);
  const more = async () => {
    if (!pages?.next) return;
    try {
      const page = await fetchPage(pages.next);
      setPages({ items: [...pages.items, ...page.items], next: page.next });
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <div className="qp-picker-split">
      <div className="qp-picker-side">
        <Button long type={department ? 'text' : 'secondary'} onClick={() => setDepartment(null)} data-testid={`${pane.testId}-all`}>
          {t('org.picker.allMembers')}
        </Button>
        <LazyDepartmentTree testId={`${pane.testId}-dept`} selected={department?.id ?? null} onSelect={setDepartment} />
      </div>
      <div className="qp-picker-main">
        <SearchBox testId={pane.testId} label={t('org.picker.searchMembers')} onSearch={setQ} />
        {error && <Alert type="error" content={t('org.picker.loadFailed', { reason: error })} />}
        {!pages && !error && <Spin block loading />}
        {pages?.items.length === 0 && <Empty description={t('org.picker.empty')} />}
        <div className="qp-picker-list">
          {pages?.items.map((m) => (
            <Choice key={m.id} pane={pane} item={{ kind: 'member', id: m.id, name: m.name }} hint={[m.loginId, m.department].filter(Boolean).join(' · ')} />
          ))}
        </div>
        {pages?.next && (
          <Button long onClick={() => void more()} data-testid={`${pane.testId}-more`}>
            {t('org.picker.more')}
          </Button>
        )}
      </div>
    </div>
  );
}

/** Departments: the lazy tree with checkboxes; a search lists matches anywhere with their path. */
export function DepartmentPane(pane: PaneProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [q, setQ] = useState('');
  const found = useLoad(async () => (q ? (await api.get<PickerPage<PickerDepartment>>('/api/org/picker/departments', { params: { q } })).data.items : null), [api, q]);
  const item = (d: PickerDepartment): PickedItem => ({ kind: 'department', id: d.id, name: d.name });
  return (
    <div className="qp-picker-main">
      <SearchBox testId={pane.testId} label={t('org.picker.search')} onSearch={setQ} />
      {!q ? (
        <LazyDepartmentTree testId={`${pane.testId}-dept`} checkable checked={pane.picked.filter((p) => p.kind === 'department').map((p) => p.id)} onCheck={(d) => pane.toggle(item(d))} />
      ) : (
        <ResultList error={found.error} items={found.data} render={(d) => <Choice key={d.id} pane={pane} item={item(d)} hint={d.path} />} />
      )}
    </div>
  );
}

function ResultList<T>({ error, items, render, empty }: { error: string | null; items: T[] | null; render(item: T): ReactNode; empty?: string }) {
  const { t } = useTranslation();
  if (error) return <Alert type="error" content={empty ?? t('org.picker.loadFailed', { reason: error })} />;
  if (!items) return <Spin block loading />;
  if (items.length === 0) return <Empty description={t('org.picker.empty')} />;
  return <div className="qp-picker-list">{items.map(render)}</div>;
}

/** Posts and user groups: a searchable list (a space has tens or hundreds of them, not thousands). */
export function ListPane({ kind, ...pane }: PaneProps & { kind: 'post' | 'userGroup' }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [q, setQ] = useState('');
  const path = kind === 'post' ? '/api/org/picker/posts' : '/api/org/picker/user-groups';
  const found = useLoad(async () => (await api.get<PickerPage<PickerPost | PickerUserGroup>>(path, { params: { q: q || undefined } })).data.items, [api, path, q]);
  const hint = (item: PickerPost | PickerUserGroup) => ('code' in item ? [item.code, item.department].filter(Boolean).join(' · ') : item.kind === 'private' ? t('org.picker.private') : undefined);
  return (
    <div className="qp-picker-main">
      <SearchBox testId={pane.testId} label={t('org.picker.search')} onSearch={setQ} />
      <ResultList error={found.error} items={found.data} render={(item) => <Choice key={item.id} pane={pane} item={{ kind, id: item.id, name: item.name }} hint={hint(item)} />} />
    </div>
  );
}

/**
 * Role groups come from the roles' own endpoint, which answers what the caller may see of them. Where it does not
 * answer (an older server), the tab says so instead of failing the picker.
 */
export function RoleGroupPane(pane: PaneProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const found = useLoad(async () => (await api.get<{ groups: PickerRoleGroup[] }>('/api/org/role-groups')).data.groups, [api]);
  return (
    <div className="qp-picker-main">
      <ResultList
        error={found.error}
        empty={t('org.picker.roleGroupsUnavailable')}
        items={found.data}
        render={(g) => <Choice key={g.id} pane={pane} item={{ kind: 'roleGroup', id: g.id, name: g.name }} hint={g.roles.map((r) => r.name).join('、')} />}
      />
    </div>
  );
}
