import { describe, expect, it } from 'vitest';
import { matchRoute } from '../../../shared/routes/match.ts';
import { appViewPath, canManage, descriptionProblem, moved, nameProblem, recyclePath, systemPath } from './model.ts';

const at = (url: string) => matchRoute(url, { ownSpaceId: 'acme' })!;

describe('application centre links', () => {
  it('keep the space prefix only when the page has one, and lead where the route table says', () => {
    expect(appViewPath(at('/appcenter'), '42')).toBe('/app/!/42');
    expect(appViewPath(at('/space-nova/appcenter'), '42')).toBe('/space-nova/app/!/42');
    expect(systemPath(at('/space-acme/appcenter'), '7')).toBe('/space-acme/appcenter/appsystem/7');
    expect(recyclePath(at('/appcenter'), '7')).toBe('/apprecycle/7/app');
    expect(at(recyclePath(at('/appcenter'), '7')).route.id).toBe('forms.recycle');
    expect(at(appViewPath(at('/appcenter'), '42')).route.id).toBe('forms.appView');
  });
});

describe('application centre helpers', () => {
  it('moves an id one place and refuses to move past either end', () => {
    expect(moved(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b'], 'a', -1)).toBeNull();
    expect(moved(['a', 'b'], 'b', 1)).toBeNull();
    expect(moved(['a'], 'x', 1)).toBeNull();
  });

  it('checks names and descriptions as the server does', () => {
    expect(nameProblem('', 'Name')).toEqual({ key: 'validation.required', params: { field: 'Name' } });
    expect(nameProblem('   ', 'Name')?.key).toBe('validation.required');
    expect(nameProblem('x'.repeat(61), 'Name')).toEqual({ key: 'validation.tooLong', params: { field: 'Name', limit: 60 } });
    expect(nameProblem('x'.repeat(60), 'Name')).toBeNull();
    expect(descriptionProblem('d'.repeat(501), 'D')?.params.limit).toBe(500);
    expect(descriptionProblem(undefined, 'D')).toBeNull();
  });

  it('shows the admin tools to admins and to members the app centre was delegated to (decision 0045)', () => {
    expect(canManage({ roles: ['admin'] })).toBe(true);
    expect(canManage({ roles: ['user', 'audit'] })).toBe(false);
    expect(canManage({ roles: ['user'], delegated: ['appcenter.manage'] })).toBe(true);
    expect(canManage({ roles: ['user'], delegated: ['forms.design'] })).toBe(false);
    expect(canManage(undefined)).toBe(false);
  });
});
