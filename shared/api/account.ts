import { Type } from '@sinclair/typebox';
import { SpaceId, Strict } from './common.ts';

export const LoginBody = Strict({
  loginId: Type.String({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: 256 }),
});

export const PasswordChangeBody = Strict({
  currentPassword: Type.String({ maxLength: 256 }),
  newPassword: Type.String({ maxLength: 256 }),
  confirmPassword: Type.String({ maxLength: 256 }),
});

export const SwitchSpaceBody = Strict({ spaceId: SpaceId });
