import { Type } from '@sinclair/typebox';
import { Lang, Strict } from './common.ts';

export const DepartmentName = Type.String({ minLength: 1, maxLength: 60 });
const Id = Type.String({ pattern: '^[0-9]{1,18}$' });
const Code = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_.-]+$' });
const Ids = Type.Array(Id, { maxItems: 50, uniqueItems: true });

export const CreateDepartmentBody = Strict({
  name: DepartmentName,
  /** Unique in the space; "D<id>" when left out. */
  code: Type.Optional(Code),
  parentId: Type.Optional(Type.Union([Id, Type.Null()])),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
  headIds: Type.Optional(Ids),
});

export const UpdateDepartmentBody = Strict({
  name: Type.Optional(DepartmentName),
  code: Type.Optional(Code),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
  headIds: Type.Optional(Ids),
  disabled: Type.Optional(Type.Boolean()),
  /** Optimistic concurrency: the `updatedAt` the editor saw. */
  updatedAt: Type.String({ minLength: 1, maxLength: 40 }),
});

/** Move under `parentId` (null: top level) at position `index` among its new siblings; also how siblings reorder. */
export const MoveDepartmentBody = Strict({ parentId: Type.Union([Id, Type.Null()]), index: Type.Integer({ minimum: 0, maximum: 99999 }) });
/** Merge: members, heads, posts and sub-departments go to the target, then the department is removed. */
export const MergeDepartmentBody = Strict({ targetId: Id });
/** Deleting a department that is not empty names where its members, posts and sub-departments go. */
export const DeleteDepartmentQuery = Strict({ lang: Lang, destinationId: Type.Optional(Id) });
export const DepartmentMembersQuery = Strict({
  lang: Lang,
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
});
export const MoveMemberBody = Strict({ fromId: Id, toId: Id });

export const CreatePostBody = Strict({
  code: Code,
  name: Type.String({ minLength: 1, maxLength: 60 }),
  departmentId: Id,
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
});
export const UpdatePostBody = Strict({
  code: Type.Optional(Code),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
  departmentId: Type.Optional(Id),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
});
/** A member's posts: one main post (or none) and any number of part-time posts. */
export const MemberPostsBody = Strict({ mainPostId: Type.Union([Id, Type.Null()]), partTimePostIds: Ids });
