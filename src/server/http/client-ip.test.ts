import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-ip.ts';

describe('clientAddressKey', () => {
  it('keeps IPv4 addresses as they are', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('keys IPv6 by its /64, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    expect(clientAddressKey('2001:db8:1:2::1')).toBe(key);
    expect(clientAddressKey('2001:0db8:0001:0002:ffff:ffff:ffff:fffe')).toBe(key);
    expect(clientAddressKey('[2001:DB8:1:2:a:b:c:d]')).toBe(key);
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(key);
  });

  it('gives no key for a missing or malformed address', () => {
    expect(clientAddressKey(undefined)).toBe('');
    expect(clientAddressKey('')).toBe('');
    expect(clientAddressKey('unknown')).toBe('');
    expect(clientAddressKey('1.2.3.4, 5.6.7.8')).toBe('');
  });
});
