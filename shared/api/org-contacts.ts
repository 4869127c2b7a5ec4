import { Type } from '@sinclair/typebox';
import { CONTACT_FIELDS } from '../org/contacts.ts';
import { Lang, Strict } from './common.ts';

const Id = Type.String({ pattern: '^[0-9]{1,18}$' });
/** Keyset cursors are opaque to clients (base64url of the last row's sort key); the server checks their content. */
const Cursor = Type.String({ maxLength: 400, pattern: '^[A-Za-z0-9_-]*$' });
const Search = Type.String({ maxLength: 64 });

/** GET /api/org/contacts and GET /api/org/picker/members: search, one department, the next page. */
export const ContactListQuery = Strict({
  lang: Lang,
  q: Type.Optional(Search),
  departmentId: Type.Optional(Id),
  cursor: Type.Optional(Cursor),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

export const ContactSettingsBody = Strict({
  visibleFields: Type.Array(Type.Union(CONTACT_FIELDS.map((field) => Type.Literal(field))), { maxItems: CONTACT_FIELDS.length, uniqueItems: true }),
});

/** GET /api/org/picker/departments: the children of `parentId` (the roots without it), or matches of `q`. */
export const PickerDepartmentQuery = Strict({ lang: Lang, parentId: Type.Optional(Id), q: Type.Optional(Search) });

/** GET /api/org/picker/posts and …/user-groups. */
export const PickerSearchQuery = Strict({ lang: Lang, q: Type.Optional(Search) });
