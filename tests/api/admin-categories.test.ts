import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCategory, AdminCategoryList } from '../../src/shared/api/categories.js';
import type { AgentDetail } from '../../src/shared/api/agents.js';
import type { CategoryList } from '../../src/shared/api/categories.js';
import type { ErrorBody } from '../../src/shared/api/errors.js';
import { factories } from '../support/factories.js';
import { callApi, signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let f: ReturnType<typeof factories>;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  f = factories(t.app);
  admin = (await person('admin')).cookie;
});
afterAll(() => t.close());

const person = (role: 'user' | 'admin' = 'user') => signUpPerson(t, role);

const call = <T>(method: string, path: string, cookie: string | null, json?: unknown) =>
  callApi<T>(t, method, path, cookie, json);

const adminList = async () =>
  (await call<AdminCategoryList>('GET', '/api/admin/categories', admin)).body.categories;
const publicList = async () => (await call<CategoryList>('GET', '/api/categories', null)).body.categories;

describe('categories administration', () => {
  it('answers 401 signed out and 403 for a non-admin on every call', async () => {
    const { cookie } = await person();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/categories'],
      ['POST', '/api/admin/categories', { name: 'Sneaky' }],
      ['PUT', '/api/admin/categories/1', { name: 'Sneaky' }],
      ['PUT', '/api/admin/categories/order', { ids: [1] }],
      ['DELETE', '/api/admin/categories/1'],
    ];
    for (const [method, path, json] of calls) {
      expect((await call(method, path, null, json)).status, `${method} ${path}`).toBe(401);
      expect((await call(method, path, cookie, json)).status, `${method} ${path}`).toBe(403);
    }
  });

  it('creates a category last in the order, with a slug from its name, visible publicly at once', async () => {
    // Read first so the public answer is cached: the write must clear it.
    await publicList();
    const created = await call<AdminCategory>('POST', '/api/admin/categories', admin, {
      name: 'Legal Helpers',
      description: 'Agents for contracts and compliance',
      icon: 'scale',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      slug: 'legal-helpers',
      name: 'Legal Helpers',
      icon: 'scale',
      agentCount: 0,
      totalAgents: 0,
    });
    const list = await adminList();
    expect(list.at(-1)?.id).toBe(created.body.id);
    expect((await publicList()).map((category) => category.slug)).toContain('legal-helpers');

    const withSlug = await call<AdminCategory>('POST', '/api/admin/categories', admin, {
      name: 'Voice',
      slug: 'voice-agents',
    });
    expect(withSlug.body).toMatchObject({ slug: 'voice-agents', icon: 'tag', description: '' });
  });

  it('refuses a taken slug or name with 409 and bad input with 400', async () => {
    await call('POST', '/api/admin/categories', admin, { name: 'Taken Name' });
    const sameName = await call<ErrorBody>('POST', '/api/admin/categories', admin, {
      name: 'taken name',
      slug: 'other-slug',
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toBe('A category named “Taken Name” already exists.');
    const sameSlug = await call<ErrorBody>('POST', '/api/admin/categories', admin, {
      name: 'Another',
      slug: 'taken-name',
    });
    expect(sameSlug.status).toBe(409);
    const bad = await call<ErrorBody>('POST', '/api/admin/categories', admin, {
      name: 'x',
      slug: 'Not A Slug',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details ?? {})).toEqual(expect.arrayContaining(['name', 'slug']));
  });

  it('renames, describes and repositions a category', async () => {
    const category = await f.createCategory();
    const other = await f.createCategory();
    const updated = await call<AdminCategory>('PUT', `/api/admin/categories/${category.id}`, admin, {
      name: 'Renamed Category',
      description: 'Now with a description',
      icon: 'code',
      position: 7,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      slug: category.slug,
      name: 'Renamed Category',
      description: 'Now with a description',
      icon: 'code',
      position: 7,
    });
    expect((await publicList()).find((entry) => entry.id === category.id)?.name).toBe('Renamed Category');
    const clash = await call('PUT', `/api/admin/categories/${other.id}`, admin, { name: 'renamed category' });
    expect(clash.status).toBe(409);
    expect((await call('PUT', '/api/admin/categories/999999', admin, { name: 'Ghost' })).status).toBe(404);
  });

  it('reorders only with every category exactly once', async () => {
    const ids = (await adminList()).map((category) => category.id);
    const reversed = [...ids].reverse();
    const reordered = await call<AdminCategoryList>('PUT', '/api/admin/categories/order', admin, {
      ids: reversed,
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body.categories.map((category) => category.id)).toEqual(reversed);
    expect((await publicList()).map((category) => category.id)).toEqual(reversed);

    const missing = await call<ErrorBody>('PUT', '/api/admin/categories/order', admin, {
      ids: reversed.slice(1),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.details?.ids).toEqual(['List every category exactly once.']);
    const twice = await call('PUT', '/api/admin/categories/order', admin, {
      ids: [...reversed.slice(1), reversed[1]],
    });
    expect(twice.status).toBe(400);
    const unknown = await call('PUT', '/api/admin/categories/order', admin, {
      ids: [...reversed.slice(1), 999999],
    });
    expect(unknown.status).toBe(400);
  });

  it('deletes an empty category, and one with agents only by moving them', async () => {
    const empty = await f.createCategory();
    expect((await call('DELETE', `/api/admin/categories/${empty.id}`, admin)).status).toBe(204);
    expect((await call('DELETE', `/api/admin/categories/${empty.id}`, admin)).status).toBe(404);

    const full = await f.createCategory();
    const target = await f.createCategory();
    const live = await f.createAgent({ category: full });
    await f.createAgent({ category: full });
    await f.createAgent({ category: full, status: 'pending' });

    const refused = await call<ErrorBody>('DELETE', `/api/admin/categories/${full.id}`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: 'This category still has 3 agents. Move them to another category first.',
      details: { agentCount: ['3'] },
    });
    expect((await adminList()).find((entry) => entry.id === full.id)).toMatchObject({
      agentCount: 2,
      totalAgents: 3,
    });

    expect((await call('DELETE', `/api/admin/categories/${full.id}?moveTo=${full.slug}`, admin)).status).toBe(
      400,
    );
    expect((await call('DELETE', `/api/admin/categories/${full.id}?moveTo=no-such-one`, admin)).status).toBe(
      400,
    );

    const moved = await call('DELETE', `/api/admin/categories/${full.id}?moveTo=${target.slug}`, admin);
    expect(moved.status).toBe(204);
    const after = await adminList();
    expect(after.some((entry) => entry.id === full.id)).toBe(false);
    expect(after.find((entry) => entry.id === target.id)).toMatchObject({ agentCount: 2, totalAgents: 3 });
    expect((await call<AgentDetail>('GET', `/api/agents/${live.slug}`, null)).body.category.slug).toBe(
      target.slug,
    );
  });
});
