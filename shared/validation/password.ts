/** Password rules of spec §5, shared by the personal-settings form and the server. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export interface FieldProblem {
  field: string;
  key: string;
  params?: Record<string, string | number>;
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Problems a password change has before the current password is even checked (empty list = fine). */
export function passwordChangeProblems(change: PasswordChange): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!change.currentPassword) problems.push({ field: 'currentPassword', key: 'validation.required', params: { field: 'account.currentPassword' } });
  if (!change.newPassword) problems.push({ field: 'newPassword', key: 'validation.required', params: { field: 'account.newPassword' } });
  else if ([...change.newPassword].length < PASSWORD_MIN_LENGTH)
    problems.push({ field: 'newPassword', key: 'account.passwordTooShort', params: { min: PASSWORD_MIN_LENGTH } });
  else if ([...change.newPassword].length > PASSWORD_MAX_LENGTH)
    problems.push({ field: 'newPassword', key: 'account.passwordTooLong', params: { max: PASSWORD_MAX_LENGTH } });
  if (change.newPassword !== change.confirmPassword) problems.push({ field: 'confirmPassword', key: 'account.passwordsDiffer' });
  if (change.newPassword && change.newPassword === change.currentPassword && problems.length === 0)
    problems.push({ field: 'newPassword', key: 'account.passwordSameAsOld' });
  return problems;
}
