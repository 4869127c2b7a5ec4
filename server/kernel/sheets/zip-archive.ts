import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ImportFileError, importLimits, type ImportLimits } from './types.ts';
import { BOMB_MIN_ENTRY, BOMB_RATIO } from './zip.ts';

/**
 * A zip opened by its central directory (yauzl), read entry by entry in any order: an xlsx's shared strings
 * and styles are read before its sheet without parking the sheet in a temp file, and only the entries an
 * import needs are ever inflated. Part names are matched case-insensitively, as Excel does.
 */
export class ZipArchive {
  /** Bytes really inflated so far, over every entry read: the budget is the archive's, not each entry's. */
  inflated = 0;

  private constructor(
    private readonly zip: ZipFile,
    private readonly entries: Map<string, Entry>,
    private readonly maxInflated: number,
  ) {}

  static async open(path: string, limits: Partial<ImportLimits> = {}): Promise<ZipArchive> {
    const { zipMaxEntries, zipMaxUncompressed } = importLimits(limits);
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
      return new ZipArchive(zip, entries, zipMaxUncompressed);
    } catch (error) {
      zip.close();
      throw error instanceof ImportFileError ? error : new ImportFileError('forms.import.malformed');
    }
  }

  has(name: string): boolean {
    return this.entries.has(name.toLowerCase());
  }

  /**
   * The inflated bytes of one entry, or null when the archive has no such entry. Every chunk is counted as it
   * comes out of the inflater: past the archive's budget, or past BOMB_RATIO:1 for this entry, reading stops
   * with zipBomb — whatever the headers declared (checkZip's look at them is only the cheap first filter).
   */
  async open(name: string): Promise<AsyncIterable<Buffer> | null> {
    const entry = this.entries.get(name.toLowerCase());
    if (!entry) return null;
    let stream: Readable;
    try {
      stream = await this.zip.openReadStreamPromise(entry);
    } catch {
      throw new ImportFileError('forms.import.malformed');
    }
    return this.counted(stream, entry);
  }

  private async *counted(stream: Readable, entry: Entry): AsyncGenerator<Buffer> {
    let bytes = 0;
    const compressed = Math.max(entry.compressedSize, 1);
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        this.inflated += chunk.length;
        if (this.inflated > this.maxInflated || (bytes > BOMB_MIN_ENTRY && bytes / compressed > BOMB_RATIO)) {
          throw new ImportFileError('forms.import.zipBomb');
        }
        yield chunk;
      }
    } catch (error) {
      if (error instanceof ImportFileError) throw error;
      // yauzl compares the real size with the declared one as it inflates: more than declared is a lie.
      if (/too many bytes/i.test(String((error as Error)?.message))) throw new ImportFileError('forms.import.zipBomb');
      throw new ImportFileError('forms.import.malformed');
    } finally {
      stream.destroy();
    }
  }

  close(): void {
    this.zip.close();
  }
}
