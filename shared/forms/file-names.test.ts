import { describe, expect, it } from 'vitest';
import type { FieldDef } from './fields.ts';
import { validateValues } from './validate.ts';
import { shownFileName } from './validate-values.ts';

/** Decision 0027: a file name named in a record is held to the same rule as an uploaded one. */
const files: FieldDef = { key: 'f1', type: 'attachment', label: 'Files' };
const named = (name: string) => validateValues([files], { f1: [{ fileId: '42', name, size: 10, mime: 'text/plain' }] });

describe('file names in record values', () => {
  it('refuses control characters and bidi overrides, as an upload does', () => {
    for (const name of ['a\u0000.pdf', 'a\u0007.pdf', 'line\nbreak.pdf', 'a\u0085.pdf', 'invoice\u202Etxt.exe', 'x\u2066.pdf']) {
      expect(named(name).errors).toMatchObject([{ field: 'f1', key: 'forms.file.badName' }]);
    }
    expect(named('p\u202E.png').errors[0]?.params).toMatchObject({ name: 'p?.png' });
  });

  it('keeps ordinary names, Chinese, spaces and brackets included', () => {
    expect(named(' 报告 2026 (final).pdf ').values.f1).toMatchObject([{ name: '报告 2026 (final).pdf' }]);
    expect(shownFileName('a\u0000b\u202Ec')).toBe('a?b?c');
  });
});
