import { setTimeout as sleep } from 'node:timers/promises';
import {
  IMPORT_CANDIDATES_PAGE_SIZE,
  REGISTRY_SYNC_FIRST_WINDOW_MS,
  REGISTRY_SYNC_INTERVAL_MS,
  REGISTRY_SYNC_MAX_PAGES,
  REGISTRY_SYNC_PAGE_SIZE,
  registrySyncCountsSchema,
  type ImportCandidateList,
  type RegistrySyncCounts,
  type RegistrySyncStatus,
} from '../../../shared/api/imports.js';
import type { ImportDraftResponse } from '../../../shared/api/submissions.js';
import type { Db } from '../../db/database.js';
import { readJsonColumn, readTags } from '../../db/json-columns.js';
import { conflict, notFound } from '../../errors.js';
import { nowIso } from '../../lib/time.js';
import { createNotification, type NotificationsDeps } from '../notifications/notifications.service.js';
import type { OwnerAgentsRepo } from '../owner-agents/owner-agents.repo.js';
import type { AgentEventsRepo } from '../../db/agent-events.repo.js';
import { noticeAdmins, publishNotices, type PendingNotices } from '../submissions/submissions.service.js';
import type { UsersRepo } from '../users/users.repo.js';
import { listingFromServer } from './import-sources.js';
import type { ImportsRepo } from './imports.repo.js';
import { createImportedDraft, type ImportsDeps } from './imports.service.js';
import {
  fetchChangedServers,
  officialMeta,
  RegistryError,
  serverDetailSchema,
  type RegistryDeps,
  type ServerResponse,
} from './registry-client.js';
import { paths } from '../../../shared/routes.js';

export interface RegistrySyncDeps {
  db: Db;
  registry: RegistryDeps;
  imports: ImportsRepo;
  ownerAgents: OwnerAgentsRepo;
  agentEvents: AgentEventsRepo;
  users: UsersRepo;
  notifications: NotificationsDeps;
  /** For an admin's "Start a draft" from a candidate. */
  importDeps: ImportsDeps;
}

export interface SyncRunOptions {
  now?: Date;
  /** The pause between two page requests, so the registry is never hurried (1 s in production). */
  pageGapMs: number;
  maxPages?: number;
}

const emptyCounts = (): RegistrySyncCounts => ({
  pages: 0,
  servers: 0,
  editsQueued: 0,
  candidatesAdded: 0,
  candidatesUpdated: 0,
  skipped: 0,
});

/**
 * A new version of a listed server becomes a pending edit for an admin: the listing's fields with the
 * registry's links and endpoint, and the version; never published by itself.
 */
async function queueNewVersion(
  deps: RegistrySyncDeps,
  source: Awaited<ReturnType<ImportsRepo['findSourcesByRegistryName']>>[number],
  entry: ServerResponse,
): Promise<{ queued: boolean; notices: PendingNotices }> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const agent = await deps.ownerAgents.findById(source.agent_id, trx);
    // Only a live listing has edits; an owner's edit waiting already is not overwritten.
    if (!agent || agent.status !== 'published') return { queued: false, notices: [] };
    if (await deps.ownerAgents.findPendingRevision(agent.id, trx)) return { queued: false, notices: [] };
    const fromRegistry = listingFromServer(entry.server, { source: 'mcp-registry', url: null }).fields;
    const data = {
      name: agent.name,
      tagline: agent.tagline,
      description: agent.description,
      category: agent.category_slug,
      tags: readTags(agent.tags),
      websiteUrl: fromRegistry.websiteUrl ?? agent.website_url,
      repoUrl: fromRegistry.repoUrl ?? agent.repo_url,
      docsUrl: agent.docs_url,
      mcpUrl: fromRegistry.mcpUrl ?? agent.mcp_url,
      agentCardUrl: agent.agent_card_url,
      pricing: agent.pricing,
      logoFileId: agent.logo_file_id,
      githubRepo: fromRegistry.githubRepo ?? agent.github_repo,
      license: agent.license,
      /** Read on approval: the listing then shows this version. */
      registryVersion: entry.server.version,
    };
    await deps.ownerAgents.replacePendingRevision(
      {
        agent_id: agent.id,
        author_id: null,
        data: JSON.stringify(data),
        logo_file_id: agent.logo_file_id,
        created_at: nowIso(),
      },
      trx,
    );
    await deps.imports.markVersionQueued(agent.id, entry.server.version, trx);
    await deps.agentEvents.record(
      {
        agentId: agent.id,
        kind: 'revision_submitted',
        actor: 'system',
        actorId: null,
        message: `Version ${entry.server.version} in the MCP registry`,
      },
      trx,
    );
    const notices = await noticeAdmins(
      deps,
      `The MCP registry has version ${entry.server.version} of “${agent.name}”; the update waits for review.`,
      trx,
    );
    if (agent.owner_id !== null) {
      const notification = await createNotification(deps.notifications, trx, {
        user_id: agent.owner_id,
        type: 'other',
        title: 'A new version was found',
        message: `Version ${entry.server.version} of “${agent.name}” is in the MCP registry. Its links go live once an admin approves them.`,
        link: paths.agentStatus.href(agent.id),
      });
      notices.push({ userId: agent.owner_id, notification });
    }
    return { queued: true, notices };
  });
}

