import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';

// The served document as a generated client reads it (Redocly's whole ruleset runs in `npm run lint:openapi`).
let ctx: TestContext;
type Operation = {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  responses: Record<string, { $ref?: string }>;
  requestBody?: { content: Record<string, unknown> };
};
let doc: {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }> };
};
beforeAll(async () => {
  ctx = await createTestContext();
  doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(async () => {
  await ctx?.close();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })));

describe('the OpenAPI document', () => {
  it('is valid for swagger-parser, every $ref resolved (issue 23.8)', async () => {
    // swagger-parser changes what it is given: it reads a copy.
    const api = await SwaggerParser.validate(structuredClone(doc) as never);
    expect(Object.keys(api.paths ?? {}).length).toBeGreaterThan(50);
  });

  it('gives every operation a unique operationId and a summary', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(80);
    expect(all.filter(({ op }) => !op.summary).map(({ key }) => key)).toEqual([]);
    const ids = all.map(({ op }) => op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('declares security per operation: none for public calls, the session cookie for the rest', () => {
    const byKey = Object.fromEntries(operations().map(({ key, op }) => [key, op]));
    for (const key of ['GET /api/health', 'POST /api/auth/login', 'POST /api/auth/signup', 'POST /api/auth/forgot-password'])
      expect(byKey[key]!.security, key).toEqual([]);
    for (const key of ['GET /api/auth/me', 'POST /api/admin/books', 'GET /api/family/{id}']) {
      expect(byKey[key]!.security, key).toEqual([{ session: [] }]);
      expect(byKey[key]!.responses['401']).toEqual({ $ref: '#/components/responses/Error401' });
    }
  });

  it("describes a locked premium book's preview_url as the image of its first page", () => {
    expect(JSON.stringify(doc)).toContain("A locked premium book's first page alone, drawn as a WebP image 1200 px wide");
  });

  it('names the Idempotency-Key header on the calls that take one, and only there', () => {
    const keyed = operations()
      .filter(({ op }) => op.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'))
      .map(({ key }) => key);
    expect(keyed.sort()).toEqual(
      [
        'POST /api/family/create',
        'POST /api/family/{id}/kids',
        'POST /api/playback/events',
        'POST /api/recording/upload',
        'POST /api/recording/{id}/reactions',
        'POST /api/stripe/gift-story-tokens',
      ].sort(),
    );
  });

  it('lists the 4xx answers with the shared error schema, and the form bodies of the three upload routes', () => {
    for (const { key, op } of operations())
      expect(
        Object.keys(op.responses).some((s) => s.startsWith('4')),
        key,
      ).toBe(true);
    expect(doc.components.responses.Error400!.content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/Error' });
    for (const [path, fields] of [
      ['/api/admin/books', ['pdf_file', 'attribution_file', 'title']],
      ['/api/recording/upload', ['recording', 'upload_id', 'book_id']],
      ['/api/voice/clone/create', ['readerId', 'recording_ids']],
    ] as const) {
      const form = doc.paths[path]!.post!.requestBody!.content['multipart/form-data'] as { schema: { properties: Record<string, unknown> } };
      expect(Object.keys(form.schema.properties), path).toEqual(expect.arrayContaining([...fields]));
    }
  });
});
