import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseAgentRef } from '../../src/server/features/agents/agent-lookup.js';
import {
  agentActions,
  authorizeAgent,
  authorizeOwned,
  can,
  canOwned,
  checkOwnerOnlyRoute,
  ownerOnly,
  type AgentAction,
} from '../../src/server/policies/index.js';
import { AppError } from '../../src/server/errors.js';

const owner = { id: 7, role: 'user' as const };
const stranger = { id: 8, role: 'user' as const };
const admin = { id: 9, role: 'admin' as const };

/**
 * Who may do what, written out by hand: for each action, which of signed-out, stranger, owner and
 * admin may, on a published listing and on one not yet published (pending; rejected is the same).
 * A = anonymous, S = stranger, O = owner, D = admin.
 */
const table: Record<AgentAction, { published: string; pending: string }> = {
  read: { published: 'ASOD', pending: '' },
  'view-record': { published: 'ASOD', pending: 'OD' },
  'view-status': { published: 'OD', pending: 'OD' },
  edit: { published: 'O', pending: 'O' },
  probe: { published: 'OD', pending: '' },
  claim: { published: 'O', pending: 'O' },
  'check-claim': { published: 'OD', pending: 'OD' },
  appeal: { published: 'O', pending: 'O' },
  reply: { published: 'O', pending: '' },
  'view-metrics': { published: 'OD', pending: 'OD' },
  'view-history': { published: 'OD', pending: 'OD' },
  subscribe: { published: 'O', pending: 'O' },
};

const actors = { A: null, S: stranger, O: owner, D: admin };

describe('can', () => {
  it('covers every action in the table', () => {
    expect(Object.keys(table).sort()).toEqual([...agentActions].sort());
  });

  for (const action of agentActions)
    for (const status of ['published', 'pending', 'rejected'] as const)
      it(`${action} on a ${status} listing`, () => {
        const allowed = table[action][status === 'published' ? 'published' : 'pending'];
        for (const [letter, actor] of Object.entries(actors))
          expect(can(actor, action, { owner_id: owner.id, status }), `${letter}`).toBe(
            allowed.includes(letter),
          );
      });

  it('gives a listing without an owner to nobody but admins, where the action lets admins', () => {
    const orphan = { owner_id: null, status: 'pending' as const };
    expect(can(stranger, 'edit', orphan)).toBe(false);
    expect(can(admin, 'edit', orphan)).toBe(false);
    expect(can(admin, 'view-status', orphan)).toBe(true);
  });
});

describe('authorizeAgent', () => {
  it('answers the agent when allowed, and 404 both when it is missing and when it is not yours', () => {
    const agent = { id: 1, owner_id: owner.id, status: 'published' as const };
    expect(authorizeAgent(owner, 'edit', agent)).toBe(agent);
    for (const [actor, given] of [
      [stranger, agent],
      [owner, null],
    ] as const) {
      let thrown: unknown;
      try {
        authorizeAgent(actor, 'edit', given);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AppError);
      expect((thrown as AppError).status).toBe(404);
      expect((thrown as AppError).message).toBe('Agent not found');
    }
    expect(() => authorizeAgent(stranger, 'reply', agent, 'Review not found')).toThrow('Review not found');
  });
});

describe('canOwned and authorizeOwned', () => {
  it('give a person’s row to that person, and to an admin only where the action says', () => {
    for (const action of ['draft', 'webhook', 'upload', 'favorite', 'notification', 'edit-review'] as const) {
      expect(canOwned(owner, action, owner.id), action).toBe(true);
      expect(canOwned(stranger, action, owner.id), action).toBe(false);
      expect(canOwned(admin, action, owner.id), action).toBe(false);
      expect(canOwned(null, action, owner.id), action).toBe(false);
    }
    expect(canOwned(admin, 'delete-review', owner.id)).toBe(true);
    expect(canOwned(stranger, 'delete-review', owner.id)).toBe(false);
    expect(canOwned(stranger, 'draft', null)).toBe(false);
  });

  it('answer 404 with the row’s own message for someone else’s row and for none', () => {
    const draft = { id: 3, user_id: owner.id };
    expect(authorizeOwned(owner, 'draft', draft, (row) => row.user_id, 'Draft not found')).toBe(draft);
    expect(() => authorizeOwned(stranger, 'draft', draft, (row) => row.user_id, 'Draft not found')).toThrow(
      'Draft not found',
    );
    expect(() =>
      authorizeOwned(owner, 'draft', null, (row: typeof draft) => row.user_id, 'Draft not found'),
    ).toThrow('Draft not found');
  });
});

describe('parseAgentRef', () => {
  it('reads digits as an id, anything else as a lower-case slug, and no id past the column', () => {
    expect(parseAgentRef(42)).toEqual({ id: 42 });
    expect(parseAgentRef('42')).toEqual({ id: 42 });
    expect(parseAgentRef('Code-Reviewer')).toEqual({ slug: 'code-reviewer' });
    expect(parseAgentRef('42abc')).toEqual({ slug: '42abc' });
    expect(parseAgentRef('2147483647')).toEqual({ id: 2_147_483_647 });
    expect(parseAgentRef('2147483648')).toBeNull();
    expect(parseAgentRef('99999999999999999999999')).toBeNull();
  });
});

describe('the owner-only marker', () => {
  it('carries the policy’s rule for the action', () => {
    expect(ownerOnly('probe')['x-owner-only']).toEqual({
      action: 'probe',
      in: 'path',
      name: 'id',
      names: 'agent',
      admin: true,
      publishedOnly: true,
    });
    expect(ownerOnly('delete-review')['x-owner-only']).toEqual({
      action: 'delete-review',
      in: 'path',
      name: 'id',
      names: 'review',
      admin: true,
      publishedOnly: false,
    });
    expect(ownerOnly('subscribe', { in: 'body', name: 'agentId' })['x-owner-only']).toMatchObject({
      in: 'body',
      name: 'agentId',
      admin: false,
      publishedOnly: false,
    });
  });

  it('keeps a marked route from starting unless it documents 401 and 404 and not 403', () => {
    const route = (statuses: number[]) =>
      ({
        method: 'POST',
        url: '/api/agents/:id/probe',
        handler: () => undefined,
        schema: {
          ...ownerOnly('probe'),
          response: Object.fromEntries(statuses.map((status) => [status, {}])),
        },
      }) as unknown as RouteOptions;
    expect(() => checkOwnerOnlyRoute(route([200, 401, 404]))).not.toThrow();
    expect(() => checkOwnerOnlyRoute(route([200, 401, 403, 404]))).toThrow(/403/);
    expect(() => checkOwnerOnlyRoute(route([200, 404]))).toThrow(/401/);
    expect(() =>
      checkOwnerOnlyRoute({ method: 'GET', url: '/x', handler: () => undefined } as RouteOptions),
    ).not.toThrow();
  });
});
