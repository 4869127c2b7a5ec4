import fs from 'node:fs';
import path from 'node:path';

export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export const DEFAULT_BOUNDS: WindowBounds = { width: 1280, height: 800, maximized: false };
const MIN = { width: 800, height: 560 };
const MAX = 16_384;

/** Reads the remembered main-window bounds; anything unreadable or absurd gives the defaults. */
export function loadWindowState(file: string): WindowBounds {
  try {
    const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<WindowBounds>;
    const size = (value: unknown, min: number) => (typeof value === 'number' && value >= min && value <= MAX ? Math.round(value) : null);
    const width = size(raw.width, MIN.width);
    const height = size(raw.height, MIN.height);
    if (width === null || height === null) return { ...DEFAULT_BOUNDS };
    const position = (value: unknown) => (typeof value === 'number' && Math.abs(value) <= MAX ? Math.round(value) : undefined);
    return { x: position(raw.x), y: position(raw.y), width, height, maximized: raw.maximized === true };
  } catch {
    return { ...DEFAULT_BOUNDS };
  }
}

export function saveWindowState(file: string, bounds: WindowBounds): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(bounds));
  fs.renameSync(temporary, file); // atomic: a crash never leaves half a file
}
