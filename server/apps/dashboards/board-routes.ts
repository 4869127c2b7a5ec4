import { IdParam, NoQuery } from '../../../shared/api/common.ts';
import { BoardDraftSchema, BoardListQuery, BoardSaveBody, DASHBOARDS_API } from '../../../shared/api/dashboards.ts';
import { BOARD_LIMITS, type BoardDraft } from '../../../shared/dashboards/model.ts';
import { fail } from '../../kernel/errors.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { boardDraftOf, insertBoard, listBoards, updateBoard } from './board-store.ts';
import { checkBoard } from './checks.ts';
import { copyName, MEMBERS, mustEditBoard, mustViewBoard, ok, requestViewer } from './context.ts';

/** Dashboards and data screens (one model, `kind`): the same access rules as charts. */
export function registerBoardRoutes(app: App, kernel: Kernel): void {
  const base = `${DASHBOARDS_API}/boards`;

  app.get(base, { config: { access: MEMBERS }, schema: { querystring: BoardListQuery } }, async (req) => {
    return ok(await kernel.transact(req, async (trx) => listBoards(trx, await requestViewer(kernel, trx, req), req.query)));
  });

  app.get(`${base}/:id`, { config: { access: MEMBERS }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    return ok(await kernel.transact(req, async (trx) => mustViewBoard(trx, await requestViewer(kernel, trx, req), req.params.id)));
  });

  app.post(base, { config: { access: MEMBERS, action: 'dashboards.board.create' }, schema: { querystring: NoQuery, body: BoardDraftSchema } }, async (req, reply) => {
    const board = await kernel.transact(req, async (trx) => {
      const viewer = await requestViewer(kernel, trx, req);
      const draft = req.body as BoardDraft;
      await checkBoard(kernel, trx, viewer, draft);
      return mustViewBoard(trx, viewer, await insertBoard(trx, viewer.spaceId, viewer.userId, draft));
    });
    req.ctx.auditTarget = board.id;
    return reply.code(201).send({ code: 201, msg: 'ok', data: board });
  });

  app.put(`${base}/:id`, { config: { access: MEMBERS, action: 'dashboards.board.update' }, schema: { params: IdParam, querystring: NoQuery, body: BoardSaveBody } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    const board = await kernel.transact(req, async (trx) => {
      const viewer = await requestViewer(kernel, trx, req);
      const before = await mustEditBoard(trx, viewer, req.params.id);
      if (before.version !== req.body.version) throw fail.conflict('dashboards.board.stale');
      const draft = req.body.draft as BoardDraft;
      // A dashboard stays a dashboard and a screen a screen (their layouts do not translate).
      if (draft.kind !== before.kind) throw fail.unprocessable('dashboards.board.kindFixed');
      await checkBoard(kernel, trx, viewer, draft);
      await updateBoard(trx, before.id, viewer.userId, draft, before.version + 1, new Date(kernel.clock.now()));
      return mustViewBoard(trx, viewer, before.id);
    });
    return ok(board);
  });

  app.delete(`${base}/:id`, { config: { access: MEMBERS, action: 'dashboards.board.delete' }, schema: { params: IdParam, querystring: NoQuery } }, async (req) => {
    req.ctx.auditTarget = req.params.id;
    await kernel.transact(req, async (trx) => {
      const board = await mustEditBoard(trx, await requestViewer(kernel, trx, req), req.params.id);
      await trx.deleteFrom('dashboards_board').where('id', '=', board.id).execute();
    });
    return ok({ deleted: true });
  });

  app.post(`${base}/:id/copy`, { config: { access: MEMBERS, action: 'dashboards.board.copy' }, schema: { params: IdParam, querystring: NoQuery } }, async (req, reply) => {
    const board = await kernel.transact(req, async (trx) => {
      const viewer = await requestViewer(kernel, trx, req);
      const source = await mustViewBoard(trx, viewer, req.params.id);
      const draft = { ...boardDraftOf(source), name: copyName(kernel, viewer, source.name, BOARD_LIMITS.name) };
      await checkBoard(kernel, trx, viewer, draft);
      return mustViewBoard(trx, viewer, await insertBoard(trx, viewer.spaceId, viewer.userId, draft));
    });
    req.ctx.auditTarget = `${req.params.id}->${board.id}`;
    return reply.code(201).send({ code: 201, msg: 'ok', data: board });
  });
}
