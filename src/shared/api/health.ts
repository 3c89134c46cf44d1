import { z } from 'zod';

/** The state of each dependency `/readyz` checks; `redis` only when REDIS_URL is set. */
export const readinessChecksSchema = z.object({
  database: z.enum(['ok', 'unreachable', 'migrations pending']),
  redis: z.enum(['ok', 'unreachable']).optional(),
});
export type ReadinessChecks = z.infer<typeof readinessChecksSchema>;

/** `GET /healthz` and `GET /readyz`: what a load balancer or an orchestrator reads. */
export const healthStatusSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** For people: what is down, e.g. "database unreachable, redis unreachable". */
  reason: z.string().optional(),
  /** For machines, on a 503 from /readyz: each dependency's state. */
  checks: readinessChecksSchema.optional(),
});
export type HealthStatus = z.infer<typeof healthStatusSchema>;
