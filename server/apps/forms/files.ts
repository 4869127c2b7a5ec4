import type { FileRef } from '../../../shared/forms/fields.ts';

// Reading uploads is the kernel's (server/kernel/uploads.ts), shared with chat; forms' modules keep importing it here.
export { readUploads, sha256, sniff, type FilePurpose, type Upload } from '../../kernel/uploads.ts';

export const fileRef = (row: { id: string; name: string; size: number; mime: string }): FileRef => ({ fileId: row.id, name: row.name, size: row.size, mime: row.mime });
