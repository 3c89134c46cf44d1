import { afterAll, beforeAll, expect, it } from 'vitest';
import { agentDetailSchema, agentListResponseSchema } from '../../src/shared/api/agents.js';
import { importRequestSchema } from '../../src/shared/api/imports.js';
import { createReviewSchema } from '../../src/shared/api/reviews.js';
import { importDraftResponseSchema } from '../../src/shared/api/submissions.js';
import { createdWebhookSchema, createWebhookSchema } from '../../src/shared/api/webhooks.js';
import { apiTags, operationExamples } from '../../src/server/http/api-docs.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

interface Operation {
  tags?: string[];
  requestBody?: {
    content: Record<string, { examples?: Record<string, { summary: string; value: unknown }> }>;
  };
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
}
interface Document {
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let document: Document;
beforeAll(async () => {
  t = await createTestApp();
  document = (await (await t.request('/api/openapi.json')).json()) as Document;
});
afterAll(() => t.close());

const operation = (key: string) => {
  const [method, path] = key.split(' ') as [string, string];
  return document.paths[path]![method.toLowerCase()]!;
};

it('groups every operation under one of the features the document describes', () => {
  expect(document.tags.map((tag) => tag.name)).toEqual(apiTags.map((tag) => tag.name));
  const names = new Set(apiTags.map((tag) => tag.name));
  const untagged = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => !op.tags?.length || !op.tags.every((tag) => names.has(tag)))
      .map(([method]) => `${method} ${path}`),
  );
  expect(untagged).toEqual([]);
});

it('shows a worked example for every call in operationExamples, where integrators read it', () => {
  for (const [key, examples] of Object.entries(operationExamples)) {
    const op = operation(key);
    if (examples.request)
      expect(op.requestBody?.content['application/json']?.examples, key).toEqual(examples.request);
    if (examples.response)
      expect(
        op.responses[String(examples.response.status)]?.content?.['application/json']?.example,
        key,
      ).toEqual(examples.response.value);
  }
  const imports = operation('POST /api/drafts/import').requestBody!.content['application/json']!.examples!;
  expect(Object.values(imports).map((example) => example.summary)).toHaveLength(4);
});

it('has examples the API itself accepts and answers', () => {
  const request = (key: string) =>
    Object.values(operationExamples[key]!.request!).map((example) => example.value);
  const response = (key: string) => operationExamples[key]!.response!.value;
  for (const body of request('POST /api/drafts/import'))
    expect(importRequestSchema.safeParse(body).success).toBe(true);
  for (const body of request('POST /api/user/webhooks'))
    expect(createWebhookSchema.safeParse(body).success).toBe(true);
  for (const body of request('POST /api/agents/{id}/reviews'))
    expect(createReviewSchema.safeParse(body).success).toBe(true);
  expect(agentListResponseSchema.safeParse(response('GET /api/agents')).success).toBe(true);
  expect(agentDetailSchema.safeParse(response('GET /api/agents/{id}')).success).toBe(true);
  expect(importDraftResponseSchema.safeParse(response('POST /api/drafts/import')).success).toBe(true);
  expect(createdWebhookSchema.safeParse(response('POST /api/user/webhooks')).success).toBe(true);
});
