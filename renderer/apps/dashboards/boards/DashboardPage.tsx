import type { PageProps } from '../../types.ts';
import { BoardView } from './BoardView.tsx';
import { DashboardList } from './DashboardList.tsx';
import { idOf } from './paths.ts';
import './boards.css';

/**
 * `dashboard` and, for admins in the console's layout, `console/tmp/dashboard` (decision 0067): the dashboards the
 * member may open, or one of them with `?id=`.
 */
export function DashboardPage({ match }: PageProps) {
  const id = idOf(match);
  return id ? <BoardView key={id} match={match} boardId={id} /> : <DashboardList match={match} />;
}
