import { afterEach, describe, expect, it } from 'vitest';
import { byTestId, cleanup, click, fakeApi, renderPage } from '../../../../testing/page-kit.tsx';
import { ExportModal } from './ExportModal.tsx';

afterEach(cleanup);

describe('the export dialog', () => {
  it.each([
    ['en', 'Recommended: an Excel file keeps every value as it is', 'A csv has no types'],
    ['zh-CN', '推荐：Excel 文件保留每个值的原样', 'CSV 不带类型'],
  ] as const)('%s: says which format keeps values best, and what a csv does to text', async (language, xlsx, csv) => {
    const Page = () => <ExportModal formId="7" spaceUri="/space-acme" filter={undefined} columns={undefined} historyHref="#" onClose={() => {}} />;
    await renderPage(Page, '/space-acme/app/edit/cascadesview', fakeApi({}).api, language);
    expect(byTestId('export-format-hint')?.textContent).toContain(xlsx);
    await click('export-format-csv');
    expect(byTestId('export-format-hint')?.textContent).toContain(csv);
  });
});
