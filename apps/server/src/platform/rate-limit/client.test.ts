import { describe, expect, it } from 'vitest';
import { rateLimitClient } from './client.ts';

describe('rateLimitClient', () => {
  it('counts an IPv4 address as itself, also when written IPv4-mapped', () => {
    expect(rateLimitClient('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitClient('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every IPv6 address of one /64 as one client, however written', () => {
    const one = rateLimitClient('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(one).toBe('2001:db8:1:2::/64');
    expect(rateLimitClient('2001:0db8:0001:0002::1')).toBe(one);
    expect(rateLimitClient('2001:db8:1:2::ffff:1%eth0')).toBe(one);
    expect(rateLimitClient('2001:db8:1:3::1')).not.toBe(one);
    expect(rateLimitClient('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitClient('::1')).toBe('0:0:0:0::/64');
  });
});
