import { memberEvents } from '../../../shared/events.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IdParam, NoQuery } from '../../../shared/api/common.ts';
import { LANGUAGES, type Language } from '../../../shared/i18n/index.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace, signedIn } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { detectImportFile, openWriter, readSheetRows, type Cell } from '../../kernel/sheets/index.ts';
import { fieldLabel } from '../../../shared/org/member-fields.ts';
import { COLUMN_LABELS, IMPORT_COLUMNS, MAX_IMPORT_ROWS, mapFieldColumns, mapHeader, planRow, settleSuperiors, type ImportColumn, type ImportFields, type Lookups, type RowOutcome } from './member-import.ts';
import { memberFields } from './member-field-store.ts';
import { lookupsFor } from './member-lookups.ts';
import { insertMembers } from './member-store.ts';
import './tables.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAX_BYTES = 10 * 1024 * 1024;
const tmpFile = () => path.join(os.tmpdir(), `qpaas-members-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.xlsx`);

/** Writes a sheet to a temp file and hands back its bytes (small: at most the failed rows of one import). */
async function sheetBytes(header: string[], rows: Cell[][]): Promise<Buffer> {
  const file = tmpFile();
  try {
    const writer = await openWriter(file, 'xlsx', header);
    for (const row of rows) await writer.write(row);
    await writer.close();
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** Reads the uploaded sheet: the header row is the first of the top ten rows that names at least two columns. */
async function readUpload(file: string, labelsOf: (key: string) => string[]) {
  const { kind, encoding } = await detectImportFile(file, { maxBytes: MAX_BYTES });
  let header: Cell[] | null = null;
  let columns = new Map<ImportColumn, number>();
  const rows: Array<{ line: number; cells: Cell[] }> = [];
  for await (const row of readSheetRows(file, kind, { encoding, limits: { maxBytes: MAX_BYTES, maxRows: MAX_IMPORT_ROWS + 20 } })) {
    if (!header) {
      const found = mapHeader(row.cells, labelsOf);
      if (found.size >= 2) [header, columns] = [row.cells, found];
      else if (row.line > 10) break;
      continue;
    }
    rows.push(row);
    if (rows.length > MAX_IMPORT_ROWS) throw fail.unprocessable('org.import.tooManyRows', { max: MAX_IMPORT_ROWS });
  }
  if (!header || !columns.has('loginId') || !columns.has('name')) throw fail.unprocessable('org.import.noHeader');
  if (rows.length === 0) throw fail.unprocessable('forms.import.noRows');
  return { header, columns, rows };
}

/**
 * Member import: an xlsx or csv in the template's columns. Every row goes through the member dialog's
 * checks (`memberProblems`) and the same insert (`insertMembers`); good rows are written in ONE transaction with
 * the import's record, bad rows go to a failure file with their reasons — the forms import's behaviour. Imported
 * members are invited: they set their password through the link the administrator sends from the member list.
 */
export function registerMemberImportRoutes(app: App, kernel: Kernel): void {
  const manage = { permission: 'org.members.manage' } as const;
  const say = (language: Language, key: string, params: Record<string, string | number> = {}) =>
    kernel.i18n.t(language, key, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? kernel.i18n.t(language, v) : v])));

  app.get('/api/org/members/import-template', { config: { access: manage }, schema: { querystring: NoQuery } }, async (req, reply) => {
    currentSpace(req);
    const language = req.ctx.language as Language;
    const example: Record<ImportColumn, Cell> = {
      loginId: 'zhangsan', name: '张三', phone: '13800138000', email: 'zhangsan@example.com', gender: language === 'en' ? 'male' : '男',
      birthday: '1990-05-01', qq: '', idCard: '', address: '', signature: '', extension: '8001', entryDate: '2024-03-01', jobDescription: '',
      department: '', mainPost: '', partTimePosts: '', superior: '',
    };
    // The space's enabled extension fields follow the built-in columns, headed by their label in this language.
    const fields = (await kernel.transact(req, (trx) => memberFields(trx))).filter((f) => f.enabled);
    const header = [...IMPORT_COLUMNS.map((c) => say(language, COLUMN_LABELS[c])), ...fields.map((f) => fieldLabel(f, language))];
    const bytes = await sheetBytes(header, [[...IMPORT_COLUMNS.map((c) => example[c]), ...fields.map((f) => (f.kind === 'select' ? f.options[0]! : ''))]]);
    return reply.header('content-type', XLSX).header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(say(language, 'org.import.templateName'))}.xlsx`).send(bytes);
  });

  app.post('/api/org/members/import', { config: { access: manage, action: 'org.member.import' }, schema: { querystring: NoQuery }, bodyLimit: MAX_BYTES + 65536 }, async (req) => {
    const space = currentSpace(req);
    const user = signedIn(req);
    const language = req.ctx.language as Language;
    if (!req.isMultipart()) throw fail.unprocessable('forms.file.none');
    const file = tmpFile();
    let fileName = '';
    try {
      const part = await req.file({ limits: { fileSize: MAX_BYTES, files: 1 } });
      if (!part) throw fail.unprocessable('forms.file.none');
      fileName = part.filename.trim().slice(0, 200) || 'members.xlsx';
      fs.writeFileSync(file, await part.toBuffer());
    } catch (error) {
      fs.rmSync(file, { force: true });
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fail.tooLarge(MAX_BYTES);
      throw error;
    }
    req.ctx.auditTarget = fileName;
    try {
      const labelsOf = (key: string) => LANGUAGES.map((lang) => kernel.i18n.t(lang, key));
      const { header, columns, rows } = await readUpload(file, labelsOf);
      const loginColumn = columns.get('loginId')!;
      const loginsInFile = rows.map((r) => String(r.cells[loginColumn] ?? '').trim().toLowerCase()).filter(Boolean);
      const superiorColumn = columns.get('superior');
      const superiors = superiorColumn === undefined ? [] : rows.map((r) => String(r.cells[superiorColumn] ?? '').trim().toLowerCase()).filter(Boolean);
      const result = await kernel.transact(req, async (trx) => {
        const lookups: Lookups = await lookupsFor(trx, space.id, loginsInFile, superiors);
        // Locked as read until the import commits, so no row meets a field changed or deleted meanwhile.
        const definitions = await memberFields(trx, true);
        const fields: ImportFields = { definitions, columns: mapFieldColumns(header, definitions), language };
        const inFile = new Set(loginsInFile);
        const seen = new Set<string>();
        const outcomes: RowOutcome[] = rows.map((row) => {
          const outcome = planRow(row.line, row.cells, columns, lookups, inFile, fields);
          const login = outcome.plan?.member.loginId.toLowerCase();
          if (login && seen.has(login)) {
            outcome.problems.push({ field: 'loginId', key: 'org.import.loginTwice', params: { loginId: outcome.plan!.member.loginId } });
            outcome.plan = null;
          }
          if (login) seen.add(login);
          return outcome;
        });
        settleSuperiors(outcomes);
        const good = outcomes.filter((o) => o.plan);
        const created = await insertMembers(trx, space.id, good.map((o) => o.plan!), kernel.clock.now());
        await kernel.events.emit(trx, space.id, memberEvents('org.member.joined', created.map((c) => c.id), { kind: 'member', userId: signedIn(req).userId }));
        const ids = new Map(good.map((o, i) => [o.plan!.member.loginId.toLowerCase(), created[i]!.id]));
        for (const [i, o] of good.entries()) {
          if (o.superiorInFile) await trx.updateTable('org_member_profile').set({ superior_id: ids.get(o.superiorInFile)! }).where('user_id', '=', created[i]!.id).execute();
        }
        const bad = outcomes.filter((o) => !o.plan);
        const width = header.length;
        const failures = bad.length
          ? await sheetBytes(
              [...header.map((h, i) => (h === null ? `#${i + 1}` : String(h))), say(language, 'forms.import.colReason')],
              bad.map((o) => [...Array.from({ length: width }, (_, c) => o.cells[c] ?? null), say(language, 'forms.import.rowLimit', { row: o.line, reason: o.problems.map((p) => say(language, p.key, p.params)).join('; ') })]),
            )
          : null;
        const record = await trx
          .insertInto('org_member_import')
          .values({ space_id: space.id, user_id: user.userId, file_name: fileName, total: rows.length, imported: good.length, failed: bad.length, failures })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id: record.id, total: rows.length, imported: good.length, failed: bad.length, reasons: bad.slice(0, 20).map((o) => ({ line: o.line, reason: o.problems.map((p) => say(language, p.key, p.params)).join('; ') })) };
      });
      return { code: 200, msg: 'ok', data: result };
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  app.get('/api/org/member-imports/:id/failures', { config: { access: manage }, schema: { params: IdParam, querystring: NoQuery } }, async (req, reply) => {
    currentSpace(req);
    const row = await kernel.transact(req, (trx) => trx.selectFrom('org_member_import').select(['failures', 'file_name']).where('id', '=', req.params.id).executeTakeFirst());
    if (!row?.failures) throw fail.notFound('org.import.noFailures');
    const name = `${row.file_name.replace(/\.[^.]+$/, '')}-failures.xlsx`;
    return reply.header('content-type', XLSX).header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`).send(row.failures);
  });
}
