/**
 * Resolves once the event loop has run what waits on it (requests, timers): long background work on
 * the request thread (better-sqlite3 answers there) goes a step at a time between these.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
