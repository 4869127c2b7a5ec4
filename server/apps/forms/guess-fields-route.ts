import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NoQuery } from '../../../shared/api/common.ts';
import { AppParams } from '../../../shared/api/forms.ts';
import type { Language } from '../../../shared/i18n/index.ts';
import { fail } from '../../kernel/errors.ts';
import { signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { readUploads } from './files.ts';
import { guessFields, guessHeaderRow } from './guess-fields.ts';
import { readSheetRows, type Cell } from '../../kernel/sheets/index.ts';
import { readSheetHead } from './jobs/sheet-preview.ts';

const design = { permission: 'forms.design' } as const;
/** Rows read to guess types: enough to see a column's kind and its few repeated values, bounded for big files. */
const GUESS_ROWS = 5000;

/**
 * "Create a form from a spreadsheet", step 1: the fields a sheet suggests (nothing is stored). The user edits them,
 * creates the form, then imports the same file through the import job, whose header detection finds these labels.
 */
export function registerGuessFieldsRoute(app: App, kernel: Kernel): void {
  app.post('/api/forms/apps/:appId/forms/guess-fields', { config: { access: design }, schema: { params: AppParams, querystring: NoQuery }, bodyLimit: 60 * 1024 * 1024 }, async (req) => {
    signedIn(req);
    // Another space's app (or one this admin may not see) is not found, before the file is read.
    await kernel.transact(req, async (trx) => {
      if (!(await kernel.apps.mayOpen(trx, req, req.params.appId))) throw fail.notFound('forms.appNotFound');
    });
    const [upload] = await readUploads(req, 'import', 50 * 1024 * 1024);
    const tmp = path.join(os.tmpdir(), `qpaas-guess-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
    fs.writeFileSync(tmp, upload!.bytes);
    try {
      const head = await readSheetHead(tmp, {}, { whole: false });
      const headerRow = guessHeaderRow(head.rows);
      let header: Cell[] = [];
      const rows: Cell[][] = [];
      for await (const row of readSheetRows(tmp, head.kind, { encoding: head.encoding, sheet: head.sheet })) {
        if (row.line === headerRow) header = row.cells;
        else if (row.line > headerRow) rows.push(row.cells);
        if (rows.length >= GUESS_ROWS) break;
      }
      if (rows.length === 0) throw fail.unprocessable('forms.import.noRows');
      const language = req.ctx.language as Language;
      const fields = guessFields(header, rows, (column) => kernel.i18n.t(language, 'forms.admin.columnN', { n: column }));
      return { code: 200, msg: 'ok', data: { name: upload!.name.replace(/\.[^.]+$/, '').slice(0, 60), headerRow, sheet: head.sheet, fields } };
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  });
}
