import { Type } from '@sinclair/typebox';
import type { MemberFieldDef, SelfEditField } from '../org/member-fields.ts';
import { Lang, Strict } from './common.ts';
import { MemberFieldValuesSchema } from './org-member-fields.ts';

/**
 * Personal settings "My info" and "User groups" (spec §2.8, §3, §5; decision 0062): what a member reads
 * and changes about himself in the space he is in. The rules are the member write path's (`memberProblems`).
 */
export const SELF_PROFILE_PATH = '/api/org/me/profile';
export const SELF_PORTRAIT_PATH = '/api/org/me/portrait';
export const SELF_GROUPS_PATH = '/api/org/me/groups';
export const portraitPath = (userId: string) => `/api/org/members/${encodeURIComponent(userId)}/portrait`;

/**
 * §5 avatar: JPG, JPEG, GIF, PNG or BMP, at most 3 MB, at least 340×260 px. The browser crops a square and sends it
 * as a `crop`×`crop` PNG beside the original; the server checks both. `maxPixels` bounds what the server is willing
 * to decode (a few kilobytes can declare a gigapixel canvas).
 */
export const PORTRAIT_LIMITS = { maxBytes: 3 * 1024 * 1024, minWidth: 340, minHeight: 260, crop: 256, maxCropBytes: 1024 * 1024, maxPixels: 40_000_000 } as const;
export const PORTRAIT_MIMES = ['image/jpeg', 'image/gif', 'image/png', 'image/bmp'] as const;
/** `v`: the portrait's change time, so a new portrait is a new address. */
export const PortraitQuery = Strict({ lang: Lang, v: Type.Optional(Type.String({ pattern: '^[0-9]{1,20}$' })) });

/** The §3 fields a member may be allowed to change in a PUT; phone and e-mail are bound with a code elsewhere. */
export const SELF_PROFILE_FIELDS = ['name', 'gender', 'birthday', 'qq', 'idCard', 'address', 'signature', 'extension', 'jobDescription'] as const;
export type SelfProfileField = (typeof SELF_PROFILE_FIELDS)[number];
/** Bound with a verification code on the account-security tab, never by typing them here. */
export const BOUND_ELSEWHERE = ['phone', 'email'] as const;

const Text = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()]);

/**
 * Only the fields being changed. Phone and e-mail are in the shape so the answer can say where they are changed
 * (422 naming the field) rather than "unknown field"; the server refuses them like any field he may not edit.
 */
export const SelfProfileChanges = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 400 })),
    gender: Type.Optional(Type.Union([Type.Literal('male'), Type.Literal('female'), Type.Null()])),
    birthday: Type.Optional(Text(10)),
    qq: Type.Optional(Text(20)),
    idCard: Type.Optional(Text(18)),
    address: Type.Optional(Text(800)),
    signature: Type.Optional(Text(200)),
    extension: Type.Optional(Text(40)),
    jobDescription: Type.Optional(Text(2000)),
    phone: Type.Optional(Text(40)),
    email: Type.Optional(Text(400)),
  },
  { additionalProperties: false },
);
export const SelfProfileBody = Strict({
  changes: SelfProfileChanges,
  /** Values of self-editable extension fields by id; merged with the member's other values. */
  fields: Type.Optional(MemberFieldValuesSchema),
  updatedAt: Type.String({ minLength: 1, maxLength: 40 }),
});

const Ids = Type.Array(Type.String({ pattern: '^[0-9]{1,18}$' }), { maxItems: 500, uniqueItems: true });
/** No minimum length or count in the shape: the server answers "name required" / "user scope required" (§5). */
export const SelfGroupBody = Strict({ name: Type.String({ maxLength: 240 }), memberIds: Ids });

export const SELF_GROUP_LIMITS = { name: 60 } as const;

/** A self-editable extension field with the member's value. */
export interface SelfField extends Pick<MemberFieldDef, 'id' | 'kind' | 'options' | 'required'> {
  label: string;
  value: string | null;
}

/** GET /api/org/me/profile */
export interface SelfProfile {
  id: string;
  loginId: string;
  name: string;
  gender: 'male' | 'female' | null;
  birthday: string | null;
  departments: string[];
  phone: string | null;
  email: string | null;
  qq: string | null;
  idCard: string | null;
  address: string;
  signature: string;
  /** Address of the portrait (changes with it), or null. */
  portrait: string | null;
  mainPost: string | null;
  partTimePosts: string[];
  superior: string | null;
  extension: string;
  entryDate: string | null;
  jobDescription: string;
  fields: SelfField[];
  /** What the administrator lets him edit here (decision 0048). */
  editable: SelfEditField[];
  updatedAt: string;
}

export interface SelfGroupMember {
  id: string;
  name: string;
  loginId: string;
}

/** GET /api/org/me/groups */
export interface SelfGroups {
  mine: Array<{ id: string; name: string; members: SelfGroupMember[] }>;
  public: Array<{ id: string; name: string; members: number; joined: boolean }>;
}
