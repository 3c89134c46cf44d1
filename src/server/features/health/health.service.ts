import type { HealthStatus, ReadinessChecks } from '../../../shared/api/health.js';
import { withTimeout } from '../../lib/with-timeout.js';

/** Each check gives up after this, so a probe with a 1-2 s timeout gets an answer naming what hangs. */
export const READINESS_CHECK_TIMEOUT_MS = 800;

export interface ReadinessDeps {
  /** Resolves when the database answers a trivial query. */
  pingDatabase(): Promise<void>;
  /** True when every migration has been applied. */
  isSchemaCurrent(): Promise<boolean>;
  /** Absent without Redis; true when every Redis connection is up and the server answers a PING. */
  isRedisReady?: (timeoutMs: number) => Promise<boolean>;
}

async function checkDatabase(deps: ReadinessDeps): Promise<ReadinessChecks['database']> {
  try {
    await withTimeout(deps.pingDatabase(), READINESS_CHECK_TIMEOUT_MS);
    const current = await withTimeout(deps.isSchemaCurrent(), READINESS_CHECK_TIMEOUT_MS);
    return current ? 'ok' : 'migrations pending';
  } catch {
    return 'unreachable';
  }
}

async function checkRedis(deps: ReadinessDeps): Promise<ReadinessChecks['redis']> {
  if (!deps.isRedisReady) return undefined;
  try {
    return (await deps.isRedisReady(READINESS_CHECK_TIMEOUT_MS)) ? 'ok' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}

/**
 * `/readyz`: ready when the database answers with its migrations current and, with REDIS_URL, Redis
 * answers too. Otherwise the answer names what is down, for people (`reason`) and machines (`checks`);
 * a ready answer stays `{status: "ok"}`.
 */
export async function checkReadiness(deps: ReadinessDeps): Promise<HealthStatus> {
  const [database, redis] = await Promise.all([checkDatabase(deps), checkRedis(deps)]);
  const problems = [
    ...(database === 'ok' ? [] : [database === 'unreachable' ? 'database unreachable' : database]),
    ...(redis === 'unreachable' ? ['redis unreachable'] : []),
  ];
  if (problems.length === 0) return { status: 'ok' };
  return {
    status: 'unavailable',
    reason: problems.join(', '),
    checks: { database, ...(redis ? { redis } : {}) },
  };
}
