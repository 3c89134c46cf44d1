import { isIPv6 } from 'node:net';

/**
 * How sign-in attempts are throttled (docs/decisions/0013-login-throttling.md, ASVS 6.3.1): limits
 * that refuse are keyed by the caller's address, so nobody can lock an account from elsewhere; the
 * account itself is only slowed down. Every number is scaled by RATE_LIMIT_MULTIPLIER.
 */
export const LOGIN_THROTTLE = {
  window: '15 minutes',
  /** Attempts from one address (any accounts): then 429 for that address. */
  perAddress: 30,
  /** Attempts on one account from one address: then 429 for that pair only. */
  perAccountAndAddress: 10,
  /** Attempts on one account from every address: beyond this each attempt waits before it is checked. */
  accountDelayAfter: 10,
  /** The first delay; each further attempt doubles it, up to the ceiling. */
  accountDelayBaseMs: 250,
  accountDelayMaxMs: 5_000,
} as const;

/**
 * How long an attempt waits when the account has seen `attempts` in the window (this one included)
 * and `allowed` go through at once: 0 up to `allowed`, then 250 ms, 500 ms, 1 s, 2 s, 4 s, 5 s, 5 s, …
 */
export function loginDelayMs(attempts: number, allowed: number = LOGIN_THROTTLE.accountDelayAfter): number {
  const over = attempts - allowed;
  if (over <= 0) return 0;
  return Math.min(
    LOGIN_THROTTLE.accountDelayMaxMs,
    LOGIN_THROTTLE.accountDelayBaseMs * 2 ** Math.min(over - 1, 16),
  );
}

/**
 * The part of an address that stands for one client: an IPv4 address itself, an IPv6 address by its
 * /64 (one home or server is given a whole /64, so counting single addresses would let it rotate
 * through 2^64 of them), an IPv4-mapped IPv6 address as the IPv4 one.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
