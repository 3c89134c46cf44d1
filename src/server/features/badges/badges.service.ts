import { createHash } from 'node:crypto';
import { makeBadge } from 'badge-maker';
import type { AgentsRepo } from '../agents/agents.repo.js';
import { findPublishedAgentOr404 } from '../agents/agents.service.js';
import type { ProbesRepo } from '../probes/probes.repo.js';
import { AppError } from '../../errors.js';
import { UPTIME_DAYS } from '../../../shared/trust.js';

export interface BadgesDeps {
  agents: AgentsRepo;
  probes: ProbesRepo;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const BRAND = '#0f766e';

export interface Badge {
  svg: string;
  etag: string;
  found: boolean;
}

function finish(svg: string, found: boolean): Badge {
  return { svg, found, etag: `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"` };
}

/** What the badge says: "score 87 · verified · 99.8% up"; parts without data are left out. */
export function badgeMessage(score: number, verified: boolean, uptime: number | null): string {
  const parts = [`score ${Math.round(score)}`];
  if (verified) parts.push('verified');
  if (uptime !== null) parts.push(`${(Math.floor(uptime * 1000) / 10).toFixed(1)}% up`);
  return parts.join(' · ');
}

/** The SVG for a published agent; an unknown or hidden one gets a grey "not found" badge. */
export async function agentBadge(deps: BadgesDeps, slug: string, now: number = Date.now()): Promise<Badge> {
  let agent;
  try {
    agent = await findPublishedAgentOr404(deps, slug);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found')
      return finish(makeBadge({ label: 'AgentAtlas', message: 'not found', color: 'lightgrey' }), false);
    throw error;
  }
  const endpoints = await deps.probes.findByAgent(agent.id);
  const counts = await deps.probes.uptimeCounts(
    endpoints.map((endpoint) => endpoint.id),
    new Date(now - UPTIME_DAYS * DAY_MS).toISOString(),
    { byDay: false },
  );
  const total = counts.reduce((sum, row) => sum + row.total, 0);
  const uptime = total === 0 ? null : counts.reduce((sum, row) => sum + row.available, 0) / total;
  const svg = makeBadge({
    label: 'AgentAtlas',
    message: badgeMessage(agent.reputation_score, agent.verified === 1, uptime),
    color: BRAND,
    labelColor: '#334155',
  });
  return finish(svg, true);
}
