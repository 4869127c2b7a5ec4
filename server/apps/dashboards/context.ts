import type { FastifyRequest } from 'fastify';
import type { Board, Chart } from '../../../shared/dashboards/model.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { viewerOf, type Viewer } from './access.ts';
import { readBoard } from './board-store.ts';
import { readChart } from './store.ts';

/** Every member of a space works with charts; what he sees in them is his record permissions' (the forms app's). */
export const MEMBERS = { roles: ['saas', 'admin', 'user', 'safe', 'audit'] } as const;

export const ok = <T>(data: T) => ({ code: 200, msg: 'ok', data });

/** The caller as a viewer of charts, inside the request's transaction. */
export function requestViewer(kernel: Kernel, trx: Trx, req: FastifyRequest): Promise<Viewer> {
  return viewerOf(kernel, trx, { userId: signedIn(req).userId, roles: req.ctx.roles, spaceId: currentSpace(req).id, language: req.ctx.language });
}

/**
 * A chart he may open, else 404 "Chart does not exist or has been deleted" — also for a chart of this space he may
 * not view (decision 0065): its name and existence are not his to learn, and another space's id answers the same.
 */
export async function mustView(trx: Trx, viewer: Viewer, id: string, lock = false): Promise<Chart> {
  const chart = await readChart(trx, viewer, id, lock);
  if (!chart) throw fail.notFound('dashboards.chart.notFound');
  return chart;
}

/** A chart he may change: one he may not even open is 404 as above; one he may open but not edit is 403 (§8). */
export async function mustEdit(trx: Trx, viewer: Viewer, id: string): Promise<Chart> {
  const chart = await mustView(trx, viewer, id, true);
  if (!chart.canEdit) throw fail.forbidden('dashboards.chart.noEdit');
  return chart;
}

export async function mustViewBoard(trx: Trx, viewer: Viewer, id: string, lock = false): Promise<Board> {
  const board = await readBoard(trx, viewer, id, lock);
  if (!board) throw fail.notFound('dashboards.board.notFound');
  return board;
}

export async function mustEditBoard(trx: Trx, viewer: Viewer, id: string): Promise<Board> {
  const board = await mustViewBoard(trx, viewer, id, true);
  if (!board.canEdit) throw fail.forbidden('dashboards.board.noEdit');
  return board;
}

/** A copy's name: the original's with the copy suffix, cut to the name limit. */
export function copyName(kernel: Kernel, viewer: Viewer, name: string, max: number): string {
  return [...`${name}${kernel.i18n.t(viewer.language, 'dashboards.copySuffix')}`].slice(0, max).join('').trim();
}
