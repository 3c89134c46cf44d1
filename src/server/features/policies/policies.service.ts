import canonicalize from 'canonicalize';
import type { AgentEvidence } from '../../../shared/api/evidence.js';
import {
  CHANGELOG_JWS_TYPE,
  policyChangelogPath,
  policyRegistryPath,
  policyRulesSchema,
  type ChangelogAction,
  type Changelog,
  type CreatePolicyInput,
  type Policy,
  type PolicyPreview,
  type PolicyRules,
  type PreviewEntry,
  type UpdatePolicyInput,
} from '../../../shared/api/policies.js';
import { unmetPolicyRules } from '../../../shared/rules/policy-rules.js';
import { absoluteUrl } from '../../../shared/routes.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { authorizeOwned, type Actor } from '../../policies/index.js';
import { agentEvidence } from '../agents/agent-evidence.js';
import type { RegistryServerRow } from '../registry/registry.repo.js';
import { findServer, serverName, type RegistryDeps } from '../registry/registry.service.js';
import { signPayload, type SigningKeysDeps } from '../signing-keys/signing-keys.service.js';
import type { PoliciesRepo, PolicyMemberRow, PolicyViewRow } from './policies.repo.js';

export interface PoliciesDeps extends RegistryDeps {
  policies: PoliciesRepo;
  signing: SigningKeysDeps;
}

/** Servers read per step of an evaluation: their evidence is read in one go. */
const EVALUATION_STEP = 500;
const EVALUATION_LEASE_MS = 5 * 60_000;
const PREVIEW_SHOWN = 500;
const WAITING = 'Waiting for the owner’s approval';

const short = (hash: string | null) => (hash ? hash.slice(0, 12) : 'none');

function readRules(row: PolicyViewRow): PolicyRules {
  const parsed = policyRulesSchema.safeParse(JSON.parse(row.rules));
  return parsed.success ? parsed.data : {};
}

async function present(deps: PoliciesDeps, rows: PolicyViewRow[]): Promise<Policy[]> {
  const counts = await deps.policies.countMembers(rows.map((row) => row.id));
  const count = (viewId: number, state: string) =>
    Number(counts.find((entry) => entry.view_id === viewId && entry.state === state)?.count ?? 0);
  return rows.map((row) => ({
    slug: row.slug,
    name: row.name,
    rules: readRules(row),
    approval: row.approval,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    evaluatedAt: row.evaluated_at,
    registryUrl: absoluteUrl(deps.publicUrl, policyRegistryPath(row.slug)),
    changelogUrl: absoluteUrl(deps.publicUrl, policyChangelogPath(row.slug)),
    admitted: count(row.id, 'admitted'),
    queued: count(row.id, 'queued'),
  }));
}

/** A view its owner asks for; anyone else is told there is none, as for a slug nobody has. */
async function ownViewOr404(deps: PoliciesDeps, user: Actor, slug: string): Promise<PolicyViewRow> {
  return authorizeOwned(
    user,
    'policy-view',
    await deps.policies.findBySlug(slug.toLowerCase()),
    (row) => row.owner_id,
    'There is no such policy view of yours.',
  );
}

/** A public view's row, for its registry and changelog. */
export async function viewOr404(deps: PoliciesDeps, slug: string): Promise<PolicyViewRow> {
  const row = await deps.policies.findBySlug(slug.toLowerCase());
  if (!row) throw notFound('There is no such policy view.');
  return row;
}

interface Candidate {
  row: RegistryServerRow;
  name: string;
  evidence: AgentEvidence;
  unmet: string[];
}

/** One server with its evidence and the view's rules it does not meet. */
async function candidateOf(
  deps: PoliciesDeps,
  rules: PolicyRules,
  row: RegistryServerRow,
): Promise<Candidate> {
  const name = serverName(deps, row);
  const evidence = (await agentEvidence(deps, [row])).get(row.id)!;
  return {
    row,
    name,
    evidence,
    unmet: unmetPolicyRules(rules, { name, category: row.category_slug, evidence }),
  };
}

