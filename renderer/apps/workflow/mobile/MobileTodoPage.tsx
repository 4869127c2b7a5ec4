import { Button } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TodoBox } from '../../../../shared/api/workflow.ts';
import { routeHref } from '../../../../shared/routes/href.ts';
import type { RouteMatch } from '../../../../shared/routes/match.ts';
import { sessionAtom } from '../../../kernel/atoms.ts';
import type { PageProps } from '../../types.ts';
import { countOf, type TodoRow } from '../todo/todo-model.ts';
import { useTodoList } from '../todo/use-todo-list.ts';
import { MobileTodoDetail } from './MobileTodoDetail.tsx';
import { MobileTodoList } from './MobileTodoList.tsx';
import { useOnReturn } from '../../../shell/mobile/history.ts';
import './mobile-todo.css';

/** The phone's three boxes: what waits for me, what I did, what was copied to me. */
export const MOBILE_BOXES: readonly TodoBox[] = ['todo', 'done', 'cc'];

/** This page's address with `query`, in the space the page is in. */
const todoHref = (match: RouteMatch, query: Record<string, string> = {}) => routeHref('workflow.mobileTodo', {}, match.spaceUri ? (match.spaceId ?? '') : '', query) ?? '';
/** The address of one to-do on the phone. */
const hrefOf = (match: RouteMatch) => (row: TodoRow) => todoHref(match, { instance: row.instanceId });

function TodoBoxes({ match }: { match: RouteMatch }) {
  const { t } = useTranslation();
  const me = useAtomValue(sessionAtom)?.id ?? null;
  const initial = match.query.box;
  const [box, setBox] = useState<TodoBox>(MOBILE_BOXES.includes(initial as TodoBox) ? (initial as TodoBox) : 'todo');
  const list = useTodoList(box, null);
  // Back from a to-do acted on: the list and its counts are read again (the page, and its box, stayed mounted).
  useOnReturn(list.reload);

  return (
    <div className="qp-mt" data-testid="m-todo">
      <div className="qp-mt-boxes" role="group" aria-label={t('mobileShell.todo.boxes')}>
        {MOBILE_BOXES.map((key) => {
          const count = countOf(list.counts, key);
          return (
            <Button key={key} type={box === key ? 'primary' : 'secondary'} aria-pressed={box === key} onClick={() => setBox(key)} data-testid={`todo-tab-${key}`}>
              {t(`mobileShell.todo.box.${key}`)}
              {count > 0 && (
                <span className="qp-mt-count" data-testid={`todo-count-${key}`}>
                  {count > 99 ? '99+' : count}
                </span>
              )}
            </Button>
          );
        })}
      </div>
      <MobileTodoList box={box} me={me} list={list} hrefOf={hrefOf(match)} />
    </div>
  );
}

/**
 * `m/todo` (decision 0064): the member's to-dos, what he did and what was copied to him, from the process
 * centre's own list and counts; a row opens the to-do on this page (`?instance=`), with the flow's actions.
 */
export function MobileTodoPage({ match }: PageProps) {
  const instance = match.query.instance;
  if (typeof instance === 'string' && /^[0-9]{1,18}$/.test(instance)) return <MobileTodoDetail match={match} instanceId={instance} />;
  return <TodoBoxes match={match} />;
}
