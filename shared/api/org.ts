import { Type } from '@sinclair/typebox';
import { Strict } from './common.ts';

export const DepartmentName = Type.String({ minLength: 1, maxLength: 60 });

export const CreateDepartmentBody = Strict({
  name: DepartmentName,
  parentId: Type.Optional(Type.Union([Type.String({ pattern: '^[0-9]{1,18}$' }), Type.Null()])),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
});

export const UpdateDepartmentBody = Strict({
  name: Type.Optional(DepartmentName),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
  /** Optimistic concurrency: the `updatedAt` the editor saw. */
  updatedAt: Type.String({ minLength: 1, maxLength: 40 }),
});
