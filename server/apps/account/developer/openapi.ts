import { OPENAPI_PATH, tokenMayCall, type OpenApiDocument, type OpenApiOperation } from '../../../../shared/api/account-developer.ts';
import { NoQuery } from '../../../../shared/api/common.ts';
import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';

type JsonSchema = { properties?: Record<string, unknown>; required?: string[] };
/** TypeBox schemas are JSON Schema plus symbol-keyed markers; the copy keeps the JSON Schema only. */
const plain = (schema: unknown) => JSON.parse(JSON.stringify(schema)) as Record<string, unknown> & JsonSchema;

function parametersOf(schema: unknown, place: 'path' | 'query'): NonNullable<OpenApiOperation['parameters']> {
  if (!schema) return [];
  const object = plain(schema);
  return Object.entries(object.properties ?? {})
    .filter(([name]) => name !== 'lang')
    .map(([name, property]) => ({ name, in: place, required: place === 'path' || (object.required ?? []).includes(name), schema: property as Record<string, unknown> }));
}

/**
 * The OpenAPI 3.1 document of the platform's public calls (decision 0059), generated from the routes the server
 * registered — their TypeBox schemas are JSON Schema already, so the reference cannot drift from what the server
 * validates. Only the calls a developer token may make are in it (tokenMayCall): one rule for both.
 */
export function openApiDocument(routes: Kernel['apiRoutes']): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const route of routes) {
    if (route.access === 'public' || !tokenMayCall(route.method, route.url)) continue;
    const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown };
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const tag = route.url.split('/')[2] ?? 'api';
    tags.add(tag);
    const operation: OpenApiOperation = {
      operationId: `${route.method.toLowerCase()} ${route.url}`,
      ...(route.action ? { summary: route.action } : {}),
      tags: [tag],
      parameters: [...parametersOf(schema.params, 'path'), ...parametersOf(schema.querystring, 'query')],
      ...(schema.body ? { requestBody: { content: { 'application/json': { schema: plain(schema.body) } } } } : {}),
      security: [{ developerToken: [] }],
    };
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'QPaaS platform API',
      version: '1',
      description: 'Calls a developer token may make. Every answer is JSON `{ code, msg, data }`; errors carry `text` in the language asked with `?lang=` or Accept-Language.',
    },
    paths,
    tags: [...tags].sort().map((name) => ({ name })),
    components: { securitySchemes: { developerToken: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer qpd_…' } } },
  };
}

export function registerOpenApiRoute(app: App, kernel: Kernel): void {
  let document: OpenApiDocument | null = null; // built at the first call: every app has registered its routes by then
  app.get(OPENAPI_PATH, { config: { access: 'public' }, schema: { querystring: NoQuery } }, async (_req, reply) => {
    document ??= openApiDocument(kernel.apiRoutes);
    return reply.header('cache-control', 'public, max-age=300').send(document);
  });
}
