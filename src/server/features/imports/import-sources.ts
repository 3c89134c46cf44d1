import type { z } from 'zod';
import type { ImportRequest, ImportSource } from '../../../shared/api/imports.js';
import type { DraftFields } from '../../../shared/api/submissions.js';
import {
  AGENT_NAME_MAX,
  AGENT_TAG_MAX,
  AGENT_TAGLINE_MAX,
  AGENT_TAGS_MAX,
  URL_MAX,
} from '../../../shared/limits.js';
import { isHttpUrl } from '../../../shared/rules/url.js';
import { AppError, invalid } from '../../errors.js';
import { OutboundRefusal, type OutboundFetch } from '../../lib/outbound-fetch.js';
import { agentCardSchema, type AgentCard } from '../probes/a2a-probe.js';
import { githubRepoKey } from '../submissions/agent-fields.js';
import {
  fetchLatestServer,
  RegistryError,
  serverDetailSchema,
  serverResponseSchema,
  type RegistryDeps,
  type ServerDetail,
} from './registry-client.js';

/** The draft fields an import fills. */
export type ImportedFields = Partial<
  Pick<
    DraftFields,
    | 'name'
    | 'tagline'
    | 'description'
    | 'websiteUrl'
    | 'repoUrl'
    | 'githubRepo'
    | 'docsUrl'
    | 'mcpUrl'
    | 'agentCardUrl'
    | 'tags'
  >
>;

/** What a source says about an agent, before it becomes a draft. */
export interface ImportedListing {
  source: ImportSource;
  /** The address read; null for a pasted server.json. */
  url: string | null;
  registryName: string | null;
  version: string | null;
  fields: ImportedFields;
  /** The icon to fetch into the draft's logo, when the source names one we can show. */
  iconUrl: string | null;
}

const SOURCE_MAX_BYTES = 256 * 1024;
const ICON_TYPES = /^image\/(png|jpe?g|webp)$/i;
const ICON_EXTENSIONS = /\.(png|jpe?g|webp)(\?.*)?$/i;

/** One line of text without control characters, or undefined when nothing is left. */
function cleanLine(value: string | undefined): string | undefined {
  const clean = value
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    ?.replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean ? clean : undefined;
}

/** Text cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
function fitText(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The first sentence of a description, fitted for a tagline. */
function taglineOf(description: string | undefined): string | undefined {
  if (!description) return undefined;
  const sentence = /^(.+?[.!?])(\s|$)/.exec(description)?.[1] ?? description;
  return fitText(sentence, AGENT_TAGLINE_MAX);
}

function webAddress(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= URL_MAX && isHttpUrl(trimmed) ? trimmed : undefined;
}

