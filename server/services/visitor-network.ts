import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network an address belongs to, for bounding what one visitor can add: an IPv4 address is its
 * own network (an IPv4-mapped IPv6 address too), an IPv6 address stands for its /64, which one
 * subscriber is usually given whole and can change addresses within at will.
 */
export function networkOf(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const groupsOf = (part: string | undefined) => (part ? part.split(':') : []);
  const before = groupsOf(head);
  const after = groupsOf(tail);
  // A trailing dotted IPv4 part stands for two groups, but only the first four groups matter here.
  const missing = 8 - before.length - after.length - (after.at(-1)?.includes('.') ? 1 : 0);
  const groups = tail === undefined ? before : [...before, ...Array<string>(Math.max(0, missing)).fill('0'), ...after];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
