import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ImportFileError, importLimits, type ImportLimits } from './types.ts';

/**
 * A zip opened by its central directory (yauzl), read entry by entry in any order: an xlsx's shared strings
 * and styles are read before its sheet without parking the sheet in a temp file, and only the entries an
 * import needs are ever inflated. Part names are matched case-insensitively, as Excel does.
 */
export class ZipArchive {
  private constructor(
    private readonly zip: ZipFile,
    private readonly entries: Map<string, Entry>,
  ) {}

  static async open(path: string, limits: Partial<ImportLimits> = {}): Promise<ZipArchive> {
    const { zipMaxEntries } = importLimits(limits);
    let zip: ZipFile;
    try {
      zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
    } catch {
      throw new ImportFileError('forms.import.malformed');
    }
    try {
      if (zip.entryCount > zipMaxEntries) throw new ImportFileError('forms.import.zipBomb');
      const entries = new Map<string, Entry>();
      for await (const entry of zip.eachEntry()) entries.set(entry.fileName.toLowerCase(), entry);
      return new ZipArchive(zip, entries);
    } catch (error) {
      zip.close();
      throw error instanceof ImportFileError ? error : new ImportFileError('forms.import.malformed');
    }
  }

  has(name: string): boolean {
    return this.entries.has(name.toLowerCase());
  }

  /** The inflated bytes of one entry, or null when the archive has no such entry. */
  async open(name: string): Promise<AsyncIterable<Buffer> | null> {
    const entry = this.entries.get(name.toLowerCase());
    if (!entry) return null;
    try {
      return (await this.zip.openReadStreamPromise(entry)) as Readable & AsyncIterable<Buffer>;
    } catch {
      throw new ImportFileError('forms.import.malformed');
    }
  }

  close(): void {
    this.zip.close();
  }
}
