import { kernelStorage, readCookie } from './storage.ts';
import { CSRF_COOKIE, CSRF_HEADER, TransportError } from './transport.ts';

/**
 * POST of files as multipart/form-data (field `files`). The transport only sends JSON or form-encoded bodies, so
 * this is fetch with the same CSRF and language headers; a refusal carries the server's translated text (bad
 * type, too large, damaged file…). `accept` says whether the answer's data is what the caller expects.
 */
export async function postFiles<T>(url: string, files: readonly File[], fallbackMessage: string, accept: (data: unknown) => data is T, method: 'POST' | 'PUT' = 'POST'): Promise<T> {
  const body = new FormData();
  for (const file of files) body.append('files', file, file.name);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      body,
      credentials: 'include',
      // Without a session the server accepts any non-empty token (see transport.ts).
      headers: { [CSRF_HEADER]: readCookie(CSRF_COOKIE) || 'web', Accept: 'application/json', 'Accept-Language': kernelStorage.language() },
    });
  } catch {
    throw new TransportError({ code: 0, message: fallbackMessage, kind: 'network' });
  }
  const answer = (await response.json().catch(() => null)) as { msg?: string; text?: string; data?: unknown } | null;
  if (!response.ok || !accept(answer?.data)) {
    throw new TransportError({ code: response.status, message: answer?.text || fallbackMessage, msg: answer?.msg ?? null, data: answer?.data ?? null });
  }
  return answer!.data as T;
}
