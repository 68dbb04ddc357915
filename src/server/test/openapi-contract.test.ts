import { describe, expect, it } from 'vitest';
import { checkTraffic, type OpenApiDoc } from './openapi-contract.ts';

const doc: OpenApiDoc = {
  paths: {
    '/api/notes/{id}': {
      patch: {
        responses: {
          200: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { note: { $ref: '#/components/schemas/Note' } },
                  required: ['note'],
                },
              },
            },
          },
          404: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    error: {
                      type: 'object',
                      properties: { code: { type: 'string', enum: ['NOTE_NOT_FOUND'] } },
                      required: ['code'],
                    },
                  },
                  required: ['error'],
                },
              },
            },
          },
        },
      },
      delete: { responses: { 204: {} } },
    },
    '/api/notes/mine': { patch: { responses: { 204: {} } } },
  },
  components: {
    schemas: {
      Note: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    },
  },
};

const json = 'application/json';

describe('the OpenAPI contract check', () => {
  it('passes answers the document describes, literal paths before templates', () => {
    const report = checkTraffic(doc, [
      {
        method: 'PATCH',
        path: '/api/notes/n1',
        status: 200,
        contentType: json,
        body: { note: { id: 'n1' } },
      },
      {
        method: 'PATCH',
        path: '/api/notes/n1',
        status: 404,
        contentType: json,
        body: { error: { code: 'NOTE_NOT_FOUND' } },
      },
      { method: 'PATCH', path: '/api/notes/mine', status: 204, contentType: '' },
      { method: 'DELETE', path: '/api/notes/n1', status: 204, contentType: '' },
      { method: 'GET', path: '/api/nowhere', status: 404, contentType: json, body: {} },
    ]);
    expect(report).toEqual({ checked: 4, unmatched: 1, mismatches: [] });
  });

  it('names each answer the document does not describe, once, with its test file', () => {
    const wrong = { method: 'PATCH', path: '/api/notes/n1', contentType: json, file: 'a.test.ts' };
    const report = checkTraffic(doc, [
      { ...wrong, status: 409, body: { error: { code: 'CONFLICT' } } },
      { ...wrong, status: 409, body: { error: { code: 'CONFLICT' } }, file: 'b.test.ts' },
      { ...wrong, status: 200, body: { note: { id: 7 } } },
      { ...wrong, status: 404, body: { error: { code: 'NOT_FOUND' } } },
      { method: 'DELETE', path: '/api/notes/n1', status: 204, contentType: json, body: {} },
      { ...wrong, status: 200, contentType: 'text/plain' },
    ]);
    expect(report.checked).toBe(6);
    expect(report.mismatches).toHaveLength(5);
    expect(report.mismatches[0]).toBe(
      'DELETE /api/notes/{id} → 204: answers JSON, documents no JSON body',
    );
    expect(report.mismatches).toContain(
      'PATCH /api/notes/{id} → 409 CONFLICT: status not documented (a.test.ts)',
    );
    expect(report.mismatches.join('\n')).toMatch(/→ 200: body does not match the schema: note\.id/);
    expect(report.mismatches.join('\n')).toMatch(
      /→ 404: body does not match the schema: error\.code/,
    );
    expect(report.mismatches).toContain(
      "PATCH /api/notes/{id} → 200: documents application/json, answers 'text/plain' (a.test.ts)",
    );
  });
});
