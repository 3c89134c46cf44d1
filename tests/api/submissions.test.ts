import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentDetail } from '../../src/shared/api/agents.js';
import type { ErrorBody } from '../../src/shared/api/errors.js';
import type { NotificationListResponse } from '../../src/shared/api/notifications.js';
import type {
  AgentStatusResponse,
  EditableAgent,
  OwnerAgentList,
  UpdateAgentResponse,
} from '../../src/shared/api/owner-agents.js';
import type { Draft, DraftFields, DraftList, SubmitDraftResponse } from '../../src/shared/api/submissions.js';
import { DRAFTS_MAX_PER_USER } from '../../src/shared/limits.js';
import { isUniqueViolation } from '../../src/server/db/unique-violation.js';
import { factories } from '../support/factories.js';
import { callApi, registerAndSignIn, signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let f: ReturnType<typeof factories>;
let category: Awaited<ReturnType<ReturnType<typeof factories>['createCategory']>>;
beforeAll(async () => {
  t = await createTestApp();
  f = factories(t.app);
  category = await f.createCategory({ slug: 'assistants', name: 'Assistants' });
});
afterAll(() => t.close());

const person = (role: 'user' | 'admin' = 'user') => signUpPerson(t, role);

function complete(overrides: DraftFields = {}): DraftFields {
  return {
    name: 'Research Buddy',
    tagline: 'Finds and summarises papers for you',
    description: 'Research Buddy reads the literature so you do not have to, and cites it.',
    category: 'assistants',
    tags: ['Research', 'papers', 'research'],
    websiteUrl: 'https://research-buddy.example',
    pricing: 'free',
    ...overrides,
  };
}

const call = <T>(method: string, path: string, cookie: string | null, json?: unknown) =>
  callApi<T>(t, method, path, cookie, json);

async function draftOf(cookie: string, fields: DraftFields) {
  const created = await call<Draft>('POST', '/api/drafts', cookie, fields);
  expect(created.status).toBe(201);
  return created.body;
}

async function submit(cookie: string, fields: DraftFields) {
  const draft = await draftOf(cookie, fields);
  return call<SubmitDraftResponse & ErrorBody>('POST', `/api/drafts/${draft.id}/submit`, cookie);
}

describe('drafts', () => {
  it('answer 401 signed out', async () => {
    expect((await call('GET', '/api/drafts', null)).status).toBe(401);
    expect((await call('POST', '/api/drafts', null, {})).status).toBe(401);
    expect((await call('PUT', '/api/drafts/1', null, {})).status).toBe(401);
    expect((await call('DELETE', '/api/drafts/1', null)).status).toBe(401);
    expect((await call('POST', '/api/drafts/1/submit', null)).status).toBe(401);
  });

  it('are created, listed newest first, merged on update and deleted', async () => {
    const { cookie } = await person();
    const first = await draftOf(cookie, { name: 'Half typed', tags: ['a'] });
    expect(first).toMatchObject({ name: 'Half typed', tagline: null, tags: ['a'], logoUrl: null });
    const second = await draftOf(cookie, { tagline: 'Second' });

    const updated = await call<Draft>('PUT', `/api/drafts/${first.id}`, cookie, {
      tagline: 'Now with a tagline',
      tags: null,
    });
    expect(updated.status).toBe(200);
    // Keys left out stay, keys given as null are cleared.
    expect(updated.body).toMatchObject({ name: 'Half typed', tagline: 'Now with a tagline', tags: [] });

    const list = await call<DraftList>('GET', '/api/drafts', cookie);
    expect(list.body.drafts.map((draft) => draft.id)).toEqual([first.id, second.id]);
    expect((await call<Draft>('GET', `/api/drafts/${second.id}`, cookie)).body.tagline).toBe('Second');

    expect((await call('DELETE', `/api/drafts/${second.id}`, cookie)).status).toBe(204);
    expect((await call('GET', `/api/drafts/${second.id}`, cookie)).status).toBe(404);
    expect((await call('DELETE', `/api/drafts/${second.id}`, cookie)).status).toBe(404);
  });

  it('hide someone else’s draft behind 404', async () => {
    const owner = await person();
    const other = await person();
    const draft = await draftOf(owner.cookie, complete());
    for (const [method, path] of [
      ['GET', `/api/drafts/${draft.id}`],
      ['PUT', `/api/drafts/${draft.id}`],
      ['DELETE', `/api/drafts/${draft.id}`],
      ['POST', `/api/drafts/${draft.id}/submit`],
    ] as const)
      expect(
        (await call(method, path, other.cookie, method === 'PUT' ? { name: 'Mine now' } : undefined)).status,
      ).toBe(404);
    expect((await call<DraftList>('GET', '/api/drafts', other.cookie)).body.drafts).toEqual([]);
    expect((await call<Draft>('GET', `/api/drafts/${draft.id}`, owner.cookie)).body.name).toBe(
      'Research Buddy',
    );
  });

  it('accept only a logo the user uploaded, and show its address', async () => {
    const { cookie, user } = await person();
    const mine = await f.createFile({ id: user.id });
    const theirs = await f.createFile(await f.createUser());
    const draft = await draftOf(cookie, { logoFileId: mine.id });
    expect(draft).toMatchObject({ logoFileId: mine.id, logoUrl: `/uploads/${mine.storage_key}` });

    const refused = await call<ErrorBody>('PUT', `/api/drafts/${draft.id}`, cookie, {
      logoFileId: theirs.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details?.logoFileId).toEqual(['The logo must be an image you uploaded']);
    const missing = await call<ErrorBody>('POST', '/api/drafts', cookie, { logoFileId: 999_999 });
    expect(missing.status).toBe(400);
    expect(missing.body.details?.logoFileId).toEqual(['The logo must be an image you uploaded']);

    const cleared = await call<Draft>('PUT', `/api/drafts/${draft.id}`, cookie, { logoFileId: null });
    expect(cleared.body).toMatchObject({ logoFileId: null, logoUrl: null });
  });

  it('refuse bad types with per-field details', async () => {
    const { cookie } = await person();
    const response = await call<ErrorBody>('POST', '/api/drafts', cookie, { pricing: 'gratis', tags: 'x' });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.details ?? {})).toEqual(expect.arrayContaining(['pricing', 'tags']));
  });

  it(`stop at ${DRAFTS_MAX_PER_USER} drafts with a clear message`, async () => {
    const { cookie, user } = await person();
    const now = new Date().toISOString();
    await t.app.db.kysely
      .insertInto('drafts')
      .values(
        Array.from({ length: DRAFTS_MAX_PER_USER }, () => ({
          user_id: user.id,
          data: '{}',
          logo_file_id: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const refused = await call<ErrorBody>('POST', '/api/drafts', cookie, { name: 'One too many' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/at most 50 drafts/);
  });
});

describe('submitting a draft', () => {
  it('refuses missing fields with a message and details per field, keeping the draft', async () => {
    const { cookie } = await person();
    const draft = await draftOf(cookie, { name: 'X' });
    const response = await call<ErrorBody>('POST', `/api/drafts/${draft.id}/submit`, cookie);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Please fix the highlighted fields.');
    expect(response.body.details).toMatchObject({
      name: ['Name must be at least 2 characters'],
      tagline: ['Tagline is required'],
      description: ['Description is required'],
      category: ['Choose a category'],
      pricing: ['Choose a pricing model'],
      websiteUrl: ['Add a website or a repository URL so people can find your agent'],
    });
    expect((await call('GET', `/api/drafts/${draft.id}`, cookie)).status).toBe(200);
  });

  it('refuses addresses that are not http(s) and a category that does not exist', async () => {
    const { cookie } = await person();
    const response = await submit(
      cookie,
      complete({
        websiteUrl: 'javascript:alert(1)',
        repoUrl: 'ftp://example.com/agent',
        docsUrl: 'data:text/html,hi',
        category: 'no-such-category',
      }),
    );
    expect(response.status).toBe(400);
    expect(response.body.details).toMatchObject({
      websiteUrl: ['Website must be a full http:// or https:// address'],
      repoUrl: ['Repository URL must be a full http:// or https:// address'],
      docsUrl: ['Documentation URL must be a full http:// or https:// address'],
    });
    const unknownCategory = await submit(cookie, complete({ category: 'no-such-category' }));
    expect(unknownCategory.status).toBe(400);
    expect(unknownCategory.body.details).toEqual({ category: ['Choose a category'] });
  });

  it('creates a pending agent with a unique slug, records the event, removes the draft and tells the admins', async () => {
    const admin = await person('admin');
    const { cookie, user } = await person();
    const logo = await f.createFile({ id: user.id });
    const draft = await draftOf(
      cookie,
      complete({
        name: 'Slug Twin',
        logoFileId: logo.id,
        repoUrl: 'https://github.com/Acme/Slug-Twin',
        license: 'MIT',
        githubStars: 42,
      }),
    );
    const submitted = await call<SubmitDraftResponse>('POST', `/api/drafts/${draft.id}/submit`, cookie);
    expect(submitted.status).toBe(201);
    expect(submitted.body.status).toBe('pending');
    expect((await call('GET', `/api/drafts/${draft.id}`, cookie)).status).toBe(404);

    const agent = await t.app.db.kysely
      .selectFrom('agents')
      .selectAll()
      .where('id', '=', submitted.body.agentId)
      .executeTakeFirstOrThrow();
    expect(agent).toMatchObject({
      slug: 'slug-twin',
      owner_id: user.id,
      status: 'pending',
      category_id: category.id,
      github_repo: 'acme/slug-twin',
      github_stars: 42,
      license: 'MIT',
      logo_file_id: logo.id,
      logo_url: `/uploads/${logo.storage_key}`,
      tags: JSON.stringify(['research', 'papers']),
    });
    expect(agent.reputation_score).toBeGreaterThan(0);
    // Not public while pending.
    expect((await call('GET', `/api/agents/${agent.slug}`, null)).status).toBe(404);

    const twin = await submit(cookie, complete({ name: 'Slug Twin', repoUrl: null }));
    expect(twin.status).toBe(201);
    const twinRow = await t.app.db.kysely
      .selectFrom('agents')
      .select('slug')
      .where('id', '=', twin.body.agentId)
      .executeTakeFirstOrThrow();
    expect(twinRow.slug).toBe('slug-twin-2');

    const status = await call<AgentStatusResponse>('GET', `/api/agents/${agent.id}/status`, cookie);
    expect(status.body.events.map((event) => event.kind)).toEqual(['submitted']);
    expect(status.body.agent).toMatchObject({ status: 'pending', name: 'Slug Twin', rejectionReason: null });

    const notices = await call<NotificationListResponse>('GET', '/api/notifications', admin.cookie);
    expect(notices.body.notifications).toContainEqual(
      expect.objectContaining({ type: 'other', title: 'New submission', link: '/admin/dashboard' }),
    );
  });

  it('keeps one live listing per repository in the database itself, beside any rejected ones', async () => {
    await f.createAgent({ github_repo: 'acme/enforced', status: 'rejected', category });
    await f.createAgent({ github_repo: 'acme/enforced', status: 'pending', category });
    // What two submissions racing past the service's own check on PostgreSQL would come to.
    const second = f.createAgent({ github_repo: 'acme/enforced', status: 'published', category });
    await expect(second).rejects.toSatisfy(isUniqueViolation);
  });

  it('refuses a repository that is already listed, naming the listing', async () => {
    await f.createAgent({ name: 'The Original', github_repo: 'acme/original', category });
    const { cookie } = await person();
    const byName = await submit(cookie, complete({ name: 'Copycat', githubRepo: 'ACME/Original' }));
    expect(byName.status).toBe(409);
    expect(byName.body.message).toBe('This repository is already listed as “The Original”.');
    const byUrl = await submit(
      cookie,
      complete({ name: 'Copycat', repoUrl: 'https://github.com/acme/original.git' }),
    );
    expect(byUrl.status).toBe(409);

    // A rejected listing does not hold the repository.
    await f.createAgent({
      name: 'Turned Down',
      github_repo: 'acme/turned-down',
      status: 'rejected',
      category,
    });
    expect(
      (await submit(cookie, complete({ name: 'Second Try', githubRepo: 'acme/turned-down' }))).status,
    ).toBe(201);
  });
});

describe('owners’ agents', () => {
  it('lists the owner’s agents in every status and counts them', async () => {
    const { cookie, user } = await person();
    expect((await call<OwnerAgentList>('GET', '/api/user/agents', cookie)).body.agents).toEqual([]);
    await f.createAgent({ owner_id: user.id, name: 'Live One', category });
    await f.createAgent({ owner_id: user.id, name: 'Waiting One', status: 'pending', category });
    await f.createAgent({
      owner_id: user.id,
      name: 'Refused One',
      status: 'rejected',
      rejection_reason: 'Not an agent.',
      category,
    });
    await f.createAgent({ name: 'Not mine', category });
    const list = await call<OwnerAgentList>('GET', '/api/user/agents', cookie);
    expect(list.body.agents.map((agent) => [agent.name, agent.status, agent.rejectionReason]).sort()).toEqual(
      [
        ['Live One', 'published', null],
        ['Refused One', 'rejected', 'Not an agent.'],
        ['Waiting One', 'pending', null],
      ],
    );
    expect((await call('GET', '/api/user/agents/count', cookie)).body).toEqual({ count: 3, hasAgents: true });
    expect((await call('GET', '/api/user/agents', null)).status).toBe(401);
  });

  it('shows the status to the owner and admins only', async () => {
    const owner = await person();
    const other = await person();
    const admin = await person('admin');
    const agent = await f.createAgent({ owner_id: owner.user.id, status: 'pending', category });
    expect((await call('GET', `/api/agents/${agent.id}/status`, owner.cookie)).status).toBe(200);
    expect((await call('GET', `/api/agents/${agent.id}/status`, admin.cookie)).status).toBe(200);
    expect((await call('GET', `/api/agents/${agent.id}/status`, other.cookie)).status).toBe(404);
    expect((await call('GET', `/api/agents/${agent.id}/status`, null)).status).toBe(401);
    expect((await call('GET', `/api/agents/999999/status`, owner.cookie)).status).toBe(404);
  });

  it('answers 404 for someone else’s agent on read and edit', async () => {
    const owner = await person();
    const other = await person();
    const agent = await f.createAgent({ owner_id: owner.user.id, category });
    expect((await call('GET', `/api/user/agents/${agent.id}`, other.cookie)).status).toBe(404);
    expect((await call('PUT', `/api/user/agents/${agent.id}`, other.cookie, complete())).status).toBe(404);
    expect((await call('PUT', `/api/user/agents/${agent.id}`, null, complete())).status).toBe(401);
    expect((await call('PUT', '/api/user/agents/abc', owner.cookie, complete())).status).toBe(400);
  });

  it('updates a pending agent in place', async () => {
    const { cookie, user } = await person();
    const agent = await f.createAgent({ owner_id: user.id, status: 'pending', category });
    const response = await call<UpdateAgentResponse>(
      'PUT',
      `/api/user/agents/${agent.id}`,
      cookie,
      complete({ name: 'Renamed While Waiting' }),
    );
    expect(response.body).toEqual({ agentId: agent.id, status: 'pending', outcome: 'updated' });
    const editable = await call<EditableAgent>('GET', `/api/user/agents/${agent.id}`, cookie);
    expect(editable.body.fields.name).toBe('Renamed While Waiting');
    expect(editable.body.pendingRevision).toBeNull();
  });

  it('sends a rejected agent back to the queue with the reason cleared', async () => {
    const { cookie, user } = await person();
    const agent = await f.createAgent({
      owner_id: user.id,
      status: 'rejected',
      rejection_reason: 'Needs a better description.',
      category,
    });
    const response = await call<UpdateAgentResponse>(
      'PUT',
      `/api/user/agents/${agent.id}`,
      cookie,
      complete(),
    );
    expect(response.body).toEqual({ agentId: agent.id, status: 'pending', outcome: 'resubmitted' });
    const status = await call<AgentStatusResponse>('GET', `/api/agents/${agent.id}/status`, cookie);
    expect(status.body.agent).toMatchObject({ status: 'pending', rejectionReason: null });
    expect(status.body.events.map((event) => event.kind)).toEqual(['resubmitted']);
  });

  it('keeps a published listing live while an edit waits as a revision', async () => {
    const { cookie, user } = await person();
    const agent = await f.createAgent({ owner_id: user.id, name: 'Stable Name', category });
    const response = await call<UpdateAgentResponse>(
      'PUT',
      `/api/user/agents/${agent.id}`,
      cookie,
      complete({ name: 'Proposed Name' }),
    );
    expect(response.body).toEqual({ agentId: agent.id, status: 'published', outcome: 'revision' });
    expect((await call<AgentDetail>('GET', `/api/agents/${agent.slug}`, null)).body.name).toBe('Stable Name');

    const editable = await call<EditableAgent>('GET', `/api/user/agents/${agent.id}`, cookie);
    expect(editable.body.fields.name).toBe('Proposed Name');
    expect(editable.body.pendingRevision).not.toBeNull();
    expect(editable.body.agent).toMatchObject({ name: 'Stable Name', hasPendingRevision: true });

    // A second edit replaces the first revision rather than queueing another.
    await call('PUT', `/api/user/agents/${agent.id}`, cookie, complete({ name: 'Better Name' }));
    const revisions = await t.app.db.kysely
      .selectFrom('agent_revisions')
      .select('data')
      .where('agent_id', '=', agent.id)
      .where('status', '=', 'pending')
      .execute();
    expect(revisions).toHaveLength(1);
    expect(JSON.parse(revisions[0]!.data)).toMatchObject({ name: 'Better Name' });
  });

  it('validates an edit like a submission, excluding the agent itself from the repository rule', async () => {
    const { cookie, user } = await person();
    const agent = await f.createAgent({ owner_id: user.id, github_repo: 'acme/mine', category });
    await f.createAgent({ name: 'Someone Else’s', github_repo: 'acme/theirs', category });

    const invalidEdit = await call<ErrorBody>('PUT', `/api/user/agents/${agent.id}`, cookie, {
      ...complete(),
      name: '',
      websiteUrl: 'javascript:alert(1)',
    });
    expect(invalidEdit.status).toBe(400);
    expect(invalidEdit.body.message).toBe('Please fix the highlighted fields.');
    expect(Object.keys(invalidEdit.body.details ?? {}).sort()).toEqual(['name', 'websiteUrl']);

    const duplicate = await call<ErrorBody>(
      'PUT',
      `/api/user/agents/${agent.id}`,
      cookie,
      complete({ githubRepo: 'acme/theirs' }),
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('This repository is already listed as “Someone Else’s”.');
    const own = await call(
      'PUT',
      `/api/user/agents/${agent.id}`,
      cookie,
      complete({ githubRepo: 'acme/mine' }),
    );
    expect(own.status).toBe(200);
  });
});

describe('submission rate limit', () => {
  it('answers 429 with Retry-After once a person submits too often', async () => {
    // A tiny multiplier leaves one submission per hour, so the second one is refused.
    const limited = await createTestApp({ RATE_LIMIT_MULTIPLIER: '0.01' });
    try {
      await factories(limited.app).createCategory({ slug: 'assistants', name: 'Assistants' });
      const cookie = await registerAndSignIn(limited, `limited-${Date.now()}@example.com`);
      const send = async () => {
        const draft = (await (
          await limited.request('/api/drafts', { method: 'POST', headers: { cookie }, json: complete() })
        ).json()) as Draft;
        return limited.request(`/api/drafts/${draft.id}/submit`, { method: 'POST', headers: { cookie } });
      };
      expect((await send()).status).toBe(201);
      const refused = await send();
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });
});