/** Every server of the catalogue with its evidence and the view's rules it does not meet, a step at a time. */
async function* candidates(deps: PoliciesDeps, rules: PolicyRules): AsyncGenerator<Candidate> {
  let afterId = 0;
  for (;;) {
    const rows = await deps.registry.findPage({ afterId, limit: EVALUATION_STEP });
    const page = rows.slice(0, EVALUATION_STEP);
    const evidence = await agentEvidence(deps, page);
    for (const row of page) {
      const name = serverName(deps, row);
      const found = evidence.get(row.id)!;
      yield {
        row,
        name,
        evidence: found,
        unmet: unmetPolicyRules(rules, { name, category: row.category_slug, evidence: found }),
      };
    }
    if (rows.length <= EVALUATION_STEP) return;
    afterId = page.at(-1)!.id;
    // SQLite answers synchronously: without a turn of the event loop between steps, a pass over a large
    // catalogue kept every request waiting until it ended (writes p99 1.5 s in bench:registry).
    await new Promise((resolve) => setImmediate(resolve));
  }
}

interface Step {
  member: PolicyMemberRow | null;
  entry?: { action: ChangelogAction; reason: string };
}

/**
 * Where a server goes in a view: admitted, queued for approval, or out, and what the changelog says.
 * Evidence moves it: a rule it stops meeting drops it; with pinToolSets a new tool set drops it until
 * the owner approves that hash.
 */
function nextStep(
  view: PolicyViewRow,
  rules: PolicyRules,
  member: PolicyMemberRow | undefined,
  candidate: Candidate,
  at: string,
): Step {
  const hash = candidate.evidence.toolSetHash;
  if (candidate.unmet.length > 0)
    return member?.state === 'admitted'
      ? { member: null, entry: { action: 'dropped', reason: candidate.unmet.join('; ') } }
      : { member: null };
  if (!member)
    return view.approval === 'manual'
      ? {
          member: {
            view_id: view.id,
            agent_id: candidate.row.id,
            state: 'queued',
            pinned_hash: null,
            queued_hash: hash,
            reason: WAITING,
            since: at,
          },
        }
      : {
          member: {
            view_id: view.id,
            agent_id: candidate.row.id,
            state: 'admitted',
            pinned_hash: hash,
            queued_hash: null,
            reason: null,
            since: at,
          },
          entry: { action: 'added', reason: 'Meets the view’s rules' },
        };
  if (member.state === 'queued') return { member: { ...member, queued_hash: hash } };
  if (member.pinned_hash !== hash) {
    if (!rules.pinToolSets) return { member: { ...member, pinned_hash: hash } };
    const reason = `Its tool set changed from ${short(member.pinned_hash)} to ${short(hash)}`;
    return {
      member: {
        ...member,
        state: 'queued',
        queued_hash: hash,
        reason: `${reason}: approve to pin it`,
        since: at,
      },
      entry: { action: 'dropped', reason },
    };
  }
  return { member };
}

const sameMember = (a: PolicyMemberRow | null | undefined, b: PolicyMemberRow | null) =>
  (a ?? null) === b ||
  (a !== undefined &&
    a !== null &&
    b !== null &&
    a.state === b.state &&
    a.pinned_hash === b.pinned_hash &&
    a.queued_hash === b.queued_hash &&
    a.reason === b.reason);

async function signEntry(
  deps: PoliciesDeps,
  view: PolicyViewRow,
  entry: { at: string; serverName: string; action: ChangelogAction; reason: string },
) {
  const { jws } = await signPayload(deps.signing, canonicalize({ view: view.slug, ...entry })!, {
    typ: CHANGELOG_JWS_TYPE,
  });
  return {
    view_id: view.id,
    at: entry.at,
    server_name: entry.serverName,
    action: entry.action,
    reason: entry.reason,
    jws,
  };
}

/**
 * Evaluates a view against today's evidence and writes what moved: members, and a signed changelog
 * entry for each addition and drop. One instance at a time (a lease on the view); false when another
 * holds it.
 */
