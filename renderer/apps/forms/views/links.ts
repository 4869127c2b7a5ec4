import { buildPath, type RouteMatch } from '../../../../shared/routes/match.ts';
import { ROUTES } from '../../../../shared/routes/table.ts';
import { downloadLink } from '../../../kernel/download-link.ts';
import { apiUrl } from '../../../kernel/transport.ts';
import { postFiles } from '../../../kernel/upload.ts';
import type { ImportPreview } from './types.ts';

type Query = Record<string, string | undefined>;

/**
 * A page path by route id, in the space the user is looking at (the prefix only when this page has one, as
 * the workbench links do), with an optional query.
 */
export function routePath(match: Pick<RouteMatch, 'spaceUri' | 'spaceId'>, routeId: string, params: Record<string, string> = {}, query: Query = {}): string {
  const route = ROUTES.find((r) => r.id === routeId);
  if (!route) throw new Error(`Unknown route ${routeId}`);
  const path = buildPath(route, params, match.spaceUri ? match.spaceId : null);
  const search = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== '')).toString();
  return search ? `${path}?${search}` : path;
}

/** A download link of the forms API (plain <a href>: the browser sends the session cookie itself). */
export const apiLink = (spaceUri: string, path: string) => apiUrl('', spaceUri, path);

export const fileLink = (spaceUri: string, fileId: string) => apiLink(spaceUri, `/api/forms/files/${encodeURIComponent(fileId)}`);
/** An export's prepared file as a download link (its `download` keeps the client router from taking it for a page). */
export const exportDownload = (spaceUri: string, jobId: string, fileName?: string | null) =>
  downloadLink(spaceUri, `/api/forms/jobs/${encodeURIComponent(jobId)}/file`, fileName);
export const failuresLink = (spaceUri: string, jobId: string) => apiLink(spaceUri, `/api/forms/jobs/${encodeURIComponent(jobId)}/failures?format=xlsx`);

/** Step 1 of an import: the sheet, checked by the server (type, size, zip bomb, quoting) before it is kept. */
export function uploadImportFile(spaceUri: string, formId: string, file: File, fallbackMessage: string): Promise<ImportPreview> {
  const url = apiLink(spaceUri, `/api/forms/forms/${encodeURIComponent(formId)}/imports/preview`);
  return postFiles(url, [file], fallbackMessage, (data): data is ImportPreview => !!(data as { file?: unknown } | null)?.file);
}
