import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { byTestId, cleanup, click, fakeApi, renderPage } from '../../../../testing/page-kit.tsx';
import { ImportMapping, type HiddenRows, type SheetPreview } from './ImportMapping.tsx';

afterEach(cleanup);

const preview: SheetPreview = {
  file: { fileId: '9', name: 'hidden.xlsx' },
  header: ['Title', 'Scratch'],
  sample: [['one', 'x']],
  fields: [{ key: 'f1', type: 'text', label: 'Title' }],
  mapping: { 0: 'f1' },
  hiddenRows: 2,
  hiddenColumns: [1],
};

describe('the mapping step of a sheet that hides rows and columns', () => {
  it.each([
    ['en', 'The sheet hides 2 data rows.', 'hidden column'],
    ['zh-CN', '表格隐藏了 2 行数据。', '隐藏列'],
  ] as const)('%s: flags them, and the user chooses to import the hidden rows or leave them out', async (language, rowsText, columnText) => {
    const chosen: HiddenRows[] = [];
    const Page = () => {
      const [hidden, setHidden] = useState<HiddenRows>('include');
      return <ImportMapping preview={preview} mapping={preview.mapping} onChange={() => {}} onChoose={() => {}} hiddenRows={hidden} onHiddenRows={(choice) => (chosen.push(choice), setHidden(choice))} />;
    };
    await renderPage(Page, '/space-acme/app/edit/cascadesview', fakeApi({}).api, language);
    expect(byTestId('import-hidden-rows')?.textContent).toContain(rowsText);
    expect(byTestId('import-hidden-column-1')?.textContent).toBe(columnText);
    expect(byTestId('import-hidden-column-0')).toBeNull();
    await click('import-hidden-skip');
    expect(chosen).toEqual(['skip']);
  });

  it('says nothing of hidden rows when the sheet hides none', async () => {
    const Page = () => <ImportMapping preview={{ ...preview, hiddenRows: 0, hiddenColumns: [] }} mapping={preview.mapping} onChange={() => {}} onChoose={() => {}} hiddenRows="include" onHiddenRows={() => {}} />;
    await renderPage(Page, '/space-acme/app/edit/cascadesview', fakeApi({}).api);
    expect(byTestId('import-hidden-rows')).toBeNull();
    expect(byTestId('import-as-shown')).toBeNull();
  });

  it('says numbers in formats of their own import as the sheet shows them', async () => {
    const Page = () => <ImportMapping preview={{ ...preview, formatted: true }} mapping={preview.mapping} onChange={() => {}} onChoose={() => {}} hiddenRows="include" onHiddenRows={() => {}} />;
    await renderPage(Page, '/space-acme/app/edit/cascadesview', fakeApi({}).api);
    expect(byTestId('import-as-shown')?.textContent).toContain('import as the sheet shows them');
  });
});