export async function evaluateView(deps: PoliciesDeps, view: PolicyViewRow): Promise<boolean> {
  const now = Date.now();
  if (
    !(await deps.policies.claimEvaluation(
      view.id,
      new Date(now).toISOString(),
      new Date(now + EVALUATION_LEASE_MS).toISOString(),
    ))
  )
    return false;
  try {
    const at = new Date().toISOString();
    const rules = readRules(view);
    const members = new Map(
      (await deps.policies.members(view.id)).map((member) => [member.agent_id, member]),
    );
    const writes: Array<{ agentId: number; member: PolicyMemberRow | null }> = [];
    const entries: Array<{ at: string; serverName: string; action: ChangelogAction; reason: string }> = [];
    const seen = new Set<number>();
    for await (const candidate of candidates(deps, rules)) {
      seen.add(candidate.row.id);
      const current = members.get(candidate.row.id);
      const step = nextStep(view, rules, current, candidate, at);
      if (!sameMember(current, step.member)) writes.push({ agentId: candidate.row.id, member: step.member });
      if (step.entry) entries.push({ at, serverName: candidate.name, ...step.entry });
    }
    for (const [agentId, member] of members) {
      if (seen.has(agentId)) continue;
      writes.push({ agentId, member: null });
      if (member.state === 'admitted')
        entries.push({
          at,
          serverName: await nameOfAgent(deps, agentId),
          action: 'dropped',
          reason: 'No longer listed with an MCP endpoint',
        });
    }
    // Signed before the transaction: the first signature may store the first key.
    const signed: Array<Awaited<ReturnType<typeof signEntry>>> = [];
    for (const entry of entries) signed.push(await signEntry(deps, view, entry));
    await deps.db.kysely.transaction().execute(async (trx) => {
      await deps.policies.upsertMembers(
        writes.flatMap((write) => (write.member ? [write.member] : [])),
        trx,
      );
      await deps.policies.deleteMembers(
        view.id,
        writes.filter((write) => write.member === null).map((write) => write.agentId),
        trx,
      );
      await deps.policies.insertChangelog(signed, trx);
      await deps.policies.finishEvaluation(view.id, at, trx);
    });
    return true;
  } catch (error) {
    await deps.policies.releaseEvaluation(view.id);
    throw error;
  }
}

/** The name a server had, for a changelog entry about a listing gone from the catalogue's servers. */
async function nameOfAgent(deps: PoliciesDeps, agentId: number): Promise<string> {
  const parts = await deps.registry.findNameParts(agentId);
  return parts ? serverName(deps, parts) : `agent ${agentId}`;
}

/** Every view, each by the instance that gets its lease: what the evaluator runs every minute. */
export async function evaluateAllViews(deps: PoliciesDeps): Promise<number> {
  let evaluated = 0;
  for (const { slug } of await deps.policies.listIds()) {
    const view = await deps.policies.findBySlug(slug);
    if (view && (await evaluateView(deps, view))) evaluated += 1;
  }
  return evaluated;
}

/** POST /api/policies: the view, evaluated at once. */
export async function createPolicy(
  deps: PoliciesDeps,
  user: Actor,
  input: CreatePolicyInput,
): Promise<Policy> {
  const at = new Date().toISOString();
  const row = await deps.policies.insert({
    slug: input.slug,
    name: input.name,
    owner_id: user.id,
    rules: JSON.stringify(input.rules),
    approval: input.approval,
    created_at: at,
    updated_at: at,
  });
  if (!row) throw conflict(`The policy view ${input.slug} exists already: choose another slug.`);
  await evaluateView(deps, row);
  return (await present(deps, [(await deps.policies.findBySlug(row.slug))!]))[0]!;
}

export async function listPolicies(deps: PoliciesDeps, user: Actor) {
  return { policies: await present(deps, await deps.policies.listByOwner(user.id)) };
}

export async function getPolicy(deps: PoliciesDeps, user: Actor, slug: string): Promise<Policy> {
  return (await present(deps, [await ownViewOr404(deps, user, slug)]))[0]!;
}

