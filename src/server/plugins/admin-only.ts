import type { FastifyRequest } from 'fastify';

/**
 * The one admin guard: an `onRequest` hook that an admin route plugin registers
 * (`app.addHook('onRequest', adminOnly)`), or a single admin route lists (`onRequest: adminOnly`),
 * so the role is checked before the body is parsed or anything is read. 401 without a session,
 * 403 for anyone but an administrator.
 */
export async function adminOnly(request: FastifyRequest): Promise<void> {
  request.server.requireAdmin(request);
}
