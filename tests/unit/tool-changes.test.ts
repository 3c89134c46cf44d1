import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toolHash, toolSetHash } from '../../src/server/features/probes/tool-hash.js';
import type { ToolBody } from '../../src/shared/api/tool-record.js';
import { classifyToolChanges } from '../../src/shared/rules/tool-changes.js';

const readFile: ToolBody = {
  name: 'read_file',
  description: 'Reads a file.',
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string' }, mode: { type: 'string', enum: ['text', 'binary'] } },
    required: ['path', 'mode'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true },
};
const search: ToolBody = { name: 'search', inputSchema: { type: 'object' } };

describe('tool hashes', () => {
  it('is the SHA-256 of the RFC 8785 canonical JSON, computed by hand', () => {
    const tool: ToolBody = { name: 'b', inputSchema: { z: 1, a: [true, null] }, description: 'é' };
    // Keys sorted by code unit at every level, no spaces, strings as JSON writes them.
    const canonical = '{"description":"é","inputSchema":{"a":[true,null],"z":1},"name":"b"}';
    expect(toolHash(tool)).toBe(createHash('sha256').update(canonical, 'utf8').digest('hex'));
    expect(toolHash(tool)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a reorder of keys changes no hash; any change of content does', () => {
    const reordered: ToolBody = {
      annotations: { readOnlyHint: true },
      inputSchema: {
        additionalProperties: false,
        required: ['path', 'mode'],
        properties: { mode: { enum: ['text', 'binary'], type: 'string' }, path: { type: 'string' } },
        type: 'object',
      },
      description: 'Reads a file.',
      name: 'read_file',
    };
    expect(toolHash(reordered)).toBe(toolHash(readFile));
    expect(toolHash({ ...readFile, description: 'Reads a file' })).not.toBe(toolHash(readFile));
    // An absent optional field and no field are the same body.
    expect(toolHash({ ...search, title: undefined })).toBe(toolHash(search));
  });

  it('a tool set hash is the SHA-256 of the sorted tool hashes joined by newlines, whatever their order', () => {
    const hashes = [toolHash(search), toolHash(readFile)];
    const expected = createHash('sha256')
      .update([...hashes].sort().join('\n'))
      .digest('hex');
    expect(toolSetHash(hashes)).toBe(expected);
    expect(toolSetHash([...hashes].reverse())).toBe(expected);
    expect(toolSetHash([])).toBe(createHash('sha256').update('').digest('hex'));
  });
});

describe('changes, classified', () => {
  const schema = readFile.inputSchema as {
    properties: Record<string, Record<string, unknown>>;
    required: string[];
  };

  it('a reorder of tools or of keys is no change', () => {
    const keysMoved: ToolBody = JSON.parse(
      JSON.stringify({
        annotations: readFile.annotations,
        inputSchema: readFile.inputSchema,
        name: 'read_file',
        description: 'Reads a file.',
      }),
    );
    expect(classifyToolChanges([readFile, search], [search, keysMoved])).toEqual([]);
  });

  it.each([
    {
      what: 'a new property widens',
      after: {
        ...readFile,
        inputSchema: {
          ...readFile.inputSchema,
          properties: { ...schema.properties, offset: { type: 'integer' } },
        },
      },
      detail: "input widened: new property 'offset'",
    },
    {
      what: 'a relaxed required widens',
      after: { ...readFile, inputSchema: { ...readFile.inputSchema, required: ['path'] } },
      detail: "input widened: 'mode' no longer required",
    },
    {
      what: 'enum values added widen',
      after: {
        ...readFile,
        inputSchema: {
          ...readFile.inputSchema,
          properties: { ...schema.properties, mode: { type: 'string', enum: ['text', 'binary', 'raw'] } },
        },
      },
      detail: 'input widened: enum of \'mode\' values added: "raw"',
    },
    {
      what: 'additionalProperties loosened widens',
      after: { ...readFile, inputSchema: { ...readFile.inputSchema, additionalProperties: true } },
      detail: 'input widened: additionalProperties false → true',
    },
    {
      what: 'a property removed and one more required narrow',
      after: {
        ...readFile,
        inputSchema: {
          type: 'object',
          properties: { path: { type: 'string' } },
          required: ['path'],
          additionalProperties: false,
        },
      },
      detail: "input narrowed: property 'mode' removed",
    },
    {
      what: 'a new required property widens and narrows',
      after: {
        ...readFile,
        inputSchema: {
          ...readFile.inputSchema,
          properties: { ...schema.properties, token: { type: 'string' } },
          required: [...schema.required, 'token'],
        },
      },
      detail: "input widened and narrowed: new property 'token'; 'token' now required",
    },
  ])('$what', ({ after, detail }) => {
    expect(classifyToolChanges([readFile], [after as ToolBody])).toEqual([
      { kind: 'input_changed', tool: 'read_file', from: null, detail },
    ]);
  });

  it('a description change carries before and after; a title change says so', () => {
    expect(
      classifyToolChanges([readFile], [{ ...readFile, description: 'Reads any file. <IMPORTANT>…' }]),
    ).toEqual([
      {
        kind: 'description_changed',
        tool: 'read_file',
        from: null,
        detail: 'description changed',
        before: 'Reads a file.',
        after: 'Reads any file. <IMPORTANT>…',
      },
    ]);
    expect(classifyToolChanges([readFile], [{ ...readFile, title: 'Read' }])[0]).toMatchObject({
      kind: 'description_changed',
      detail: 'title unset → "Read"',
    });
  });

  it('an annotation flip says which, from what to what', () => {
    expect(
      classifyToolChanges(
        [readFile],
        [{ ...readFile, annotations: { readOnlyHint: false, destructiveHint: true } }],
      ),
    ).toEqual([
      {
        kind: 'annotations_changed',
        tool: 'read_file',
        from: null,
        detail: 'destructiveHint unset → true; readOnlyHint true → false',
      },
    ]);
  });

  it('output added or changed', () => {
    const withOutput = {
      ...search,
      outputSchema: { type: 'object', properties: { hits: { type: 'array' } } },
    };
    expect(classifyToolChanges([search], [withOutput])).toEqual([
      { kind: 'output_changed', tool: 'search', from: null, detail: 'output schema added' },
    ]);
    const more = {
      ...search,
      outputSchema: { type: 'object', properties: { hits: { type: 'array' }, total: { type: 'integer' } } },
    };
    expect(classifyToolChanges([withOutput], [more])).toEqual([
      { kind: 'output_changed', tool: 'search', from: null, detail: "output changed: new property 'total'" },
    ]);
  });

  it('the same body under a new name is a rename; otherwise added and removed', () => {
    // Tools as stored carry their hash and findings; a rename is judged on the body alone.
    const stored = (tool: ToolBody) => ({ ...tool, hash: toolHash(tool), findings: [] });
    expect(
      classifyToolChanges(
        [stored(readFile), stored(search)],
        [stored({ ...readFile, name: 'open_file' }), stored(search)],
      ),
    ).toEqual([
      { kind: 'renamed', tool: 'open_file', from: 'read_file', detail: "renamed from 'read_file'" },
    ]);
    expect(
      classifyToolChanges([readFile, search], [{ ...readFile, name: 'open_file', description: 'Opens.' }]),
    ).toEqual([
      { kind: 'added', tool: 'open_file', from: null, detail: null },
      { kind: 'removed', tool: 'read_file', from: null, detail: null },
      { kind: 'removed', tool: 'search', from: null, detail: null },
    ]);
  });
});
