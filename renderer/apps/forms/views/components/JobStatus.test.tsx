import { afterEach, describe, expect, it } from 'vitest';
import { byTestId, cleanup, fakeApi, renderPage } from '../../../../testing/page-kit.tsx';
import type { Job } from '../types.ts';
import { ImportProgress } from './JobStatus.tsx';

afterEach(cleanup);

const failed: Job = {
  id: '7',
  kind: 'import',
  status: 'failed',
  total: 0,
  done: 0,
  failed: 0,
  fileName: null,
  errorKey: 'forms.import.cellTooLong',
  errorParams: { row: 32, max: 32_767 },
};

describe('a failed import', () => {
  it.each([
    ['en', 'Row 32 has a cell longer than 32767 characters.'],
    ['zh-CN', '第 32 行有单元格超过 32767 个字符'],
  ] as const)('%s: says why with the numbers the job kept, never a placeholder', async (language, text) => {
    const Page = () => <ImportProgress job={failed} error={null} failuresHref="#" />;
    await renderPage(Page, '/space-acme/app/edit/cascadesview', fakeApi({}).api, language);
    const result = byTestId('import-result')?.textContent ?? '';
    expect(result).toContain(text);
    expect(result).not.toContain('<%');
  });
});
