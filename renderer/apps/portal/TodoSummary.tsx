import { Spin, Statistic } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteMatch } from '../../../shared/routes/match.ts';
import { useServices } from '../../shell/services.tsx';
import { builtPath } from './viewer/links.ts';

interface Counts {
  todo: number;
  ccUnread: number;
  drafts: number;
}

const BOXES: Array<{ key: keyof Counts; box: string }> = [
  { key: 'todo', box: 'todo' },
  { key: 'ccUnread', box: 'cc' },
  { key: 'drafts', box: 'drafts' },
];

/** The built-in workbench's to-dos: pending to-dos, unread CCs and drafts, each opening its box of the process centre. */
export function TodoSummary({ match }: { match: RouteMatch }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [counts, setCounts] = useState<Counts | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.get<Counts>('/api/workflow/todo/counts').then(
      (answer) => setCounts(answer.data),
      (failure: Error) => setError(failure.message),
    );
  }, [api]);
  if (error) return <p className="qp-workbench-error" role="alert">{error}</p>;
  if (!counts) return <Spin />;
  const centre = builtPath(match, 'workflow.todoCenter');
  return (
    <div className="qp-workbench-todos">
      {BOXES.map(({ key, box }) => {
        const figure = <Statistic title={t(`portal.todos.${key}`)} value={counts[key]} />;
        return centre ? (
          <a key={key} href={`${centre}?box=${box}`} data-testid={`workbench-todos-${key}`}>
            {figure}
          </a>
        ) : (
          <div key={key}>{figure}</div>
        );
      })}
    </div>
  );
}
