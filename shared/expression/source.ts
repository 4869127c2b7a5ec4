import type { ExpressionField, ExpressionPosition } from './types.ts';

/**
 * Fields are written by key (`f3 > 100`) or by display name in braces (`{金额} > 100`): display names are Chinese,
 * hold spaces and punctuation, and may be CEL words, so they cannot be bare identifiers. CEL has no `{name}` form
 * (its map literal needs `key: value`), so the braces are unambiguous; they are replaced by the field's identifier
 * before parsing, and offsets in the parsed text are mapped back so every error points into what the user wrote.
 */

interface Segment {
  newStart: number;
  newEnd: number;
  oldStart: number;
  oldEnd: number;
}

export interface SourceMap {
  /** The original offset of an offset of the rewritten text; `end` maps a position inside a replacement to its end. */
  toOriginal(offset: number, side: 'start' | 'end'): number;
}

export type RewriteResult =
  | { ok: true; text: string; map: SourceMap }
  | { ok: false; key: 'expression.unknownField' | 'expression.ambiguousField'; name: string; start: number; end: number };

const IDENT = /[A-Za-z0-9_]/;
const STOP = new Set(['{', '}', ':', ',', '"', "'", '\n']);
const MAX_NAME = 200;

/** The end (exclusive) of the string literal whose opening quote is at `start`. */
function skipString(source: string, start: number): number {
  const quote = source[start]!;
  const triple = source.startsWith(quote.repeat(3), start);
  // A raw string (r"…", also after a bytes prefix) keeps backslashes as they are.
  const prefix = /(?:^|[^A-Za-z0-9_])([rRbB]{1,2})$/.exec(source.slice(Math.max(0, start - 3), start))?.[1] ?? '';
  const raw = /r/i.test(prefix);
  const close = triple ? quote.repeat(3) : quote;
  let i = start + close.length;
  while (i < source.length) {
    if (!raw && source[i] === '\\') i += 2;
    else if (source.startsWith(close, i)) return i + close.length;
    else if (!triple && source[i] === '\n') return i;
    else i++;
  }
  return source.length;
}

function resolve(fields: readonly ExpressionField[], written: string): ExpressionField | 'ambiguous' | null {
  const byName = fields.filter((f) => f.name.trim() === written);
  if (byName.length > 1) return 'ambiguous';
  return byName[0] ?? fields.find((f) => f.key === written) ?? null;
}

export function rewriteFieldNames(
  source: string,
  fields: readonly ExpressionField[],
  identifierOf: (field: ExpressionField) => string,
): RewriteResult {
  const segments: Segment[] = [];
  let text = '';
  let copied = 0;
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (ch === '/' && source[i + 1] === '/') {
      const newline = source.indexOf('\n', i);
      i = newline < 0 ? source.length : newline;
      continue;
    }
    if (ch === '"' || ch === "'") {
      i = skipString(source, i);
      continue;
    }
    if (ch !== '{') {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < source.length && j - i <= MAX_NAME && !STOP.has(source[j]!)) j++;
    const written = source.slice(i + 1, j).trim();
    if (source[j] !== '}' || written === '') {
      i++;
      continue;
    }
    const field = resolve(fields, written);
    if (field === null || field === 'ambiguous') {
      const key = field === null ? 'expression.unknownField' : 'expression.ambiguousField';
      return { ok: false, key, name: written, start: i, end: j + 1 };
    }
    // Keep tokens apart: `a{金额}` must not become one identifier `af3`.
    const lead = IDENT.test(source[i - 1] ?? '') ? ' ' : '';
    const trail = IDENT.test(source[j + 1] ?? '') ? ' ' : '';
    text += source.slice(copied, i);
    const newStart = text.length;
    text += lead + identifierOf(field) + trail;
    segments.push({ newStart, newEnd: text.length, oldStart: i, oldEnd: j + 1 });
    copied = j + 1;
    i = j + 1;
  }
  text += source.slice(copied);
  return { ok: true, text, map: { toOriginal: (offset, side) => toOriginal(segments, offset, side) } };
}

function toOriginal(segments: readonly Segment[], offset: number, side: 'start' | 'end'): number {
  let delta = 0;
  for (const segment of segments) {
    if (offset < segment.newStart || (side === 'end' && offset === segment.newStart)) break;
    if (offset < segment.newEnd) return side === 'start' ? segment.oldStart : segment.oldEnd;
    delta = segment.oldEnd - segment.newEnd;
  }
  return offset + delta;
}

/** Line and column (from 1) of an offset of the original source. */
export function positionAt(source: string, offset: number, length?: number): ExpressionPosition {
  const at = Math.max(0, Math.min(offset, source.length));
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < at; i++) {
    if (source[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  const position: ExpressionPosition = { offset: at, line, column: at - lineStart + 1 };
  if (length !== undefined && length > 0) position.length = Math.min(length, source.length - at);
  return position;
}
