import { buildPath, type RouteMatch } from '../../../../shared/routes/match.ts';
import { ROUTES } from '../../../../shared/routes/table.ts';
import { kernelStorage, readCookie } from '../../../kernel/storage.ts';
import { CSRF_COOKIE, CSRF_HEADER, TransportError, apiUrl } from '../../../kernel/transport.ts';
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
export const exportFileLink = (spaceUri: string, jobId: string) => apiLink(spaceUri, `/api/forms/jobs/${encodeURIComponent(jobId)}/file`);
export const failuresLink = (spaceUri: string, jobId: string) => apiLink(spaceUri, `/api/forms/jobs/${encodeURIComponent(jobId)}/failures?format=xlsx`);

/**
 * Step 1 of an import: the sheet as multipart/form-data (field `files`). The shell's transport only sends JSON
 * or form-encoded bodies, so this is fetch with the same CSRF and language headers; a refusal carries the
 * server's translated text (bad type, too large, damaged file…), shown as it comes.
 */
export async function uploadImportFile(spaceUri: string, formId: string, file: File, fallbackMessage: string): Promise<ImportPreview> {
  const body = new FormData();
  body.append('files', file, file.name);
  let response: Response;
  try {
    response = await fetch(apiLink(spaceUri, `/api/forms/forms/${encodeURIComponent(formId)}/imports/preview`), {
      method: 'POST',
      body,
      credentials: 'include',
      headers: { [CSRF_HEADER]: readCookie(CSRF_COOKIE) || 'web', Accept: 'application/json', 'Accept-Language': kernelStorage.language() },
    });
  } catch {
    throw new TransportError({ code: 0, message: fallbackMessage, kind: 'network' });
  }
  const answer = (await response.json().catch(() => null)) as { msg?: string; text?: string; data?: ImportPreview } | null;
  if (!response.ok || !answer?.data?.file) {
    throw new TransportError({ code: response.status, message: answer?.text || fallbackMessage, msg: answer?.msg ?? null, data: answer?.data ?? null });
  }
  return answer.data;
}
