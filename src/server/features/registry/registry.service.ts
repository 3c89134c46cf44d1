import {
  EVIDENCE_META_KEY,
  OFFICIAL_META_KEY,
  SERVER_DESCRIPTION_MAX,
  SERVER_TITLE_MAX,
  type RegistryListQuery,
  type RegistryServer,
  type RegistryServerList,
  type ServerJson,
} from '../../../shared/api/registry.js';
import { REGISTRY_NAME_MAX, REGISTRY_NAME_PATTERN } from '../../../shared/api/imports.js';
import { invalid, notFound } from '../../errors.js';
import { agentEvidence, type AgentEvidenceDeps } from '../agents/agent-evidence.js';
import type { RegistryRepo, RegistryServerRow } from './registry.repo.js';

export interface RegistryDeps extends AgentEvidenceDeps {
  registry: RegistryRepo;
}

/** The published server.json schema the documents follow. */
const SERVER_SCHEMA_URL = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';
const LATEST = 'latest';

/**
 * The namespace of servers AgentAtlas names itself: its public host in reverse-DNS order
 * (agentatlas.example.com gives com.example.agentatlas), as the registry's names are.
 */
export function registryNamespace(publicUrl: string): string {
  return new URL(publicUrl).hostname.split('.').reverse().join('.');
}

/** A listing's server name: the one it was imported under, else `<namespace>/<slug>`. */
export function serverName(
  deps: Pick<RegistryDeps, 'publicUrl'>,
  row: Pick<RegistryServerRow, 'slug' | 'registry_name'>,
): string {
  return row.registry_name ?? `${registryNamespace(deps.publicUrl)}/${row.slug}`;
}

function serverVersion(row: RegistryServerRow): string {
  return row.registry_version ?? `1.${row.approved_edits}.0`;
}

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/** The forge a repository lives on, as the registry's `repository.source` names it. */
function repositorySource(url: string): string {
  const host = new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  const forge = /^(github|gitlab|bitbucket|codeberg)\.(com|org)$/.exec(host)?.[1];
  return forge ?? host;
}

function serverJson(deps: RegistryDeps, row: RegistryServerRow): ServerJson {
  return {
    $schema: SERVER_SCHEMA_URL,
    name: serverName(deps, row),
    title: clip(row.name, SERVER_TITLE_MAX),
    description: clip(row.tagline.trim() || row.name, SERVER_DESCRIPTION_MAX),
    version: serverVersion(row),
    ...(row.website_url ? { websiteUrl: row.website_url } : {}),
    ...(row.repo_url ? { repository: { url: row.repo_url, source: repositorySource(row.repo_url) } } : {}),
    remotes: [{ type: 'streamable-http', url: row.mcp_url }],
  };
}

/** The servers of these rows with the evidence behind each. */
async function present(deps: RegistryDeps, rows: RegistryServerRow[]): Promise<RegistryServer[]> {
  const evidence = await agentEvidence(deps, rows);
  return rows.map((row): RegistryServer => ({
    server: serverJson(deps, row),
    _meta: {
      [OFFICIAL_META_KEY]: {
        status: 'active',
        publishedAt: row.published_at ?? row.updated_at,
        updatedAt: row.updated_at,
        isLatest: true,
      },
      [EVIDENCE_META_KEY]: evidence.get(row.id)!,
    },
  }));
}

// A cursor is the last id of the page before, wrapped so that clients treat it as the opaque string it is.
const encodeCursor = (id: number) => Buffer.from(`after:${id}`).toString('base64url');

function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined || cursor === '') return 0;
  const id = /^after:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'))?.[1];
  if (id === undefined)
    throw invalid('cursor is not one this registry gave out: use metadata.nextCursor as it was answered', {
      cursor: ['Not a cursor of this registry'],
    });
  return Number(id);
}

/** GET /v0.1/servers: a page of servers in a stable order, with the cursor of the next one. */
export async function listServers(
  deps: RegistryDeps,
  query: RegistryListQuery,
  viewId?: number,
): Promise<RegistryServerList> {
  const rows = await deps.registry.findPage({
    viewId,
    afterId: decodeCursor(query.cursor),
    limit: query.limit,
    search: query.search?.trim() || undefined,
    updatedSince: query.updated_since && new Date(query.updated_since).toISOString(),
    version: query.version && query.version !== LATEST ? query.version : undefined,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    servers: await present(deps, page),
    metadata: {
      count: page.length,
      ...(rows.length > query.limit && last ? { nextCursor: encodeCursor(last.id) } : {}),
    },
  };
}

/** The listed server a name stands for: an imported registry name, or AgentAtlas's own `<namespace>/<slug>`. */
export async function findServer(
  deps: RegistryDeps,
  name: string,
  viewId?: number,
): Promise<RegistryServerRow> {
  const missing = () => notFound(`No server named ${name} is listed here.`);
  if (name.length > REGISTRY_NAME_MAX || !REGISTRY_NAME_PATTERN.test(name)) throw missing();
  const imported = await deps.registry.findOne({ registryName: name }, viewId);
  if (imported) return imported;
  const [namespace, slug] = name.split('/') as [string, string];
  if (namespace !== registryNamespace(deps.publicUrl)) throw missing();
  const listing = await deps.registry.findOne({ slug }, viewId);
  if (!listing) throw missing();
  return listing;
}

/** GET /v0.1/servers/{serverName}/versions: every version served, which here is the live one. */
export async function listServerVersions(
  deps: RegistryDeps,
  name: string,
  viewId?: number,
): Promise<RegistryServerList> {
  const servers = await present(deps, [await findServer(deps, name, viewId)]);
  return { servers, metadata: { count: servers.length } };
}

/** GET /v0.1/servers/{serverName}/versions/{version}: `latest`, or the exact version it has now. */
export async function getServerVersion(
  deps: RegistryDeps,
  name: string,
  version: string,
  viewId?: number,
): Promise<RegistryServer> {
  const row = await findServer(deps, name, viewId);
  if (version !== LATEST && version !== serverVersion(row))
    throw notFound(`${name} has no version ${version} here; its version is ${serverVersion(row)}.`);
  const [server] = await present(deps, [row]);
  return server!;
}
