import type { FileRef } from '../../../../shared/forms/fields.ts';
import { splitSpacePrefix } from '../../../../shared/routes/match.ts';
import { apiUrl } from '../../../kernel/transport.ts';
import { postFiles } from '../../../kernel/upload.ts';

export type UploadPurpose = 'attachment' | 'image';

/** Calls go to the space the page is in, like the shell's transport (renderer/shell/boot.ts). */
const spacePrefix = () => splitSpacePrefix(globalThis.location?.pathname ?? '/').spaceUri;

/** Where a stored file is read (download link, image thumbnail). */
export const fileUrl = (fileId: string) => apiUrl('', spacePrefix(), `/api/forms/files/${encodeURIComponent(fileId)}`);

/** POST /api/forms/files?purpose=… (at most 5 files per upload, §5): the stored files as a record keeps them. */
export async function uploadFiles(files: readonly File[], purpose: UploadPurpose, fallbackMessage: string): Promise<FileRef[]> {
  const url = `${apiUrl('', spacePrefix(), '/api/forms/files')}?purpose=${purpose}`;
  const answer = await postFiles(url, files, fallbackMessage, (data): data is { files: FileRef[] } => Array.isArray((data as { files?: unknown } | null)?.files));
  return answer.files;
}
