import { Type, type TSchema } from '@sinclair/typebox';

/** Objects reject unknown properties: no mass assignment of space, owner or roles. */
export const Strict = <T extends Record<string, TSchema>>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });

/** The request language (`?lang=en`, spec §7) may ride on any call; nothing else unknown may. */
export const Lang = Type.Optional(Type.String({ maxLength: 16 }));
export const NoQuery = Strict({ lang: Lang });
export const NoBody = Strict({});

/** Space ids are lower-case alphanumeric (the `/space-{id}` prefix matches any case and folds to this). */
export const SpaceId = Type.String({ pattern: '^[a-z0-9]{1,32}$' });
export const IdParam = Strict({ id: Type.String({ pattern: '^[0-9]{1,18}$' }) });
export const RoleName = Type.Union([
  Type.Literal('root'),
  Type.Literal('saas'),
  Type.Literal('admin'),
  Type.Literal('user'),
  Type.Literal('safe'),
  Type.Literal('audit'),
]);
