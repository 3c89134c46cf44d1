import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sends from another site (DESIGN section 6).
 * Clients that send no Origin (curl, server-to-server) are not browsers riding a cookie, so they pass.
 */
async function originCheck(app: FastifyInstance) {
  const allowed = new URL(app.config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (request.headers['sec-fetch-site'] === 'cross-site')
      throw forbidden('Cross-site requests are not allowed.');
    if (!origin) return;
    const sameHost = (() => {
      try {
        return new URL(origin).host === request.headers.host;
      } catch {
        return false;
      }
    })();
    if (origin !== allowed && !sameHost) throw forbidden('Requests from another origin are not allowed.');
  });
}

export default fp(originCheck, { name: 'origin-check' });
