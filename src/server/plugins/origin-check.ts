import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a browser's `Origin` is ours: PUBLIC_URL's origin, or the very host the request was sent to (the
 * same site reached by another name, such as 127.0.0.1 for localhost). The websocket handshake uses it too.
 */
export function isOwnOrigin(origin: string, publicOrigin: string, host: string | undefined): boolean {
  if (origin === publicOrigin) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that reads no cookie and changes nothing (the MCP server): any site may call it. */
    crossOrigin?: boolean;
  }
}

/**
 * Refuses state-changing requests that a browser sends from another site.
 * Clients that send no Origin (curl, server-to-server) are not browsers riding a cookie, so they pass.
 */
async function originCheck(app: FastifyInstance) {
  const allowed = new URL(app.config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.crossOrigin) return;
    const origin = request.headers.origin;
    if (request.headers['sec-fetch-site'] === 'cross-site')
      throw forbidden('Cross-site requests are not allowed.');
    if (!origin) return;
    if (!isOwnOrigin(origin, allowed, request.headers.host))
      throw forbidden('Requests from another origin are not allowed.');
  });
}

export default fp(originCheck, { name: 'origin-check' });
