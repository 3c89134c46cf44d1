import { describe, expect, it } from 'vitest';
import {
  readConformance,
  readDraftData,
  readOauthPayload,
  readRevisionData,
  readTags,
  readToolNames,
  readTools,
  readWebhookEvents,
} from '../../src/server/db/json-columns.js';
import { toolHash } from '../../src/server/features/probes/tool-hash.js';

describe('the JSON columns, read through one schema each', () => {
  it('read a well-formed value as it was written', () => {
    expect(readTags('["search","pdf"]')).toEqual(['search', 'pdf']);
    // A row written before the tool record (0014) reads as a body with no schema, hashed as it is.
    const legacy = { name: 'fetch', description: 'Fetches a page', inputSchema: {} };
    expect(readTools('[{"name":"fetch","description":"Fetches a page"}]')).toEqual([
      { ...legacy, hash: toolHash(legacy), findings: [] },
    ]);
    const whole = {
      name: 'fetch',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true },
      hash: 'ab'.repeat(32),
      findings: [{ rule: 'r', severity: 'info', evidence: 'e' }],
    };
    expect(readTools(JSON.stringify([whole]))).toEqual([whole]);
    expect(readToolNames('["fetch"]')).toEqual(['fetch']);
    expect(readWebhookEvents('["review.created"]')).toEqual(['review.created']);
    expect(readOauthPayload('github_device', '{"deviceCode":"abc","interval":5}')).toEqual({
      deviceCode: 'abc',
      interval: 5,
    });
  });

  it('read text that is not JSON, or JSON of another shape, as the empty value', () => {
    for (const text of ['not json', '{"a":1}', '"search"', 'null']) {
      expect(readTags(text)).toEqual([]);
      expect(readTools(text)).toEqual([]);
      expect(readToolNames(text)).toEqual([]);
      expect(readWebhookEvents(text)).toEqual([]);
    }
    expect(readTags(null)).toEqual([]);
    expect(readDraftData('[1,2]')).toEqual({});
    expect(readRevisionData('{oops')).toEqual({});
    // A handshake whose payload cannot be read is no handshake.
    expect(readOauthPayload('github_signin', '{"returnPath":42}')).toBeNull();
    expect(readOauthPayload('github_connect', 'not json')).toBeNull();
  });

  it('read a stored conformance run as written, and one of another shape as none', () => {
    const run = {
      suite: '@modelcontextprotocol/conformance@0.1.16',
      ranAt: '2026-11-28T15:00:00.000Z',
      specVersion: '2025-11-25',
      passed: 1,
      failed: 1,
      checks: [
        { id: 'ping', status: 'SUCCESS' },
        { id: 'tools-list', status: 'FAILURE' },
      ],
    };
    expect(readConformance(JSON.stringify(run))).toEqual(run);
    expect(readConformance(null)).toBeNull();
    expect(readConformance('not json')).toBeNull();
    expect(readConformance(JSON.stringify({ ...run, passed: 'one' }))).toBeNull();
  });

  it('drop a list element of another shape and keep the others', () => {
    expect(readTags('["search",7,null,"pdf"]')).toEqual(['search', 'pdf']);
    expect(readTools('[{"name":"fetch","description":"Fetches"},{"name":"broken"},"x"]')).toMatchObject([
      { name: 'fetch', description: 'Fetches' },
    ]);
    expect(readWebhookEvents('["review.created","no.such.event"]')).toEqual(['review.created']);
  });

  it('read a stored field of another type as absent and keep the other fields', () => {
    const draft = readDraftData(
      JSON.stringify({ name: 'Scout', tagline: 12, tags: ['a', 3], pricing: 'priceless', githubStars: 40 }),
    );
    expect(draft).toEqual({ name: 'Scout', tags: ['a'], githubStars: 40 });
    const revision = readRevisionData(JSON.stringify({ category: 'research', registryVersion: 2 }));
    expect(revision).toEqual({ category: 'research' });
  });
});
