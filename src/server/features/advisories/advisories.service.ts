import { Feed } from 'feed';
import {
  ADVISORIES_LISTED_MAX,
  ADVISORY_ECOSYSTEM,
  ADVISORY_ID_PATTERN,
  advisoryPath,
  advisorySeverityLabels,
  OSV_SCHEMA_VERSION,
  type AdvisoryInput,
  type AdvisoryList,
  type OsvAdvisory,
} from '../../../shared/api/advisories.js';
import { FEED_ENTRIES, feedPaths } from '../../../shared/api/feeds.js';
import type { Notification } from '../../../shared/api/notifications.js';
import { absoluteUrl, paths } from '../../../shared/routes.js';
import type { Db, Executor } from '../../db/database.js';
import { invalid, notFound } from '../../errors.js';
import { escapeHtml, textToHtml } from '../../lib/html.js';
import { cacheTags, type ResponseCache } from '../../lib/response-cache.js';
import { createNotification, type NotificationsDeps } from '../notifications/notifications.service.js';
import { raiseWebhookEvent, type WebhookEventsDeps } from '../webhooks/webhooks.service.js';
import type { AdvisoriesRepo, AdvisoryRow, AffectedInput, AffectedRow } from './advisories.repo.js';

export interface AdvisoriesDeps {
  db: Db;
  advisories: AdvisoriesRepo;
  notifications: NotificationsDeps;
  webhookEvents: WebhookEventsDeps;
  cache: ResponseCache;
  publicUrl: string;
}

/** The OSV record of an advisory: ecosystem AgentAtlas, each affected agent's slug as its package. */
function presentOsv(
  deps: Pick<AdvisoriesDeps, 'publicUrl'>,
  row: AdvisoryRow,
  affected: AffectedRow[],
): OsvAdvisory {
  return {
    schema_version: OSV_SCHEMA_VERSION,
    id: row.osv_id,
    modified: row.modified_at,
    published: row.published_at,
    ...(row.withdrawn_at ? { withdrawn: row.withdrawn_at } : {}),
    summary: row.summary,
    details: row.details,
    affected: affected.map((entry) => ({
      package: { ecosystem: ADVISORY_ECOSYSTEM, name: entry.slug },
      ...(entry.versions.length > 0 ? { versions: entry.versions } : {}),
      ...(entry.toolSetHashes.length > 0
        ? { database_specific: { toolSetHashes: entry.toolSetHashes } }
        : {}),
    })),
    references: affected.map((entry) => ({
      type: 'WEB' as const,
      url: absoluteUrl(deps.publicUrl, paths.agent.href(entry.slug)),
    })),
    database_specific: { severity: row.severity },
  };
}

async function presentMany(
  deps: AdvisoriesDeps,
  rows: AdvisoryRow[],
  trx?: Executor,
): Promise<OsvAdvisory[]> {
  const affected = await deps.advisories.affectedOf(
    rows.map((row) => row.id),
    trx,
  );
  return rows.map((row) =>
    presentOsv(
      deps,
      row,
      affected.filter((entry) => entry.advisory_id === row.id),
    ),
  );
}

/** The agents an advisory names, by slug; a slug nobody has is a 400 on `affected`. */
async function resolveAffected(deps: AdvisoriesDeps, input: AdvisoryInput, trx: Executor) {
  const slugs = [...new Set(input.affected.map((entry) => entry.slug))];
  const agents = await deps.advisories.findAgentsBySlug(slugs, trx);
  const bySlug = new Map(agents.map((agent) => [agent.slug, agent]));
  const unknown = slugs.filter((slug) => !bySlug.has(slug));
  if (unknown.length > 0)
    throw invalid(`No agent is listed as ${unknown.join(', ')}.`, {
      affected: [`No agent is listed as ${unknown.join(', ')}`],
    });
  const affected: AffectedInput[] = [];
  const seen = new Set<number>();
  for (const entry of input.affected) {
    const agent = bySlug.get(entry.slug)!;
    if (seen.has(agent.id)) continue;
    seen.add(agent.id);
    affected.push({
      agentId: agent.id,
      versions: [...new Set(entry.versions ?? [])],
      toolSetHashes: [...new Set(entry.toolSetHashes ?? [])],
    });
  }
  return { affected, agents };
}

/** The evidence of the named agents moved: their cached pages, cards and registry entries go. */
function invalidate(deps: AdvisoriesDeps, agentIds: number[]) {
  deps.cache.invalidate([...agentIds.map((id) => cacheTags.agent(id)), cacheTags.listings]);
}

/** POST /api/admin/advisories: published now; owners are told, `advisory.published` webhooks fire. */
export async function publishAdvisory(
  deps: AdvisoriesDeps,
  admin: { id: number },
  input: AdvisoryInput,
): Promise<OsvAdvisory> {
  const now = new Date();
  const at = now.toISOString();
  const year = now.getUTCFullYear();
  const told: Array<{ userId: number; notice: Notification }> = [];
  const osv = await deps.db.kysely.transaction().execute(async (trx) => {
    const { affected, agents } = await resolveAffected(deps, input, trx);
    const seq = await deps.advisories.nextSeq(year, trx);
    const row = await deps.advisories.insert(
      {
        osv_id: `AGENTATLAS-${year}-${String(seq).padStart(4, '0')}`,
        year,
        seq,
        summary: input.summary,
        details: input.details,
        severity: input.severity,
        published_at: at,
        modified_at: at,
        created_by: admin.id,
      },
      affected,
      trx,
    );
    const [published] = await presentMany(deps, [row], trx);
    for (const agent of agents) {
      await raiseWebhookEvent(deps.webhookEvents, trx, {
        type: 'advisory.published',
        agent,
        data: { advisory: published },
      });
      if (agent.owner_id !== null)
        told.push({
          userId: agent.owner_id,
          notice: await createNotification(deps.notifications, trx, {
            user_id: agent.owner_id,
            type: 'system',
            title: `Advisory ${row.osv_id} names ${agent.name}`,
            message: `${advisorySeverityLabels[row.severity]}: ${row.summary}`,
            link: paths.agent.href(agent.slug),
          }),
        });
    }
    return published!;
  });
  for (const { userId, notice } of told) deps.notifications.publish(userId, [notice]);
  invalidate(deps, await agentIdsOf(deps, osv.id));
  return osv;
}