/** PUT /api/policies/{slug}: new rules take effect at once. */
export async function updatePolicy(
  deps: PoliciesDeps,
  user: Actor,
  slug: string,
  input: UpdatePolicyInput,
): Promise<Policy> {
  const view = await ownViewOr404(deps, user, slug);
  const row = await deps.policies.update(view.id, {
    name: input.name,
    rules: JSON.stringify(input.rules),
    approval: input.approval,
    updated_at: new Date().toISOString(),
  });
  await evaluateView(deps, row);
  return (await present(deps, [(await deps.policies.findBySlug(row.slug))!]))[0]!;
}

export async function deletePolicy(deps: PoliciesDeps, user: Actor, slug: string): Promise<void> {
  await deps.policies.delete((await ownViewOr404(deps, user, slug)).id);
}

/**
 * GET /api/policies/{slug}/preview: where each server stands in the view today and why, computed from
 * the evidence now (what the next evaluation will write).
 */
export async function previewPolicy(deps: PoliciesDeps, user: Actor, slug: string): Promise<PolicyPreview> {
  const view = await ownViewOr404(deps, user, slug);
  const rules = readRules(view);
  const members = new Map((await deps.policies.members(view.id)).map((member) => [member.agent_id, member]));
  const at = new Date().toISOString();
  const included: PreviewEntry[] = [];
  const excluded: PreviewEntry[] = [];
  for await (const candidate of candidates(deps, rules)) {
    const { member } = nextStep(view, rules, members.get(candidate.row.id), candidate, at);
    const entry = {
      name: candidate.name,
      title: candidate.row.name,
      agentUrl: candidate.evidence.url,
      state: member?.state ?? ('excluded' as const),
      reasons: member ? (member.state === 'queued' ? [member.reason ?? WAITING] : []) : candidate.unmet,
    };
    (member ? included : excluded).push(entry);
  }
  included.sort((a, b) => (a.state === b.state ? 0 : a.state === 'queued' ? -1 : 1));
  return {
    admitted: included.filter((entry) => entry.state === 'admitted').length,
    queued: included.filter((entry) => entry.state === 'queued').length,
    excluded: excluded.length,
    servers: [...included, ...excluded].slice(0, PREVIEW_SHOWN),
  };
}

/**
 * POST /api/policies/{slug}/approve: a queued server joins the view with the tool set it has now
 * ("approved" for a new addition, "pinned" for a changed tool set), if it still meets the rules.
 */
export async function approveServer(
  deps: PoliciesDeps,
  user: Actor,
  slug: string,
  name: string,
): Promise<Policy> {
  const view = await ownViewOr404(deps, user, slug);
  const rules = readRules(view);
  const row = await findServer(deps, name).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') return undefined;
    throw error;
  });
  const found = row && (await candidateOf(deps, rules, row));
  const member =
    found && (await deps.policies.members(view.id)).find((entry) => entry.agent_id === found.row.id);
  if (!found || member?.state !== 'queued') throw notFound(`${name} is not waiting in this view’s queue.`);
  if (found.unmet.length > 0)
    throw conflict(`${name} no longer meets the view’s rules: ${found.unmet.join('; ')}.`);
  const at = new Date().toISOString();
  const hash = found.evidence.toolSetHash;
  const action: ChangelogAction = member.pinned_hash === null ? 'approved' : 'pinned';
  const reason =
    action === 'approved' ? 'Approved by the view’s owner' : `The owner approved tool set ${short(hash)}`;
  const entry = await signEntry(deps, view, { at, serverName: name, action, reason });
  await deps.db.kysely.transaction().execute(async (trx) => {
    await deps.policies.upsertMembers(
      [{ ...member, state: 'admitted', pinned_hash: hash, queued_hash: null, reason: null, since: at }],
      trx,
    );
    await deps.policies.insertChangelog([entry], trx);
  });
  return getPolicy(deps, user, slug);
}

/** GET /p/{slug}/changelog: newest first. */
export async function policyChangelog(deps: PoliciesDeps, slug: string): Promise<Changelog> {
  const view = await viewOr404(deps, slug);
  return {
    entries: (await deps.policies.changelog(view.id)).map((row) => ({
      at: row.at,
      serverName: row.server_name,
      action: row.action,
      reason: row.reason,
      jws: row.jws,
    })),
  };
}
