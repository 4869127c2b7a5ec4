import { Type, type TSchema } from '@sinclair/typebox';
import { MESSAGE_CATEGORIES } from '../messages/notify.ts';
import { COMPONENT_STYLES, ICON_TYPES, LINK_TYPES, TERMINALS } from '../portal/model.ts';
import { Lang, Strict } from './common.ts';

/**
 * The portal calls (decision 0060; contract in notes/portal-api.md). The shapes mirror shared/portal/model.ts.
 * Bounds here are loose on purpose: they only stop absurd payloads, so the shared rules (portalProblems) answer
 * every §5 limit with their own `portal.validation.*` key and path.
 */
const literals = <const T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>(Type.Union(values.map((value) => Type.Literal(value))));
const Id = Type.String({ pattern: '^[0-9]{1,18}$' });
/** Component, label and quick-item ids are the designer's own (uuid-like). */
const LocalId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' });
const Text = (maxLength: number) => Type.String({ maxLength });
const Count = Type.Number();

export const TerminalSchema = literals(TERMINALS);
const Place = Strict({ x: Count, y: Count, w: Count, h: Count });
const Link = Strict({ type: literals(LINK_TYPES), target: Text(4096) });
const Label = Strict({
  id: LocalId,
  name: Text(200),
  appId: Type.String({ pattern: '^[0-9]{0,18}$' }),
  formId: Type.String({ pattern: '^[0-9]{0,18}$' }),
  titleField: Text(64),
  contentField: Type.Optional(Type.Union([Text(64), Type.Null()])),
});
const QuickItem = Strict({
  id: LocalId,
  name: Text(200),
  description: Type.Optional(Text(1000)),
  iconType: literals(ICON_TYPES),
  icon: Text(64),
  link: Link,
});

const component = <T extends string, C extends TSchema>(type: T, config: C) =>
  Strict({ id: LocalId, type: Type.Literal(type), name: Text(200), hideName: Type.Boolean(), style: literals(COMPONENT_STYLES), place: Place, config });

export const PortalComponentSchema = Type.Union([
  component('messageAlert', Strict({ categories: Type.Array(literals(MESSAGE_CATEGORIES), { maxItems: 20, uniqueItems: true }), pageSize: Count })),
  component('myWork', Strict({ pageSize: Count })),
  component('chart', Strict({ chartId: Type.Union([Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }), Type.Null()]) })),
  component('appData', Strict({ labels: Type.Array(Label, { maxItems: 100 }), linkedLabel: Type.Union([LocalId, Type.Null()]), pageSize: Count, maxItems: Count })),
  component('quickEntry', Strict({ items: Type.Array(QuickItem, { maxItems: 200 }), itemsPerLine: Count })),
  component('custom', Strict({ html: Text(100_000), image: Type.Union([Id, Type.Null()]) })),
]);

export const PortalDraftSchema = Strict({
  terminal: TerminalSchema,
  name: Text(400),
  description: Text(2000),
  cover: Type.Union([Id, Type.Null()]),
  roleGroups: Type.Array(Id, { maxItems: 200, uniqueItems: true }),
  components: Type.Array(PortalComponentSchema, { maxItems: 100 }),
});

export const PortalListQuery = Strict({ lang: Lang, terminal: TerminalSchema, manage: Type.Optional(literals(['0', '1'] as const)) });
export const PortalSaveBody = Strict({ draft: PortalDraftSchema, version: Type.Integer({ minimum: 1 }) });
export const OpenPortalQuery = Strict({ lang: Lang, terminal: TerminalSchema, id: Type.Optional(Id) });
export const ComponentDataParams = Strict({ id: Id, componentId: LocalId });
export const ComponentDataQuery = Strict({ lang: Lang, label: Type.Optional(LocalId), cursor: Type.Optional(Type.String({ maxLength: 200 })) });
export const ImageKindQuery = Strict({ lang: Lang, kind: literals(['cover', 'carousel', 'custom'] as const) });

/** Where portal calls live (under the space prefix like every app's API). */
export const PORTAL_API = '/api/portal';

/** An uploaded portal image as the upload answers it. */
export interface PortalImage {
  id: string;
  url: string;
  width: number;
  height: number;
}