async function findOr404(deps: AdvisoriesDeps, osvId: string, trx?: Executor): Promise<AdvisoryRow> {
  const row = ADVISORY_ID_PATTERN.test(osvId) ? await deps.advisories.findByOsvId(osvId, trx) : undefined;
  if (!row) throw notFound(`There is no advisory ${osvId}.`);
  return row;
}

async function agentIdsOf(deps: AdvisoriesDeps, osvId: string): Promise<number[]> {
  const row = await findOr404(deps, osvId);
  return (await deps.advisories.affectedOf([row.id])).map((entry) => entry.agent_id);
}

/** PUT /api/admin/advisories/{id}: its texts, severity and affected agents anew; `modified` moves. */
export async function updateAdvisory(
  deps: AdvisoriesDeps,
  osvId: string,
  input: AdvisoryInput,
): Promise<OsvAdvisory> {
  const before = await agentIdsOf(deps, osvId);
  const osv = await deps.db.kysely.transaction().execute(async (trx) => {
    const row = await findOr404(deps, osvId, trx);
    const { affected } = await resolveAffected(deps, input, trx);
    const updated = await deps.advisories.update(
      row.id,
      {
        summary: input.summary,
        details: input.details,
        severity: input.severity,
        modified_at: new Date().toISOString(),
      },
      affected,
      trx,
    );
    return (await presentMany(deps, [updated], trx))[0]!;
  });
  invalidate(deps, [...before, ...(await agentIdsOf(deps, osvId))]);
  return osv;
}

/** POST /api/admin/advisories/{id}/withdraw: kept and served, marked withdrawn; it no longer counts. */
export async function withdrawAdvisory(deps: AdvisoriesDeps, osvId: string): Promise<OsvAdvisory> {
  const osv = await deps.db.kysely.transaction().execute(async (trx) => {
    const row = await findOr404(deps, osvId, trx);
    const withdrawn = await deps.advisories.withdraw(row.id, new Date().toISOString(), trx);
    return (await presentMany(deps, [withdrawn], trx))[0]!;
  });
  invalidate(deps, await agentIdsOf(deps, osvId));
  return osv;
}

/** GET /api/advisories/{id}. */
export async function getAdvisory(deps: AdvisoriesDeps, osvId: string): Promise<OsvAdvisory> {
  return (await presentMany(deps, [await findOr404(deps, osvId)]))[0]!;
}

/** GET /api/advisories?affects=<slug>: newest first, withdrawn ones included (marked), as OSV feeds do. */
export async function listAdvisories(
  deps: AdvisoriesDeps,
  query: { affects?: string },
): Promise<AdvisoryList> {
  let agentId: number | undefined;
  if (query.affects !== undefined) {
    const [agent] = await deps.advisories.findAgentsBySlug([query.affects.toLowerCase()]);
    if (!agent) return { advisories: [] };
    agentId = agent.id;
  }
  const rows = await deps.advisories.list({ agentId, limit: ADVISORIES_LISTED_MAX });
  return { advisories: await presentMany(deps, rows) };
}

/** /feeds/advisories.atom: the newest advisories, a withdrawn one marked so in its title. */
export async function advisoriesFeed(deps: AdvisoriesDeps): Promise<string> {
  const { advisories } = await listAdvisories(deps, {});
  const url = `${deps.publicUrl}${feedPaths.advisories}`;
  const feed = new Feed({
    id: url,
    title: 'Advisories on AgentAtlas',
    description:
      'Security advisories about AI agents listed on AgentAtlas, in OSV format at /api/advisories.',
    link: deps.publicUrl,
    language: 'en',
    copyright: 'AgentAtlas',
    generator: 'AgentAtlas',
    feedLinks: { atom: url },
    updated: new Date(advisories[0]?.modified ?? '2026-01-01T00:00:00Z'),
  });
  for (const advisory of advisories.slice(0, FEED_ENTRIES)) {
    const link = absoluteUrl(deps.publicUrl, advisoryPath(advisory.id));
    const severity = advisorySeverityLabels[advisory.database_specific.severity];
    feed.addItem({
      id: link,
      link,
      title: escapeHtml(
        `${advisory.withdrawn ? 'Withdrawn: ' : ''}${advisory.id} (${severity}): ${advisory.summary}`,
      ),
      description: escapeHtml(`Affects ${advisory.affected.map((entry) => entry.package.name).join(', ')}.`),
      content: textToHtml(advisory.details),
      date: new Date(advisory.modified),
      published: new Date(advisory.published),
    });
  }
  return feed.atom1();
}
