import type { FileRef } from '../../../../shared/forms/fields.ts';
import { splitSpacePrefix } from '../../../../shared/routes/match.ts';
import { kernelStorage, readCookie } from '../../../kernel/storage.ts';
import { CSRF_COOKIE, CSRF_HEADER, TransportError, apiUrl } from '../../../kernel/transport.ts';

export type UploadPurpose = 'attachment' | 'image';

/** Calls go to the space the page is in, like the shell's transport (renderer/shell/boot.ts). */
const spacePrefix = () => splitSpacePrefix(globalThis.location?.pathname ?? '/').spaceUri;

/** Where a stored file is read (download link, image thumbnail). */
export const fileUrl = (fileId: string) => apiUrl('', spacePrefix(), `/api/forms/files/${encodeURIComponent(fileId)}`);

/**
 * POST /api/forms/files?purpose=… as multipart/form-data (field `files`). The shell's transport only sends
 * JSON or form-encoded bodies, so this goes through fetch with the same CSRF and language headers.
 */
export async function uploadFiles(files: readonly File[], purpose: UploadPurpose, fallbackMessage: string): Promise<FileRef[]> {
  const body = new FormData();
  for (const file of files) body.append('files', file, file.name);
  const url = `${apiUrl('', spacePrefix(), '/api/forms/files')}?purpose=${purpose}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      body,
      credentials: 'include',
      // Without a session the server accepts any non-empty token (see transport.ts).
      headers: { [CSRF_HEADER]: readCookie(CSRF_COOKIE) || 'web', Accept: 'application/json', 'Accept-Language': kernelStorage.language() },
    });
  } catch {
    throw new TransportError({ code: 0, message: fallbackMessage, kind: 'network' });
  }
  const answer = (await response.json().catch(() => null)) as { msg?: string; text?: string; data?: { files?: FileRef[] } } | null;
  if (!response.ok || !Array.isArray(answer?.data?.files)) {
    throw new TransportError({ code: response.status, message: answer?.text || fallbackMessage, msg: answer?.msg ?? null, data: answer?.data ?? null });
  }
  return answer.data.files;
}