/** "weather-forecast" → "Weather Forecast": the server's own name when it has no title. */
function titleOfName(name: string): string {
  const last = name.slice(name.indexOf('/') + 1);
  return last
    .split(/[-_.]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

function tagsOf(words: Array<string | undefined>): string[] {
  const tags = words
    .map((word) =>
      word
        ?.toLowerCase()
        .trim()
        .replace(/[^a-z0-9+#.-]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter((word): word is string => !!word && word.length <= AGENT_TAG_MAX);
  return [...new Set(tags)].slice(0, AGENT_TAGS_MAX);
}

const PACKAGE_TAGS: Record<string, string> = { oci: 'docker' };

function pickIcon(icons: Array<{ src: string; mimeType?: string | undefined }> | undefined): string | null {
  for (const icon of icons ?? []) {
    const src = webAddress(icon.src);
    if (!src) continue;
    if (icon.mimeType ? ICON_TYPES.test(icon.mimeType) : ICON_EXTENSIONS.test(new URL(src).pathname))
      return src;
  }
  return null;
}

/** A server.json's details as draft fields. */
export function listingFromServer(
  server: ServerDetail,
  origin: { source: ImportSource; url: string | null },
): ImportedListing {
  const description = cleanLine(server.description);
  const repoUrl = webAddress(server.repository?.url);
  const githubRepo = repoUrl ? githubRepoKey({ githubRepo: null, repoUrl }) : null;
  // Streamable HTTP is what AgentAtlas probes; a templated address ({tenant}) is not one we can call.
  const remote = server.remotes?.find((item) => item.type === 'streamable-http' && !item.url.includes('{'));
  const fields: ImportedFields = {
    name: fitText(cleanLine(server.title) ?? titleOfName(server.name), AGENT_NAME_MAX),
    tagline: taglineOf(description),
    description,
    websiteUrl: webAddress(server.websiteUrl),
    repoUrl,
    githubRepo: githubRepo ?? undefined,
    mcpUrl: webAddress(remote?.url),
    tags: tagsOf([
      'mcp',
      ...(server.remotes?.length ? ['remote'] : []),
      ...(server.packages ?? []).map((item) => PACKAGE_TAGS[item.registryType] ?? item.registryType),
    ]),
  };
  return {
    ...origin,
    registryName: server.name,
    version: cleanLine(server.version) ?? null,
    fields: withoutEmpty(fields),
    iconUrl: pickIcon(server.icons),
  };
}

/** An A2A agent card's details as draft fields; the card's own address is the listing's card URL. */
export function listingFromAgentCard(card: AgentCard, cardUrl: string): ImportedListing {
  const description = cleanLine(card.description);
  const fields: ImportedFields = {
    name: fitText(cleanLine(card.name) ?? 'Agent', AGENT_NAME_MAX),
    tagline: taglineOf(description),
    description,
    websiteUrl: webAddress(card.provider?.url),
    docsUrl: webAddress(card.documentationUrl),
    agentCardUrl: cardUrl,
    tags: tagsOf(['a2a', ...card.skills.flatMap((skill) => skill.tags)]),
  };
  return {
    source: 'agent-card',
    url: cardUrl,
    registryName: null,
    version: cleanLine(card.version) ?? null,
    fields: withoutEmpty(fields),
    iconUrl: webAddress(card.iconUrl) ?? null,
  };
}

function withoutEmpty(fields: ImportedFields): ImportedFields {
  return Object.fromEntries(
    Object.entries(fields).filter(
      ([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0),
    ),
  );
}

const sourceProblem = (field: 'url' | 'json', message: string) => invalid(message, { [field]: [message] });

/** Reads an address a user gave for a source: JSON, or a 400 saying what was wrong with it. */
async function fetchSourceJson(fetch: OutboundFetch, url: string, what: string): Promise<unknown> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, maxBytes: SOURCE_MAX_BYTES });
    text = await response.text();
  } catch (error) {
    const why = error instanceof OutboundRefusal ? error.message : 'it could not be reached';
    throw sourceProblem('url', `The ${what} could not be read: ${why}.`);
  }
  if (!response.ok) throw sourceProblem('url', `The ${what} address answered HTTP ${response.status}.`);
  try {
    return JSON.parse(text);
  } catch {
    throw sourceProblem('url', `The ${what} address did not answer with JSON.`);
  }
}

/** The first problem of a document that did not parse, as "where: what". */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.length ? issue.path.join('.') : 'the document'}: ${issue.message}` : 'invalid';
}

/** A server.json as published, or the registry's ServerResponse around one. */
function parseServerJson(json: unknown, field: 'url' | 'json'): ServerDetail {
  const wrapped = serverResponseSchema.safeParse(json);
  if (wrapped.success) return wrapped.data.server;
  const parsed = serverDetailSchema.safeParse(json);
  if (!parsed.success) throw sourceProblem(field, `This is not a server.json (${firstIssue(parsed.error)}).`);
  return parsed.data;
}

function registryFailure(error: RegistryError): AppError {
  if (error.kind === 'not_found') return new AppError('not_found', error.message);
  if (error.kind === 'rate_limited')
    return new AppError('unavailable', error.message, undefined, {
      'retry-after': String(error.retryAfterS ?? 60),
    });
  return new AppError('bad_gateway', error.message);
}

/** Reads the source a user named: the registry, a server.json or an agent card. */
export async function readImportSource(deps: RegistryDeps, request: ImportRequest): Promise<ImportedListing> {
  switch (request.source) {
    case 'mcp-registry': {
      const name = request.name.trim();
      try {
        const found = await fetchLatestServer(deps, name);
        return listingFromServer(found.server, {
          source: 'mcp-registry',
          url: `${deps.registryUrl}/v0.1/servers/${encodeURIComponent(name)}/versions/latest`,
        });
      } catch (error) {
        if (error instanceof RegistryError) throw registryFailure(error);
        throw error;
      }
    }
    case 'server-json': {
      if (request.url !== undefined) {
        const url = request.url.trim();
        const json = await fetchSourceJson(deps.fetch, url, 'server.json');
        return listingFromServer(parseServerJson(json, 'url'), { source: 'server-json', url });
      }
      let json: unknown = request.json;
      if (typeof json === 'string') {
        try {
          json = JSON.parse(json);
        } catch {
          throw sourceProblem('json', 'The pasted text is not JSON.');
        }
      }
      return listingFromServer(parseServerJson(json, 'json'), { source: 'server-json', url: null });
    }
    case 'agent-card': {
      const url = request.url.trim();
      const json = await fetchSourceJson(deps.fetch, url, 'agent card');
      const card = agentCardSchema.safeParse(json);
      if (!card.success)
        throw sourceProblem('url', `This is not an A2A agent card (${firstIssue(card.error)}).`);
      return listingFromAgentCard(card.data, url);
    }
  }
}
