/**
 * The metrics contract's limits for search beacons, loaded with it only when a search is made: the
 * listing's own chunk stays without zod.
 */
export async function searchLimits() {
  const { IMPRESSIONS_MAX, SEARCH_TERM_MAX } = await import('../../../../shared/api/metrics.js');
  return { impressionsMax: IMPRESSIONS_MAX, termMax: SEARCH_TERM_MAX };
}
