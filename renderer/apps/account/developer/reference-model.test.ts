import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../../../shared/api/account-developer.ts';
import { describeSchema, operationsByTag, searchOperations } from './reference-model.ts';

const document: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/api/org/members/{id}': { get: { operationId: 'get /api/org/members/:id', tags: ['org'], parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } }] } },
    '/api/forms/forms/{id}/records': {
      post: { operationId: 'p', summary: 'forms.record.create', tags: ['forms'], requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { values: { type: 'object' } } } } } } },
      get: { operationId: 'g', tags: ['forms'] },
    },
  },
};

describe('the API reference model', () => {
  it('groups operations by tag, sorted, each by path then method, with parameters and body', () => {
    const groups = operationsByTag(document);
    expect(groups.map((g) => g.tag)).toEqual(['forms', 'org']);
    expect(groups[0]!.operations.map((o) => o.key)).toEqual(['get /api/forms/forms/{id}/records', 'post /api/forms/forms/{id}/records']);
    expect(groups[0]!.operations[1]).toMatchObject({ method: 'POST', summary: 'forms.record.create', body: { type: 'object' } });
    expect(groups[1]!.operations[0]!.parameters[0]).toMatchObject({ name: 'id', in: 'path' });
  });

  it('searches method, path and summary with every word', () => {
    const groups = operationsByTag(document);
    expect(searchOperations(groups, 'record.create').flatMap((g) => g.operations.map((o) => o.key))).toEqual(['post /api/forms/forms/{id}/records']);
    expect(searchOperations(groups, 'GET members').map((g) => g.tag)).toEqual(['org']);
    expect(searchOperations(groups, 'nothing here')).toEqual([]);
    expect(searchOperations(groups, '  ')).toBe(groups);
  });

  it('describes a schema in one line', () => {
    expect(describeSchema({ type: 'string', pattern: '^[0-9]+$', maxLength: 18 })).toBe('string /^[0-9]+$/ maxLength 18');
    expect(describeSchema({ anyOf: [{ const: 'a' }, { const: 'b' }] })).toBe('"a" | "b"');
    expect(describeSchema({ type: 'array', items: { type: 'integer' } })).toBe('integer[]');
    expect(describeSchema({})).toBe('any');
  });
});
