import { describe, expect, it } from 'vitest';
import { reportHoldThreshold } from '../../../src/db/reports';
import { clientIdentity } from '../../../src/lib/client-address';

describe('clientIdentity', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientIdentity('198.51.100.7')).toBe('198.51.100.7');
    expect(clientIdentity(' 10.0.0.1 ')).toBe('10.0.0.1');
  });

  it('reduces an IPv6 address to its /64, however it is written', () => {
    const forms = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0:0:0:9',
      '2001:db8:1:2:0:0:1.2.3.4',
      '2001:db8:1:2::5%eth0',
    ];
    for (const address of forms) expect(clientIdentity(address)).toBe('2001:db8:1:2::/64');
    expect(clientIdentity('::1')).toBe('0:0:0:0::/64');
    expect(clientIdentity('2001:db8:1:3::1')).not.toBe(clientIdentity('2001:db8:1:2::1'));
  });

  it('keeps what is not an address as text, at most 64 characters', () => {
    expect(clientIdentity('not-an-address')).toBe('not-an-address');
    expect(clientIdentity('1:2:3')).toBe('1:2:3');
    expect(clientIdentity('x'.repeat(100))).toHaveLength(64);
    expect(clientIdentity('1::2::3')).toBe('1::2::3');
  });
});

describe('reportHoldThreshold', () => {
  it('reads a whole number from 1 to 1000 and falls back to 3 otherwise', () => {
    expect(reportHoldThreshold('5')).toBe(5);
    expect(reportHoldThreshold(' 1 ')).toBe(1);
    for (const bad of [undefined, '', '0', '-2', '2.5', 'trei', '100000'])
      expect(reportHoldThreshold(bad)).toBe(3);
  });
});
