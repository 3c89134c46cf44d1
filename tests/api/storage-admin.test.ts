import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentDetail } from '../../src/shared/api/agents.js';
import type { AdminStorageResponse, UploadedFile } from '../../src/shared/api/storage.js';
import { factories } from '../support/factories.js';
import { signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let f: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await createTestApp();
  f = factories(t.app);
});
afterAll(() => t.close());

/** Moves on with every person, so each test's GitHub accounts, logins and images are its own. */
let counter = 0;
const person = (role: 'user' | 'admin' = 'user') => {
  counter += 1;
  return signUpPerson(t, role);
};

async function upload(cookie: string, size = 32): Promise<UploadedFile> {
  const png = await sharp({
    create: { width: size, height: size, channels: 3, background: { r: counter * 10, g: 0, b: 0 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
  const response = await t.request('/api/uploads', { method: 'POST', body: form, headers: { cookie } });
  expect(response.status).toBe(201);
  return (await response.json()) as UploadedFile;
}

const DAY = 24 * 60 * 60 * 1000;
async function age(fileId: number, ms: number) {
  await t.app.db.kysely
    .updateTable('files')
    .set({ created_at: new Date(Date.now() - ms).toISOString() })
    .where('id', '=', fileId)
    .execute();
}

async function addDraft(userId: number, fileId: number) {
  const now = new Date().toISOString();
  await t.app.db.kysely
    .insertInto('drafts')
    .values({
      user_id: userId,
      data: JSON.stringify({ logoFileId: fileId }),
      logo_file_id: fileId,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

async function addPendingRevision(agentId: number, authorId: number, fileId: number) {
  await t.app.db.kysely
    .insertInto('agent_revisions')
    .values({
      agent_id: agentId,
      author_id: authorId,
      data: JSON.stringify({ logoFileId: fileId }),
      logo_file_id: fileId,
      status: 'pending',
      reason: null,
      created_at: new Date().toISOString(),
      decided_at: null,
      decided_by: null,
    })
    .execute();
}

const list = async (cookie: string, query = '') => {
  const response = await t.request(`/api/admin/storage${query}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as AdminStorageResponse;
};

describe('storage administration', () => {
  it('answers 401 signed out and 403 for a non-admin on every call', async () => {
    const { cookie } = await person();
    const calls: Array<[string, string]> = [
      ['GET', '/api/admin/storage'],
      ['DELETE', '/api/admin/storage/1'],
      ['POST', '/api/admin/storage/cleanup'],
    ];
    for (const [method, path] of calls) {
      expect((await t.request(path, { method })).status, `${method} ${path}`).toBe(401);
      expect((await t.request(path, { method, headers: { cookie } })).status, `${method} ${path}`).toBe(403);
    }
  });

  it('lists files newest first with owner, size, the agents using them, drafts and orphans, and usage', async () => {
    const admin = await person('admin');
    const owner = await person();
    const orphan = await upload(owner.cookie, 20);
    const logo = await upload(owner.cookie, 30);
    const revisionLogo = await upload(owner.cookie, 40);
    const draftLogo = await upload(owner.cookie, 50);
    const agent = await f.createAgent({
      owner_id: owner.user.id,
      name: 'Logo Agent',
      logo_file_id: logo.id,
      logo_url: logo.url,
    });
    const edited = await f.createAgent({ owner_id: owner.user.id, name: 'Edited Agent' });
    await addPendingRevision(edited.id, owner.user.id, revisionLogo.id);
    await addDraft(owner.user.id, draftLogo.id);
    await age(orphan.id, 2 * DAY);

    const page = await list(admin.cookie);
    expect(page.files.map((file) => file.id)).toEqual([draftLogo.id, revisionLogo.id, logo.id, orphan.id]);
    expect(page).toMatchObject({ totalCount: 4, totalPages: 1, currentPage: 1 });
    const byId = new Map(page.files.map((file) => [file.id, file]));
    expect(byId.get(logo.id)).toMatchObject({
      url: logo.url,
      size: logo.size,
      contentType: 'image/webp',
      owner: { id: owner.user.id, email: owner.email },
      usedBy: [{ id: agent.id, slug: agent.slug, name: 'Logo Agent' }],
      inDraft: false,
      orphan: false,
    });
    expect(byId.get(logo.id)!.owner!.displayName).toBeTruthy();
    expect(byId.get(revisionLogo.id)).toMatchObject({
      usedBy: [{ id: edited.id, slug: edited.slug, name: 'Edited Agent' }],
      orphan: false,
    });
    expect(byId.get(draftLogo.id)).toMatchObject({ usedBy: [], inDraft: true, orphan: false });
    expect(byId.get(orphan.id)).toMatchObject({ usedBy: [], inDraft: false, orphan: true });

    const total = [orphan, logo, revisionLogo, draftLogo].reduce((sum, file) => sum + file.size, 0);
    expect(page.usage).toEqual({
      fileCount: 4,
      totalBytes: total,
      orphanCount: 1,
      orphanBytes: orphan.size,
      removableCount: 1,
    });
    expect(page.info).toMatchObject({ driver: 'local', limits: { maxBytes: 1024 * 1024 } });

    const orphans = await list(admin.cookie, '?orphans=true');
    expect(orphans.files.map((file) => file.id)).toEqual([orphan.id]);
    expect(orphans.totalCount).toBe(1);
    const used = await list(admin.cookie, '?orphans=false');
    expect(used.files.map((file) => file.id)).toEqual([draftLogo.id, revisionLogo.id, logo.id]);

    const bad = await t.request('/api/admin/storage?page=0', { headers: { cookie: admin.cookie } });
    expect(bad.status).toBe(400);
  });

  it('pages 20 files at a time', async () => {
    const admin = await person('admin');
    const before = (await list(admin.cookie)).totalCount;
    const now = Date.now();
    await t.app.db.kysely
      .insertInto('files')
      .values(
        Array.from({ length: 21 }, (_, i) => ({
          owner_id: null,
          storage_key: `paging${String(i).padStart(4, '0')}${counter}.webp`,
          content_type: 'image/webp',
          size: 100,
          width: 10,
          height: 10,
          original_name: null,
          // Newer than everything else, so they fill page 1.
          created_at: new Date(now + 60_000 + i * 1000).toISOString(),
        })),
      )
      .execute();
    const first = await list(admin.cookie);
    expect(first.files).toHaveLength(20);
    expect(first.totalCount).toBe(before + 21);
    expect(first.totalPages).toBe(Math.ceil((before + 21) / 20));
    expect(first.files[0]!.owner).toBeNull();
    const second = await list(admin.cookie, '?page=2');
    expect(second.currentPage).toBe(2);
    expect(second.files[0]!.url).toBe(`/uploads/paging0000${counter}.webp`);
    await t.app.db.kysely.deleteFrom('files').where('storage_key', 'like', 'paging%').execute();
  });

  it('deletes a file: gone from disk, and the listing that used it loses its logo', async () => {
    const admin = await person('admin');
    const owner = await person();
    const logo = await upload(owner.cookie);
    const agent = await f.createAgent({ owner_id: owner.user.id, logo_file_id: logo.id, logo_url: logo.url });
    const shown = (await (await t.request(`/api/agents/${agent.slug}`)).json()) as AgentDetail;
    expect(shown.logoUrl).toBe(logo.url);

    const response = await t.request(`/api/admin/storage/${logo.id}`, {
      method: 'DELETE',
      headers: { cookie: admin.cookie },
    });
    expect(response.status).toBe(204);
    expect((await t.request(logo.url)).status).toBe(404);
    const after = (await (await t.request(`/api/agents/${agent.slug}`)).json()) as AgentDetail;
    expect(after.logoUrl).toBeNull();
    const row = await t.app.db.kysely
      .selectFrom('agents')
      .select(['logo_file_id', 'logo_url'])
      .where('id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ logo_file_id: null, logo_url: null });

    const again = await t.request(`/api/admin/storage/${logo.id}`, {
      method: 'DELETE',
      headers: { cookie: admin.cookie },
    });
    expect(again.status).toBe(404);
  });

  it('cleans up only orphans older than a day', async () => {
    const admin = await person('admin');
    const owner = await person();
    const oldOrphan = await upload(owner.cookie);
    const youngOrphan = await upload(owner.cookie);
    const oldLogo = await upload(owner.cookie);
    const oldDraft = await upload(owner.cookie);
    const oldRevision = await upload(owner.cookie);
    await f.createAgent({ owner_id: owner.user.id, logo_file_id: oldLogo.id, logo_url: oldLogo.url });
    const edited = await f.createAgent({ owner_id: owner.user.id });
    await addPendingRevision(edited.id, owner.user.id, oldRevision.id);
    await addDraft(owner.user.id, oldDraft.id);
    for (const file of [oldOrphan, oldLogo, oldDraft, oldRevision]) await age(file.id, DAY + 60_000);
    await age(youngOrphan.id, DAY - 60_000);

    const before = await list(admin.cookie);
    const response = await t.request('/api/admin/storage/cleanup', {
      method: 'POST',
      headers: { cookie: admin.cookie },
    });
    expect(response.status).toBe(200);
    const result = (await response.json()) as { removed: number; freedBytes: number };
    // The orphan from the listing test above is two days old too.
    expect(result.removed).toBe(before.usage.removableCount);
    expect(result.removed).toBeGreaterThanOrEqual(1);
    expect(result.freedBytes).toBeGreaterThanOrEqual(oldOrphan.size);

    expect((await t.request(oldOrphan.url)).status).toBe(404);
    for (const kept of [youngOrphan, oldLogo, oldDraft, oldRevision])
      expect((await t.request(kept.url)).status, kept.url).toBe(200);
    const remaining = await t.app.db.kysely
      .selectFrom('files')
      .select('id')
      .where('id', 'in', [oldOrphan.id, youngOrphan.id, oldLogo.id, oldDraft.id, oldRevision.id])
      .execute();
    expect(remaining.map((row) => row.id).sort((a, b) => a - b)).toEqual(
      [youngOrphan.id, oldLogo.id, oldDraft.id, oldRevision.id].sort((a, b) => a - b),
    );
    expect((await list(admin.cookie)).usage.removableCount).toBe(0);

    const nothing = (await (
      await t.request('/api/admin/storage/cleanup', { method: 'POST', headers: { cookie: admin.cookie } })
    ).json()) as { removed: number; freedBytes: number };
    expect(nothing).toEqual({ removed: 0, freedBytes: 0 });
  });
});
