import { networkOf } from './visitor-network';

describe('the network an address counts under', () => {
  it('is the address itself for IPv4, mapped IPv4 included', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the /64 for IPv6, however the address is written', () => {
    const network = '2001:db8:85a3:12::/64';
    expect(networkOf('2001:db8:85a3:12::1')).toBe(network);
    expect(networkOf('2001:0db8:85a3:0012:ffff:ffff:ffff:ffff')).toBe(network);
    expect(networkOf('2001:DB8:85A3:12:abcd::9%eth0')).toBe(network);
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('2001:db8:85a3:13::1')).not.toBe(network);
  });
});
