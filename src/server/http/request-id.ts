import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** A caller's own `x-request-id` when it is a plain token, so traces join up; a new UUID otherwise. */
export function requestIdFor(headers: IncomingHttpHeaders): string {
  const incoming = headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}
