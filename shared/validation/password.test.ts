import { describe, expect, it } from 'vitest';
import { passwordChangeProblems } from './password.ts';

const change = (currentPassword: string, newPassword: string, confirmPassword = newPassword) => ({
  currentPassword,
  newPassword,
  confirmPassword,
});
const keys = (problems: ReturnType<typeof passwordChangeProblems>) => problems.map((p) => `${p.field}:${p.key}`);

describe('passwordChangeProblems', () => {
  it('accepts a good change', () => {
    expect(passwordChangeProblems(change('Demo@2026', 'Another@2026'))).toEqual([]);
    expect(passwordChangeProblems(change('old', '12345678'))).toEqual([]);
  });

  it('requires the current password', () => {
    const problems = passwordChangeProblems(change('', 'Another@2026'));
    expect(keys(problems)).toEqual(['currentPassword:validation.required']);
  });

  it('requires the new password', () => {
    const problems = passwordChangeProblems(change('Demo@2026', ''));
    expect(keys(problems)).toEqual(['newPassword:validation.required']);
  });

  it('reports both when both are empty', () => {
    expect(keys(passwordChangeProblems(change('', '')))).toEqual([
      'currentPassword:validation.required',
      'newPassword:validation.required',
    ]);
  });

  it('refuses fewer than 8 characters and says the minimum', () => {
    const problems = passwordChangeProblems(change('Demo@2026', 'Abc@123'));
    expect(problems).toEqual([{ field: 'newPassword', key: 'account.passwordTooShort', params: { min: 8 } }]);
    expect(passwordChangeProblems(change('Demo@2026', 'Abc@1234'))).toEqual([]);
  });

  it('counts characters by code point, not UTF-16 unit', () => {
    // 7 emoji are 14 UTF-16 units but only 7 characters: too short.
    const seven = '😀'.repeat(7);
    expect(seven.length).toBe(14);
    expect(keys(passwordChangeProblems(change('Demo@2026', seven)))).toEqual(['newPassword:account.passwordTooShort']);
    expect(passwordChangeProblems(change('Demo@2026', '😀'.repeat(8)))).toEqual([]);
    expect(passwordChangeProblems(change('Demo@2026', '密码密码密码密码'))).toEqual([]);
  });

  it('refuses a confirmation that differs from the new password', () => {
    const problems = passwordChangeProblems(change('Demo@2026', 'Another@2026', 'Another@2027'));
    expect(keys(problems)).toEqual(['confirmPassword:account.passwordsDiffer']);
    expect(keys(passwordChangeProblems(change('Demo@2026', 'Another@2026', '')))).toEqual(['confirmPassword:account.passwordsDiffer']);
  });

  it('refuses a new password equal to the current one', () => {
    const problems = passwordChangeProblems(change('Demo@2026', 'Demo@2026'));
    expect(keys(problems)).toEqual(['newPassword:account.passwordSameAsOld']);
  });

  it('refuses an overlong new password', () => {
    expect(keys(passwordChangeProblems(change('Demo@2026', 'a'.repeat(129))))).toEqual(['newPassword:account.passwordTooLong']);
    expect(passwordChangeProblems(change('Demo@2026', 'a'.repeat(128)))).toEqual([]);
  });
});
