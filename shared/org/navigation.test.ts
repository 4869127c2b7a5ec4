import { describe, expect, it } from 'vitest';
import { navigablePage, navigationProblem, safeUrl } from './navigation.ts';

const entry = (patch: object) => ({ name: 'Entry', nameEn: '', icon: 'app', kind: 'url' as const, target: 'https://example.com', ...patch });

describe('navigation rules (decision 0044)', () => {
  it('accepts only absolute http(s) addresses without credentials or blanks', () => {
    for (const good of ['https://example.com', 'http://plant.example.com:8080/board?line=1#top']) expect(safeUrl(good), good).toBe(true);
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' https://example.com', 'data:text/html,x', '/space-acme/appcenter', '//evil.example', 'https://u:p@example.com', 'ftp://example.com', 'https://exa mple.com', `https://example.com/${'a'.repeat(500)}`]) {
      expect(safeUrl(bad), bad).toBe(false);
    }
  });

  it('pages must be built and open without parameters; frame pages are no entries', () => {
    expect(navigablePage('org.contacts')?.id).toBe('org.contacts');
    expect(navigablePage('org.supplier')).toBeUndefined(); // planned
    expect(navigablePage('org.webConfigEntry')).toBeUndefined(); // needs {id}
    expect(navigablePage('shell.login')).toBeUndefined();
  });

  it('names 1–20 characters in each language, a known icon, a target fitting the kind', () => {
    expect(navigationProblem(entry({}))).toBeNull();
    expect(navigationProblem(entry({ name: 'x'.repeat(21) }))?.key).toBe('org.navigation.nameLength');
    expect(navigationProblem(entry({ nameEn: 'x'.repeat(21) }))?.key).toBe('org.navigation.nameLength');
    expect(navigationProblem(entry({ icon: 'rocket' }))?.key).toBe('org.navigation.iconUnknown');
    expect(navigationProblem(entry({ kind: 'group' }))?.key).toBe('org.navigation.groupTarget');
    expect(navigationProblem(entry({ kind: 'group', target: '' }))).toBeNull();
    expect(navigationProblem(entry({ kind: 'page', target: '' }))?.key).toBe('org.navigation.targetRequired');
    expect(navigationProblem(entry({ kind: 'app', target: 'abc' }))?.key).toBe('org.navigation.appUnknown');
  });
});
