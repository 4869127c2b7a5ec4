import { sql, type SqlBool } from 'kysely';
import type { BoardSummary, Page } from '../../../shared/api/dashboards.ts';
import type { Board, BoardDraft, BoardKind } from '../../../shared/dashboards/model.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { guardedOf, mayEdit, mayView, viewableBy, type Viewer } from './access.ts';
import { containing, PAGE_SIZE } from './store.ts';
import './tables.ts';

function boardQuery(trx: Trx) {
  return trx
    .selectFrom('dashboards_board as b')
    .innerJoin('users as u', 'u.id', 'b.created_by')
    .select(['b.id', 'b.kind', 'b.name', 'b.description', 'b.definition', 'b.viewers', 'b.editors', 'b.created_by', 'u.name as creator_name', 'b.updated_at', 'b.version']);
}
type BoardRow = Awaited<ReturnType<ReturnType<typeof boardQuery>['executeTakeFirstOrThrow']>>;

function toBoard(row: BoardRow, viewer: Viewer): Board {
  const { items, filters, refreshSeconds, screen } = row.definition;
  return { id: String(row.id), kind: row.kind, name: row.name, description: row.description, items, filters, refreshSeconds, screen, ...guardedOf(row, viewer) };
}

/** The board if it is in the space and the viewer may open it; else null (a board he may not open is not shown to exist). */
export async function readBoard(trx: Trx, viewer: Viewer, id: string, lock = false): Promise<Board | null> {
  let query = boardQuery(trx).where('b.id', '=', id);
  if (lock) query = query.forUpdate('b');
  const row = await query.executeTakeFirst();
  const board = row ? toBoard(row, viewer) : null;
  return board && mayView(board, viewer) ? board : null;
}

/** Boards whose name or description contain `q`, of one kind or both, newest first, only those he may open. */
export async function listBoards(trx: Trx, viewer: Viewer, filter: { kind?: BoardKind; q?: string; cursor?: string }, size = PAGE_SIZE): Promise<Page<BoardSummary>> {
  let query = trx
    .selectFrom('dashboards_board as b')
    .innerJoin('users as u', 'u.id', 'b.created_by')
    .select([
      'b.id', 'b.kind', 'b.name', 'b.description', 'b.updated_at', 'u.name as creator_name', 'b.created_by', 'b.viewers', 'b.editors',
      sql<number>`jsonb_array_length(b.definition->'items')`.as('item_count'),
    ])
    .where(viewableBy('b', viewer))
    .orderBy('b.id', 'desc')
    .limit(size + 1);
  const q = filter.q?.trim();
  if (q) query = query.where(sql<SqlBool>`(b.name ilike ${containing(q)} or b.description ilike ${containing(q)})`);
  if (filter.kind) query = query.where('b.kind', '=', filter.kind);
  if (filter.cursor && /^[0-9]{1,18}$/.test(filter.cursor)) query = query.where('b.id', '<', filter.cursor);
  const rows = await query.execute();
  const items = rows.slice(0, size).map(
    (row): BoardSummary => ({
      id: String(row.id),
      kind: row.kind,
      name: row.name,
      description: row.description,
      items: Number(row.item_count),
      updatedAt: new Date(row.updated_at).toISOString(),
      createdByName: row.creator_name,
      canEdit: mayEdit({ createdBy: String(row.created_by), viewers: row.viewers, editors: row.editors }, viewer),
    }),
  );
  return { items, next: rows.length > size ? items.at(-1)!.id : null };
}

/** The charts a board shows, each once. */
export const chartIdsOf = (draft: Pick<BoardDraft, 'items'>) => [...new Set(draft.items.flatMap((item) => (item.kind === 'chart' && item.chartId ? [item.chartId] : [])))];

export function boardValues(draft: BoardDraft) {
  const { items, filters, refreshSeconds, screen } = draft;
  return {
    kind: draft.kind,
    name: draft.name.trim(),
    description: draft.description,
    definition: JSON.stringify({ items, filters, refreshSeconds, screen }),
    chart_ids: chartIdsOf(draft),
    viewers: JSON.stringify(draft.viewers),
    editors: JSON.stringify(draft.editors),
  };
}

export async function insertBoard(trx: Trx, spaceId: string, userId: string, draft: BoardDraft): Promise<string> {
  const row = await trx
    .insertInto('dashboards_board')
    .values({ space_id: spaceId, ...boardValues(draft), created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export async function updateBoard(trx: Trx, id: string, userId: string, draft: BoardDraft, version: number, now: Date): Promise<void> {
  await trx.updateTable('dashboards_board').set({ ...boardValues(draft), updated_by: userId, updated_at: now, version }).where('id', '=', id).execute();
}

export function boardDraftOf(board: Board): BoardDraft {
  const { kind, name, description, items, filters, refreshSeconds, screen, viewers, editors } = board;
  return { kind, name, description, items, filters, refreshSeconds, screen, viewers, editors };
}
