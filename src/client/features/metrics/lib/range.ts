import { metricsRanges, type MetricsRange } from '../../../../shared/api/metrics.js';

export const DEFAULT_RANGE: MetricsRange = '30d';

/** The `range` search parameter, or the default when it is missing or unknown. */
export function parseRange(value: string | null): MetricsRange {
  return metricsRanges.find((range) => range === value) ?? DEFAULT_RANGE;
}

/** The `agentId` search parameter as a positive id, or null. */
export function parseAgentId(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
