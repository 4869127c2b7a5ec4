import type { OpenApiDocument, OpenApiOperation } from '../../../../shared/api/account-developer.ts';

export interface Operation {
  key: string;
  method: string;
  path: string;
  tag: string;
  summary: string;
  parameters: NonNullable<OpenApiOperation['parameters']>;
  body: Record<string, unknown> | null;
}

/** A JSON Schema property as one short line: type, enum values or pattern, bounds. */
export function describeSchema(schema: Record<string, unknown>): string {
  const parts: string[] = [];
  const anyOf = schema.anyOf as Array<Record<string, unknown>> | undefined;
  if (anyOf) parts.push(anyOf.map((s) => ('const' in s ? JSON.stringify(s.const) : String(s.type ?? 'any'))).join(' | '));
  else if (schema.type) parts.push(schema.type === 'array' && schema.items ? `${describeSchema(schema.items as Record<string, unknown>)}[]` : String(schema.type));
  if ('const' in schema) parts.push(`= ${JSON.stringify(schema.const)}`);
  if (schema.pattern) parts.push(`/${String(schema.pattern)}/`);
  for (const bound of ['minLength', 'maxLength', 'minimum', 'maximum', 'maxItems'] as const) if (schema[bound] !== undefined) parts.push(`${bound} ${String(schema[bound])}`);
  return parts.join(' ') || 'any';
}

/** The document's operations, grouped by tag (sorted), each group by path then method. */
export function operationsByTag(document: OpenApiDocument): Array<{ tag: string; operations: Operation[] }> {
  const groups = new Map<string, Operation[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags[0] ?? 'api';
      const body = operation.requestBody?.content['application/json']?.schema ?? null;
      const entry = { key: `${method} ${path}`, method: method.toUpperCase(), path, tag, summary: operation.summary ?? '', parameters: operation.parameters ?? [], body };
      groups.set(tag, [...(groups.get(tag) ?? []), entry]);
    }
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, operations]) => ({ tag, operations: operations.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method)) }));
}

/** Keeps the operations whose method, path or summary contains every word of `search` (case-insensitive). */
export function searchOperations(groups: ReturnType<typeof operationsByTag>, search: string) {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return groups;
  const hit = (o: Operation) => words.every((w) => `${o.method} ${o.path} ${o.summary}`.toLowerCase().includes(w));
  return groups.map((g) => ({ tag: g.tag, operations: g.operations.filter(hit) })).filter((g) => g.operations.length > 0);
}