/** One page's servers: new versions of listings become pending edits, new servers candidates. */
async function syncPage(deps: RegistrySyncDeps, servers: ServerResponse[], counts: RegistrySyncCounts) {
  const latest = servers.filter((entry) => {
    const meta = officialMeta(entry);
    return meta.isLatest !== false && meta.status !== 'deleted';
  });
  counts.skipped += servers.length - latest.length;
  const sources = await deps.imports.findSourcesByRegistryName(latest.map((entry) => entry.server.name));
  const byName = new Map(sources.map((source) => [source.registry_name, source]));
  for (const entry of latest) {
    const source = byName.get(entry.server.name);
    if (source) {
      const version = entry.server.version;
      if (version === source.version || version === source.queued_version) continue;
      const { queued, notices } = await queueNewVersion(deps, source, entry);
      publishNotices(deps, notices);
      if (queued) counts.editsQueued += 1;
      else counts.skipped += 1;
      continue;
    }
    const listing = listingFromServer(entry.server, { source: 'mcp-registry', url: null });
    // A server listed here by hand (same repository or endpoint) is not a candidate.
    const listed = await deps.imports.findMatchingListing({
      registryName: null,
      githubRepo: listing.fields.githubRepo ?? null,
      repoUrl: listing.fields.repoUrl ?? null,
      mcpUrl: listing.fields.mcpUrl ?? null,
      agentCardUrl: null,
    });
    if (listed) {
      counts.skipped += 1;
      continue;
    }
    const result = await deps.imports.upsertCandidate({
      registry_name: entry.server.name,
      version: entry.server.version,
      title: listing.fields.name ?? entry.server.name,
      description: listing.fields.description ?? '',
      data: JSON.stringify(entry.server),
      registry_updated_at: officialMeta(entry).updatedAt ?? null,
      at: nowIso(),
    });
    if (result === 'added') counts.candidatesAdded += 1;
    else if (result === 'updated') counts.candidatesUpdated += 1;
  }
}

/**
 * One sync run: reads what changed in the registry since the last run (`updated_since`), a cursor
 * page at a time with a pause between pages. The cursor is saved after every page, so a run cut
 * short (an error, "slow down", the page limit) goes on from there next time; `updated_since` moves
 * only when the whole list was read.
 */
