import { describe, expect, it } from 'vitest';
import {
  clientAddressKey,
  LOGIN_THROTTLE,
  loginDelayMs,
} from '../../src/server/features/auth/login-throttle.js';

describe('loginDelayMs', () => {
  it('lets the first 10 attempts on an account through at once, then doubles from 250 ms up to 5 s', () => {
    const delays = Array.from({ length: 18 }, (_, index) => loginDelayMs(index + 1));
    expect(delays.slice(0, 10)).toEqual(Array<number>(10).fill(0));
    expect(delays.slice(10)).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000, 5000]);
    expect(loginDelayMs(1_000_000)).toBe(LOGIN_THROTTLE.accountDelayMaxMs);
  });

  it('starts later when the limits are raised (RATE_LIMIT_MULTIPLIER)', () => {
    expect(loginDelayMs(11, 10_000)).toBe(0);
    expect(loginDelayMs(10_001, 10_000)).toBe(250);
  });
});

describe('clientAddressKey', () => {
  it('keeps IPv4 addresses and unwraps IPv4-mapped IPv6 ones', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    const key = '2001:db8:1:2::/64';
    expect(clientAddressKey('2001:db8:1:2::1')).toBe(key);
    expect(clientAddressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientAddressKey('2001:DB8:1:2:0:0:0:9')).toBe(key);
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });
});
