/** Every stored time is an ISO-8601 UTC string, which sorts the same as the instant it names. */
export function nowIso(clock: () => number = Date.now): string {
  return new Date(clock()).toISOString();
}

/** The UTC calendar day (yyyy-mm-dd) of an instant. */
export function utcDay(at: number = Date.now()): string {
  return new Date(at).toISOString().slice(0, 10);
}

export function daysAgo(days: number, from: number = Date.now()): string {
  return utcDay(from - days * 24 * 60 * 60 * 1000);
}
