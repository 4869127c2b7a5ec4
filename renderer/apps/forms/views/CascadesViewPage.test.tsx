import { afterEach, describe, expect, it } from 'vitest';
import { byTestId, cleanup, fakeApi, renderPage } from '../../../testing/page-kit.tsx';
import { CascadesViewPage } from './CascadesViewPage.tsx';

afterEach(cleanup);

// A past defect: the menu's cascade-view entry has no form and said "form does not exist".
describe('CascadesViewPage', () => {
  it('reached from the menu without a form, offers the application and form pickers', async () => {
    const { api } = fakeApi({ 'GET /api/appcenter/systems': { systems: [{ id: '1', name: 'ERP', apps: [{ id: '3', name: 'Sales' }] }] } });
    await renderPage(CascadesViewPage, '/space-acme/app/edit/cascadesview', api);
    expect(byTestId('form-picker')?.textContent).toContain('Choose the form to build a cascade view for');
    expect(byTestId('picker-app')).not.toBeNull();
  });
});
