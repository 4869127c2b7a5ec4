import { Type, type Static } from '@sinclair/typebox';
import type { SecurityLevel } from '../security-policy.ts';
import { Strict } from './common.ts';

/** Verification codes (§5: a fixed number of digits) and two-step codes are six digits. */
export const CODE_LENGTH = 6;
export const VerificationCode = Type.String({ pattern: `^[0-9]{${CODE_LENGTH}}$` });
/** Recovery codes as shown: ten letters and digits in two groups of five; case and the dash are forgiven. */
export const RecoveryCode = Type.String({ minLength: 10, maxLength: 16, pattern: '^[A-Za-z0-9 -]+$' });

const Password = Type.String({ maxLength: 256 });

export const TotpConfirmBody = Strict({ code: VerificationCode });
/** Closing two-step verification needs one proof: the password or a current code. */
export const TotpDisableBody = Strict({ password: Type.Optional(Password), code: Type.Optional(VerificationCode) });

/** The second step of a sign-in: the ticket from the first and a current code or an unused recovery code. */
export const SecondStepBody = Strict({
  ticket: Type.String({ minLength: 20, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  code: Type.Optional(VerificationCode),
  recoveryCode: Type.Optional(RecoveryCode),
});

/** Forgotten password: what the person typed to name their account (login ID, e-mail or phone). */
const AccountName = Type.String({ minLength: 1, maxLength: 254 });
export const ResetCodeBody = Strict({ account: AccountName });
export const ResetPasswordBody = Strict({
  account: AccountName,
  code: VerificationCode,
  newPassword: Password,
  confirmPassword: Password,
});

export const BindKind = Type.Union([Type.Literal('email'), Type.Literal('phone')]);
export type BindKind = Static<typeof BindKind>;
export const BindCodeBody = Strict({ kind: BindKind, value: Type.String({ minLength: 1, maxLength: 254 }) });
export const BindConfirmBody = Strict({ kind: BindKind, code: VerificationCode });

/** A session as its owner sees it: a public id (never the stored token hash), where and when. */
export const SessionParam = Strict({ id: Type.String({ pattern: '^[0-9a-f]{16}$' }) });

/** What raises the level, as dictionary keys the page shows (`accountSecurity.advice.<item>`). */
export type SecurityAdvice = 'strongPassword' | 'freshPassword' | 'bindEmail' | 'bindPhone' | 'twoStep';

export interface AccountSecurityView {
  level: SecurityLevel;
  advice: SecurityAdvice[];
  passwordChangedAt: string;
  /** Masked bound addresses (null: none verified). */
  email: string | null;
  phone: string | null;
  twoStep: { enabled: boolean; recoveryCodesLeft: number };
}

export interface TotpSetupView {
  /** The otpauth:// URI (also as text for authenticator apps without a camera) and its QR as a PNG data URL. */
  uri: string;
  qr: string;
  /** The base32 secret, shown once here for typing by hand; never answered again. */
  secret: string;
}

export interface SessionView {
  id: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** The sign-in answer when the password was right but a second step is owed (no session yet). */
export interface SecondStepNeeded {
  secondStep: true;
  ticket: string;
}
