import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byTestId, cleanup, fakeApi, renderPage, settle } from '../../testing/page-kit.tsx';
import { AppHistoryPage, HISTORY_REFRESH_MS, type ExportRow } from './AppHistoryPage.tsx';

const row = (id: string, status: ExportRow['status'], extra: Partial<ExportRow> = {}): ExportRow => ({
  id,
  appId: `a${id}`,
  appName: `App ${id}`,
  systemName: 'Production',
  fileName: status === 'complete' ? `orders-${id}.xlsx` : null,
  fileSize: status === 'complete' ? 2048 : null,
  status,
  errorKey: null,
  createdAt: '2026-03-01T08:00:00.000Z',
  finishedAt: null,
  ...extra,
});
const URL = '/space-acme/appstore/history';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('AppHistoryPage', () => {
  it('labels each export with §4’s words and offers the file only when it is ready', async () => {
    const { api } = fakeApi({ 'GET /api/forms/exports/history': { history: [row('1', 'preparing'), row('2', 'complete'), row('3', 'failed', { errorKey: 'forms.job.gaveUp' })] } });
    await renderPage(AppHistoryPage, URL, api);
    expect(byTestId('history-status-1')?.textContent).toBe('Preparing');
    expect(byTestId('history-status-2')?.textContent).toBe('Prepare complete');
    expect(byTestId('history-status-3')?.textContent).toBe('Prepare failed');
    expect(byTestId('history-download-2')?.getAttribute('href')).toBe('/space-acme/api/forms/jobs/2/file');
    expect(byTestId('history-download-1')).toBeNull();
    expect(byTestId('history-download-3')).toBeNull();
    expect(byTestId('history-row-2')).not.toBeNull();
    expect(document.body.textContent).toContain('orders-2.xlsx');
    expect(byTestId('history-note')?.textContent).toBe('Only exports of the last 3 days are shown, and only the latest one per application.');
  });

  it('speaks Chinese by default', async () => {
    const { api } = fakeApi({ 'GET /api/forms/exports/history': { history: [row('1', 'preparing'), row('2', 'complete'), row('3', 'failed')] } });
    await renderPage(AppHistoryPage, URL, api, 'zh-CN');
    expect(byTestId('history-status-1')?.textContent).toBe('准备中');
    expect(byTestId('history-status-2')?.textContent).toBe('准备完成');
    expect(byTestId('history-status-3')?.textContent).toBe('准备失败');
  });

  it('asks again every 3 s while an export is being prepared, and stops once none is', async () => {
    vi.useFakeTimers();
    const answers = [[row('1', 'preparing')], [row('1', 'complete')]];
    const { api, calls } = fakeApi({ 'GET /api/forms/exports/history': () => ({ history: answers.shift() ?? [row('1', 'complete')] }) });
    await renderPage(AppHistoryPage, URL, api);
    expect(calls).toHaveLength(1);
    await act(async () => void vi.advanceTimersByTime(HISTORY_REFRESH_MS));
    await settle();
    expect(calls).toHaveLength(2);
    expect(byTestId('history-status-1')?.textContent).toBe('Prepare complete');
    await act(async () => void vi.advanceTimersByTime(HISTORY_REFRESH_MS * 3));
    expect(calls).toHaveLength(2);
  });

  it('shows an empty state', async () => {
    const { api } = fakeApi({ 'GET /api/forms/exports/history': { history: [] } });
    await renderPage(AppHistoryPage, URL, api);
    expect(document.body.textContent).toContain('No exports in the last 3 days');
  });
});
