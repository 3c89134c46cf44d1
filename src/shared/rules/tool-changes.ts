import canonicalize from 'canonicalize';
import type { ToolBody, ToolChangeItem } from '../api/tool-record.js';

/**
 * What changed between two tool lists, tool by tool (DESIGN section 10, "Changes, classified").
 * Tools are matched by name; a tool that disappears while one with another name and the very same
 * body appears was renamed. The order of tools and of JSON keys is no change. Pure: the probe
 * compares what it read with what the record held.
 */

/** RFC 8785 canonical JSON; undefined (an absent optional field) reads as absent. */
export function canonicalJson(value: unknown): string {
  return canonicalize(value) ?? 'null';
}

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/** A tool without its name: what stays the same when it is only renamed. */
function bodyKey(tool: ToolBody): string {
  // Only the body's fields: a stored tool also carries its hash and findings, which a rename changes.
  return canonicalJson({
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema,
    annotations: tool.annotations,
  });
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const show = (value: unknown) => (value === undefined ? 'unset' : JSON.stringify(value));

/**
 * How a JSON Schema moved, in words: `widened` lists what lets more input through (a new property,
 * a relaxed `required`, more `enum` values, `additionalProperties` loosened), `narrowed` the
 * opposite, `other` what is neither (a type or a description changed).
 */
export interface SchemaDiff {
  widened: string[];
  narrowed: string[];
  other: string[];
}

const where = (path: string) => (path === '' ? '' : ` of '${path}'`);

/** additionalProperties lets anything through when absent or true, nothing when false, else a schema. */
function additionalOpenness(value: unknown): 'open' | 'closed' | 'schema' {
  if (value === undefined || value === true) return 'open';
  if (value === false) return 'closed';
  return 'schema';
}

export function diffSchema(before: unknown, after: unknown, path = '', diff?: SchemaDiff): SchemaDiff {
  const out = diff ?? { widened: [], narrowed: [], other: [] };
  if (same(before, after)) return out;
  if (!isObject(before) || !isObject(after)) {
    out.other.push(`schema${where(path)} changed`);
    return out;
  }
  const label = (name: string) => (path === '' ? name : `${path}.${name}`);

  const beforeProps = isObject(before.properties) ? before.properties : {};
  const afterProps = isObject(after.properties) ? after.properties : {};
  for (const name of Object.keys(afterProps).sort())
    if (!(name in beforeProps)) out.widened.push(`new property '${label(name)}'`);
  for (const name of Object.keys(beforeProps).sort())
    if (!(name in afterProps)) out.narrowed.push(`property '${label(name)}' removed`);
  for (const name of Object.keys(afterProps).sort())
    if (name in beforeProps) diffSchema(beforeProps[name], afterProps[name], label(name), out);

  const names = (value: unknown) =>
    new Set(Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
  const beforeRequired = names(before.required);
  const afterRequired = names(after.required);
  // A required property removed altogether was reported as removed, not as relaxed.
  const removedProperty = (name: string) => name in beforeProps && !(name in afterProps);
  for (const name of [...beforeRequired].sort())
    if (!afterRequired.has(name) && !removedProperty(name))
      out.widened.push(`'${label(name)}' no longer required`);
  for (const name of [...afterRequired].sort())
    if (!beforeRequired.has(name)) out.narrowed.push(`'${label(name)}' now required`);

  if (Array.isArray(before.enum) || Array.isArray(after.enum)) {
    const keys = (value: unknown) => (Array.isArray(value) ? value.map((item) => canonicalJson(item)) : null);
    const was = keys(before.enum);
    const now = keys(after.enum);
    if (was !== null && now === null) out.widened.push(`enum${where(path)} lifted`);
    else if (was === null && now !== null) out.narrowed.push(`enum${where(path)} imposed: ${now.join(', ')}`);
    else if (was !== null && now !== null) {
      const added = now.filter((value) => !was.includes(value));
      const removed = was.filter((value) => !now.includes(value));
      if (added.length > 0) out.widened.push(`enum${where(path)} values added: ${added.join(', ')}`);
      if (removed.length > 0) out.narrowed.push(`enum${where(path)} values removed: ${removed.join(', ')}`);
    }
  }

  const wasOpen = additionalOpenness(before.additionalProperties);
  const nowOpen = additionalOpenness(after.additionalProperties);
  if (wasOpen !== nowOpen) {
    const rank = { closed: 0, schema: 1, open: 2 } as const;
    const text = `additionalProperties${where(path)} ${show(before.additionalProperties)} → ${show(after.additionalProperties)}`;
    (rank[nowOpen] > rank[wasOpen] ? out.widened : out.narrowed).push(text);
  } else if (wasOpen === 'schema' && !same(before.additionalProperties, after.additionalProperties))
    out.other.push(`additionalProperties${where(path)} changed`);

  if (!same(before.type, after.type))
    out.other.push(`type${where(path)} ${show(before.type)} → ${show(after.type)}`);
  if (!same(before.items, after.items)) diffSchema(before.items, after.items, `${label('[]')}`, out);

  // Anything else (descriptions, formats, defaults, bounds) changed too: say so once.
  const handled = new Set(['properties', 'required', 'enum', 'additionalProperties', 'type', 'items']);
  const rest = (schema: JsonObject) =>
    Object.fromEntries(Object.entries(schema).filter(([key]) => !handled.has(key)));
  if (!same(rest(before), rest(after))) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
      .filter((key) => !handled.has(key) && !same(before[key], after[key]))
      .sort();
    out.other.push(`${keys.map((key) => `'${key}'`).join(', ')}${where(path)} changed`);
  }
  return out;
}

/** The detail of an input change: widened, narrowed or both, and what. */
export function inputChangeDetail(before: unknown, after: unknown): string {
  const diff = diffSchema(before, after);
  const moved =
    diff.widened.length > 0 && diff.narrowed.length > 0
      ? 'widened and narrowed'
      : diff.widened.length > 0
        ? 'widened'
        : diff.narrowed.length > 0
          ? 'narrowed'
          : 'changed';
  const what = [...diff.widened, ...diff.narrowed, ...diff.other];
  return `input ${moved}${what.length > 0 ? `: ${what.join('; ')}` : ''}`;
}

function outputChangeDetail(before: unknown, after: unknown): string {
  if (before === undefined) return 'output schema added';
  if (after === undefined) return 'output schema removed';
  const diff = diffSchema(before, after);
  const what = [...diff.widened, ...diff.narrowed, ...diff.other];
  return `output changed${what.length > 0 ? `: ${what.join('; ')}` : ''}`;
}

/** Each annotation that moved, e.g. "readOnlyHint true → false". */
export function annotationsChangeDetail(before: unknown, after: unknown): string {
  const was = isObject(before) ? before : {};
  const now = isObject(after) ? after : {};
  return [...new Set([...Object.keys(was), ...Object.keys(now)])]
    .sort()
    .filter((key) => !same(was[key], now[key]))
    .map((key) => `${key} ${show(was[key])} → ${show(now[key])}`)
    .join('; ');
}

const item = (
  kind: ToolChangeItem['kind'],
  tool: string,
  detail: string | null,
  extra: Partial<ToolChangeItem> = {},
): ToolChangeItem => ({ kind, tool, from: null, detail, ...extra });

/** The changes of one tool that kept its name. */
function changesOf(before: ToolBody, after: ToolBody): ToolChangeItem[] {
  const items: ToolChangeItem[] = [];
  if (before.description !== after.description || before.title !== after.title) {
    const titleMoved = before.title !== after.title;
    const descriptionMoved = before.description !== after.description;
    items.push(
      item(
        'description_changed',
        after.name,
        [
          descriptionMoved ? 'description changed' : null,
          titleMoved ? `title ${show(before.title)} → ${show(after.title)}` : null,
        ]
          .filter(Boolean)
          .join('; '),
        { before: before.description ?? null, after: after.description ?? null },
      ),
    );
  }
  if (!same(before.inputSchema, after.inputSchema))
    items.push(item('input_changed', after.name, inputChangeDetail(before.inputSchema, after.inputSchema)));
  if (!same(before.outputSchema, after.outputSchema))
    items.push(
      item('output_changed', after.name, outputChangeDetail(before.outputSchema, after.outputSchema)),
    );
  if (!same(before.annotations, after.annotations))
    items.push(
      item('annotations_changed', after.name, annotationsChangeDetail(before.annotations, after.annotations)),
    );
  return items;
}

const kindOrder = {
  added: 0,
  removed: 1,
  renamed: 2,
  description_changed: 3,
  input_changed: 4,
  output_changed: 5,
  annotations_changed: 6,
} as const;

/** Every change from `before` to `after`, ordered by tool name, then kind; empty when only the order moved. */
export function classifyToolChanges(
  before: readonly ToolBody[],
  after: readonly ToolBody[],
): ToolChangeItem[] {
  const beforeByName = new Map(before.map((tool) => [tool.name, tool]));
  const afterByName = new Map(after.map((tool) => [tool.name, tool]));
  const items: ToolChangeItem[] = [];
  for (const [name, now] of afterByName) {
    const was = beforeByName.get(name);
    if (was) items.push(...changesOf(was, now));
  }
  const gone = [...beforeByName.values()].filter((tool) => !afterByName.has(tool.name));
  const fresh = [...afterByName.values()].filter((tool) => !beforeByName.has(tool.name));
  // A tool gone and one new with the same body: a rename (each body pairs once, by name order).
  const goneByBody = new Map<string, ToolBody[]>();
  for (const tool of [...gone].sort((a, b) => a.name.localeCompare(b.name)))
    goneByBody.set(bodyKey(tool), [...(goneByBody.get(bodyKey(tool)) ?? []), tool]);
  const renamedFrom = new Set<string>();
  for (const tool of [...fresh].sort((a, b) => a.name.localeCompare(b.name))) {
    const match = goneByBody.get(bodyKey(tool))?.shift();
    if (match) {
      renamedFrom.add(match.name);
      items.push(item('renamed', tool.name, `renamed from '${match.name}'`, { from: match.name }));
    } else items.push(item('added', tool.name, null));
  }
  for (const tool of gone) if (!renamedFrom.has(tool.name)) items.push(item('removed', tool.name, null));
  return items.sort((a, b) =>
    a.tool === b.tool ? kindOrder[a.kind] - kindOrder[b.kind] : a.tool < b.tool ? -1 : 1,
  );
}