export async function runRegistrySync(
  deps: RegistrySyncDeps,
  options: SyncRunOptions,
): Promise<RegistrySyncCounts> {
  const now = options.now ?? new Date();
  const state = await deps.imports.findSyncState();
  const updatedSince =
    state.updated_since ?? new Date(now.getTime() - REGISTRY_SYNC_FIRST_WINDOW_MS).toISOString();
  let cursor = state.cursor;
  let newest = updatedSince;
  const counts = emptyCounts();
  await deps.imports.updateSyncState({ last_run_at: now.toISOString() });
  try {
    for (let page = 0; page < (options.maxPages ?? REGISTRY_SYNC_MAX_PAGES); page += 1) {
      if (page > 0) await sleep(options.pageGapMs);
      const result = await fetchChangedServers(deps.registry, {
        updatedSince,
        cursor,
        limit: REGISTRY_SYNC_PAGE_SIZE,
      });
      counts.pages += 1;
      counts.servers += result.servers.length;
      counts.skipped += result.skipped;
      await syncPage(deps, result.servers, counts);
      for (const entry of result.servers) {
        const updatedAt = officialMeta(entry).updatedAt;
        if (updatedAt && updatedAt > newest) newest = updatedAt;
      }
      cursor = result.nextCursor;
      if (!cursor) {
        await deps.imports.updateSyncState({
          updated_since: newest,
          cursor: null,
          last_success_at: nowIso(),
          last_error: null,
          last_counts: JSON.stringify(counts),
        });
        return counts;
      }
      await deps.imports.updateSyncState({ cursor });
    }
    await deps.imports.updateSyncState({
      last_error: null,
      last_success_at: nowIso(),
      last_counts: JSON.stringify(counts),
    });
    return counts;
  } catch (error) {
    const message =
      error instanceof RegistryError
        ? error.kind === 'rate_limited'
          ? 'The MCP registry asked us to slow down; the next run goes on where this one stopped.'
          : error.message
        : 'The sync stopped on an unexpected error; the next run goes on where this one stopped.';
    await deps.imports.updateSyncState({ last_error: message, last_counts: JSON.stringify(counts) });
    if (!(error instanceof RegistryError)) throw error;
    return counts;
  }
}

export async function getSyncStatus(
  deps: RegistrySyncDeps,
  options: { running: boolean },
): Promise<RegistrySyncStatus> {
  const state = await deps.imports.findSyncState();
  return {
    enabled: state.enabled === 1,
    registryUrl: deps.registry.registryUrl,
    running: options.running,
    intervalMinutes: REGISTRY_SYNC_INTERVAL_MS / 60_000,
    updatedSince: state.updated_since,
    lastRunAt: state.last_run_at,
    lastSuccessAt: state.last_success_at,
    lastError: state.last_error,
    lastCounts: readJsonColumn(registrySyncCountsSchema, state.last_counts, null),
    candidatesWaiting: await deps.imports.countNewCandidates(),
  };
}

export async function setSyncEnabled(deps: RegistrySyncDeps, enabled: boolean): Promise<void> {
  await deps.imports.updateSyncState({ enabled: enabled ? 1 : 0 });
}

export async function listCandidates(
  deps: RegistrySyncDeps,
  before: number | undefined,
): Promise<ImportCandidateList> {
  const rows = await deps.imports.listNewCandidates({
    limit: IMPORT_CANDIDATES_PAGE_SIZE + 1,
    beforeId: before ?? null,
  });
  const page = rows.slice(0, IMPORT_CANDIDATES_PAGE_SIZE);
  return {
    candidates: page.map((row) => ({
      id: row.id,
      registryName: row.registry_name,
      version: row.version,
      title: row.title,
      description: row.description,
      registryUpdatedAt: row.registry_updated_at,
      createdAt: row.created_at,
    })),
    total: await deps.imports.countNewCandidates(),
    nextBefore: rows.length > IMPORT_CANDIDATES_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}

const CANDIDATE_DECIDED = 'This server was dealt with already.';

export async function dismissCandidate(deps: RegistrySyncDeps, id: number): Promise<void> {
  if (!(await deps.imports.findCandidate(id))) throw notFound('Candidate not found');
  if (!(await deps.imports.decideCandidate(id, 'dismissed', nowIso()))) throw conflict(CANDIDATE_DECIDED);
}

/** An admin starts a draft of a candidate, as an owner's registry import would (409 when listed since). */
export async function draftCandidate(
  deps: RegistrySyncDeps,
  adminId: number,
  id: number,
): Promise<ImportDraftResponse> {
  const candidate = await deps.imports.findCandidate(id);
  if (!candidate) throw notFound('Candidate not found');
  if (candidate.status !== 'new') throw conflict(CANDIDATE_DECIDED);
  const server = readJsonColumn(serverDetailSchema, candidate.data, null);
  if (!server) throw conflict('The stored server description can no longer be read. Dismiss it.');
  const url = `${deps.registry.registryUrl}/v0.1/servers/${encodeURIComponent(candidate.registry_name)}/versions/latest`;
  const draft = await createImportedDraft(
    deps.importDeps,
    adminId,
    listingFromServer(server, { source: 'mcp-registry', url }),
  );
  await deps.imports.decideCandidate(id, 'drafted', nowIso());
  return draft;
}
