import { Badge, Card, Select, Tabs } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TodoBox } from '../../../../shared/api/workflow.ts';
import { sessionAtom } from '../../../kernel/atoms.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { TodoList } from './TodoList.tsx';
import { BOXES, countOf } from './todo-model.ts';
import { useTodoList } from './use-todo-list.ts';
import './todo.css';

interface AppOption {
  id: string;
  name: string;
}

/** The applications the member may open, for the filter; none (the filter hidden) when they cannot be read. */
function useApps(): AppOption[] {
  const { api } = useServices();
  const [apps, setApps] = useState<AppOption[]>([]);
  useEffect(() => {
    let live = true;
    api.get<{ apps: AppOption[] }>('/api/appcenter/apps').then(
      (answer) => live && setApps((answer.data.apps ?? []).map((a) => ({ id: String(a.id), name: a.name }))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  return apps;
}

/**
 * The process centre (route workflow.todoCenter, `form`; decision 0053): my to-dos, what I did, what I started,
 * what was copied to me, and my drafts and returned flows, each newest first, filtered by application. A row opens
 * the record's detail page, where the flow panel offers the actions.
 */
export function TodoCenterPage({ match }: PageProps) {
  const { t } = useTranslation();
  const me = useAtomValue(sessionAtom)?.id ?? null;
  const initial = match.query['box'];
  const [box, setBox] = useState<TodoBox>(BOXES.includes(initial as TodoBox) ? (initial as TodoBox) : 'todo');
  const [appId, setAppId] = useState<string | null>(null);
  const apps = useApps();
  const list = useTodoList(box, appId);

  const title = (key: TodoBox) => {
    const count = countOf(list.counts, key);
    return (
      <span className="qp-todo-tab" data-testid={`todo-tab-${key}`}>
        {t(`workflow.ui.todo.box.${key}`)}
        {count > 0 && <Badge count={count} maxCount={99} className="qp-todo-badge" data-testid={`todo-count-${key}`} />}
      </span>
    );
  };

  return (
    <Card title={<h1 className="qp-todo-h1">{t('routes.workflow.todoCenter')}</h1>} data-testid="todo-center">
      {apps.length > 0 && (
        <div className="qp-todo-filter">
          <span>{t('workflow.ui.todo.app')}</span>
          <Select
            value={appId ?? undefined}
            onChange={(value: string | undefined) => setAppId(value || null)}
            allowClear
            showSearch
            placeholder={t('workflow.ui.todo.allApps')}
            aria-label={t('workflow.ui.todo.app')}
            className="qp-todo-app"
            data-testid="todo-app"
            filterOption={(input, option) => String((option as { props?: { children?: unknown } }).props?.children ?? '').toLowerCase().includes(input.trim().toLowerCase())}
          >
            {apps.map((app) => (
              <Select.Option key={app.id} value={app.id}>
                {app.name}
              </Select.Option>
            ))}
          </Select>
        </div>
      )}
      <Tabs activeTab={box} onChange={(key) => setBox(key as TodoBox)}>
        {BOXES.map((key) => (
          <Tabs.TabPane key={key} title={title(key)}>
            {key === box && <TodoList match={match} box={key} me={me} list={list} />}
          </Tabs.TabPane>
        ))}
      </Tabs>
    </Card>
  );
}
