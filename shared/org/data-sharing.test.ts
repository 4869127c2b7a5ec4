import { describe, expect, it } from 'vitest';
import { DEFAULT_SHARING_POLICY, ruleAllows, sharingProblem, tidySharingPolicy, type SharingPolicy, type SharingRule } from './data-sharing.ts';

const rule = (mode: string, platformRoles: string[] = [], enterpriseRoles: string[] = []) => ({ mode, platformRoles, enterpriseRoles }) as SharingRule;
const policy = (patch: Partial<SharingPolicy>): SharingPolicy => ({ ...DEFAULT_SHARING_POLICY, ...patch });

describe('data-sharing rules (decision 0046), the same on the page and the server', () => {
  it('everyone allows all, nobody none, roles those holding a named platform or enterprise role', () => {
    expect(ruleAllows(rule('everyone'), ['user'], [])).toBe(true);
    expect(ruleAllows(rule('nobody'), ['user', 'safe'], ['1'])).toBe(false);
    expect(ruleAllows(rule('roles', ['safe']), ['user'], ['7'])).toBe(false);
    expect(ruleAllows(rule('roles', ['safe']), ['user', 'safe'], [])).toBe(true);
    expect(ruleAllows(rule('roles', [], ['7']), ['user'], ['3', '7'])).toBe(true);
  });

  it('tidying keeps role lists only for "roles", each id once and trimmed', () => {
    const tidy = tidySharingPolicy(policy({ export: rule('nobody', ['user'], ['1']), share: rule('roles', ['user', 'user'], [' 4', '4']) }));
    expect(tidy.export).toEqual(rule('nobody'));
    expect(tidy.share).toEqual(rule('roles', ['user'], ['4']));
  });

  it('names the first problem with the action it is about', () => {
    expect(sharingProblem(DEFAULT_SHARING_POLICY)).toBeNull();
    expect(sharingProblem(policy({ print: rule('sometimes') }))).toEqual({ key: 'org.sharing.problem.mode', params: { action: 'org.sharing.action.print' } });
    expect(sharingProblem(policy({ share: rule('roles') }))?.key).toBe('org.sharing.problem.noRole');
    expect(sharingProblem(policy({ share: rule('roles', ['admin']) }))?.key).toBe('org.sharing.problem.platformRole');
    expect(sharingProblem(policy({ share: rule('roles', [], ['x1']) }))?.key).toBe('org.sharing.problem.unknownRole');
    expect(sharingProblem(policy({ share: rule('roles', [], Array.from({ length: 101 }, (_, i) => String(i + 1))) }))?.key).toBe('org.sharing.problem.tooManyRoles');
  });
});
