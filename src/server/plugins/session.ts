import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema.js';
import { forbidden, unauthenticated } from '../errors.js';
import { endSessions, isSessionLive } from '../features/auth/sessions.service.js';
import { nowIso } from '../lib/time.js';

/** A session lives at most this long, however active it is. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** last_active_at is written at most this often, so reads do not each cost a write. */
const ACTIVITY_WRITE_INTERVAL_MS = 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    sessionTokenHash: string | null;
  }
  interface FastifyInstance {
    sessionCookieName: string;
    /** Starts a new session for the user and sets its cookie (used at login and registration). */
    startSession(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void>;
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    requireUser(request: FastifyRequest): UserRow;
    requireAdmin(request: FastifyRequest): UserRow;
  }
}

/**
 * A readable companion of the httpOnly session cookie that says only "a session may exist", so the
 * client can skip asking for the current user when nobody is signed in (a 401 there would be a
 * console error in every signed-out visit).
 */
export const SESSION_HINT_COOKIE = 'aa_has_session';

/** The session cookie's name; `__Host-` pins it to this origin over https. */
export const sessionCookieNameFor = (secure: boolean) => (secure ? '__Host-aa_session' : 'aa_session');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Server-side sessions: an opaque random token in an httpOnly SameSite=Lax cookie,
 * stored hashed, ended after 30 idle minutes and after an absolute lifetime.
 */
async function sessions(app: FastifyInstance) {
  const secure = app.config.secureCookies;
  const cookieName = sessionCookieNameFor(secure);
  const deps = app.services.auth;
  const repo = deps.sessions;

  app.decorate('sessionCookieName', cookieName);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);

  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[cookieName];
    if (!token || !(request.url.startsWith('/api/') || request.url.startsWith('/ws'))) return;
    const tokenHash = hashToken(token);
    const row = await repo.findWithUser(tokenHash);
    const now = Date.now();
    if (!row || !isSessionLive(row, now)) {
      if (row) await endSessions(deps, { tokenHashes: [tokenHash] });
      reply.clearCookie(cookieName, { path: '/' });
      reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
      return;
    }
    if (now - Date.parse(row.last_active_at) > ACTIVITY_WRITE_INTERVAL_MS) {
      await repo.markActive(tokenHash, nowIso());
    }
    const { last_active_at: _lastActive, expires_at: _expires, ...user } = row;
    request.user = user;
    request.sessionTokenHash = tokenHash;
  });

  // A new token at every sign-in (the old one is ended), so a planted cookie never becomes a session.
  app.decorate('startSession', async (request: FastifyRequest, reply: FastifyReply, userId: number) => {
    if (request.sessionTokenHash) await endSessions(deps, { tokenHashes: [request.sessionTokenHash] });
    const userAgent = request.headers['user-agent'];
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    await repo.insert({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: new Date(now).toISOString(),
      last_active_at: new Date(now).toISOString(),
      expires_at: new Date(now + SESSION_ABSOLUTE_LIFETIME_MS).toISOString(),
      user_agent: userAgent?.slice(0, 300) ?? null,
    });
    request.sessionTokenHash = hashToken(token);
    reply.setCookie(cookieName, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: SESSION_ABSOLUTE_LIFETIME_MS / 1000,
    });
    reply.setCookie(SESSION_HINT_COOKIE, '1', {
      path: '/',
      httpOnly: false,
      sameSite: 'lax',
      secure,
      maxAge: SESSION_ABSOLUTE_LIFETIME_MS / 1000,
    });
  });

  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.sessionTokenHash) await endSessions(deps, { tokenHashes: [request.sessionTokenHash] });
    request.user = null;
    request.sessionTokenHash = null;
    reply.clearCookie(cookieName, { path: '/' });
    reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
  });

  app.decorate('requireUser', (request: FastifyRequest) => {
    if (!request.user) throw unauthenticated();
    return request.user;
  });

  app.decorate('requireAdmin', (request: FastifyRequest) => {
    const user = app.requireUser(request);
    if (user.role !== 'admin') throw forbidden('You need administrator privileges to do that.');
    return user;
  });
}

export default fp(sessions, { name: 'sessions' });
