/** Test-only helpers of the import/export integration suites: run an import through the API and wait for it. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestClient } from '../../../../tests/support/client.ts';
import { ok } from '../../../../tests/support/forms.ts';
import { openWriter, readSheet, type Cell, type SheetKind } from '../../../kernel/sheets/index.ts';

/** Polls a job until it is no longer preparing. */
export async function finished(client: TestClient, jobId: string) {
  for (let i = 0; i < 1200; i += 1) {
    const job = await ok(client.get(`/api/forms/jobs/${jobId}`));
    if (job.status !== 'preparing') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${jobId} did not finish`);
}

/** Uploads a file, starts its import with the suggested mapping (or `mapping`), and waits for the end. */
export async function importFile(client: TestClient, formId: string, name: string, bytes: Buffer, mapping?: Record<string, string>, query = '') {
  const preview = await ok(client.upload(`/api/forms/forms/${formId}/imports/preview${query}`, [{ name, bytes }]));
  const job = await ok(client.post(`/api/forms/forms/${formId}/imports${query}`, { fileId: preview.file.fileId, mapping: mapping ?? preview.mapping }));
  return { preview, job: await finished(client, job.id) };
}

const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'qpaas-import-kit-'));

/** A sheet file written by our own writer (header + rows). */
export async function sheetBytes(kind: SheetKind, rows: Cell[][]): Promise<Buffer> {
  const dir = scratch();
  try {
    const file = path.join(dir, `sheet.${kind}`);
    const writer = await openWriter(file, kind, rows[0] as string[]);
    for (const row of rows.slice(1)) await writer.write(row);
    await writer.close();
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The rows of a downloaded sheet (header first). */
export async function sheetRows(bytes: Buffer, kind: SheetKind): Promise<Cell[][]> {
  const dir = scratch();
  try {
    const file = path.join(dir, `back.${kind}`);
    fs.writeFileSync(file, bytes);
    const rows: Cell[][] = [];
    for await (const row of readSheet(file, kind, { encoding: 'utf8' })) rows.push(row);
    return rows;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The stored failure rows of an import job: row number (1-based data row) and reason. */
export async function failuresOf(client: TestClient, jobId: string): Promise<Cell[][]> {
  const file = await client.download(`/api/forms/jobs/${jobId}/failures?format=xlsx`);
  if (file.status !== 200) throw new Error(`failures of ${jobId}: ${file.status}`);
  return sheetRows(file.bytes, 'xlsx');
}
