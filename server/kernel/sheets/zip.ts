import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ImportFileError, importLimits, type ImportLimits } from './types.ts';

/** Above this size an entry must not claim more than BOMB_RATIO:1 (real xlsx sheets compress ~10–50:1). */
export const BOMB_MIN_ENTRY = 1024 * 1024;
export const BOMB_RATIO = 200;

export interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

/**
 * Walks the central directory only (no entry is inflated). `visit` returns true to stop early. `onOpen`
 * sees the declared entry count before any entry is read, so a million-entry directory costs nothing.
 * A zip yauzl cannot parse (truncated, bad offsets, unsafe names) is 'forms.import.malformed'.
 */
export async function scanZip(
  path: string,
  visit: (entry: ZipEntryInfo) => boolean | void,
  onOpen?: (entryCount: number) => void,
): Promise<void> {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  } catch {
    throw new ImportFileError('forms.import.malformed');
  }
  try {
    onOpen?.(zip.entryCount);
    await new Promise<void>((resolve, reject) => {
      zip.on('error', () => reject(new ImportFileError('forms.import.malformed')));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: Entry) => {
        let stop: boolean | void;
        try {
          stop = visit({
            name: entry.fileName,
            compressedSize: entry.compressedSize,
            uncompressedSize: entry.uncompressedSize,
          });
        } catch (error) {
          reject(error);
          return;
        }
        if (stop) resolve();
        else zip.readEntry();
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

/**
 * Zip-bomb guard on the central directory, run before any entry is inflated: it stops the honest bombs (and
 * the absurd directories) at no cost. Declared sizes can lie, so it is only the first filter: ZipArchive
 * counts the bytes really inflated and stops at the same limits while reading.
 */
export async function checkZip(path: string, limits: Partial<ImportLimits> = {}): Promise<void> {
  const { zipMaxEntries, zipMaxUncompressed } = importLimits(limits);
  let total = 0;
  await scanZip(
    path,
    (entry) => {
      total += entry.uncompressedSize;
      if (total > zipMaxUncompressed) throw new ImportFileError('forms.import.zipBomb');
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (entry.uncompressedSize > BOMB_MIN_ENTRY && ratio > BOMB_RATIO) {
        throw new ImportFileError('forms.import.zipBomb');
      }
    },
    (entryCount) => {
      if (entryCount > zipMaxEntries) throw new ImportFileError('forms.import.zipBomb');
    },
  );
}
