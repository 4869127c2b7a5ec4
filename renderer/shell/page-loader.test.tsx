import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../shared/routes/table.ts';
import type { RouteEntry } from '../../shared/routes/types.ts';
import { AssetMissingPage, PlannedPage, resolvePage } from './page-loader.tsx';

const login = ROUTES.find((r) => r.id === 'shell.login')!;
const built: RouteEntry = { ...login, status: 'built' };

describe('page loading', () => {
  it('shows the planned page for a planned route without loading its chunk', async () => {
    let loads = 0;
    const page = await resolvePage({ ...built, status: 'planned' }, () => {
      loads += 1;
      return Promise.resolve({ pages: {} });
    });
    expect(page).toBe(PlannedPage);
    expect(loads).toBe(0);
  });

  it('says the asset does not exist when the chunk fails to load or lacks the page', async () => {
    expect(await resolvePage(built, () => Promise.reject(new Error('404 chunk')))).toBe(AssetMissingPage);
    expect(await resolvePage(built, () => Promise.resolve({ pages: {} }))).toBe(AssetMissingPage);
    expect(await resolvePage(built, () => null)).toBe(AssetMissingPage);
  });

  it('returns the page component exported by the chunk', async () => {
    const LoginPage = () => null;
    expect(await resolvePage(built, () => Promise.resolve({ pages: { LoginPage } }))).toBe(LoginPage);
  });
});
