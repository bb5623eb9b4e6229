import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { ValidationError } from '../errors';
import { messages } from '../messages';
import { IMAP_PORTS, MAIL_PORTS, type SmtpAccount } from '../../shared/settings';

/** Every address a host name has. Injected in tests, so a policy on public addresses needs no network. */
export type ResolveAddresses = (host: string) => Promise<string[]>;

/** node:dns `lookup`, as the system resolves names (`/etc/hosts` included), every address. */
export const systemResolve: ResolveAddresses = async (host) => (await lookup(host, { all: true })).map(({ address }) => address);

/**
 * Addresses that are not on the public internet: private networks (RFC 1918, carrier-grade NAT,
 * IPv6 unique local), this machine (loopback, unspecified), link-local (cloud metadata services
 * answer there), multicast and reserved. `BlockList` matches IPv4-mapped IPv6 forms
 * (`::ffff:127.0.0.1`) against the IPv4 rules too.
 */
const NOT_PUBLIC = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  // Unspecified, loopback and the deprecated IPv4-compatible form (::a.b.c.d).
  ['::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  return family !== 0 && !NOT_PUBLIC.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** The site will not connect to this mail server; `field` is the Settings field to fix, the message says why in plain words. */
export class MailServerNotAllowed extends Error {
  readonly code = 'EPOLICY';
  constructor(
    readonly field: 'host' | 'port',
    message: string,
  ) {
    super(message);
    this.name = 'MailServerNotAllowed';
  }
}

/**
 * Checks the mail server set up in Settings and answers the address to connect to, or throws
 * `MailServerNotAllowed`. The caller connects to that address (not to the name again), so DNS
 * cannot answer a checked address first and another one at connection time.
 */
export type CheckMailServer = (host: string, port: number, ports?: readonly number[]) => Promise<string>;

export interface MailServerPolicy {
  /** `SMTP_ALLOW_PRIVATE`: a relay on a private network or this machine, on any port. */
  allowPrivate: boolean;
  resolve?: ResolveAddresses;
}

/**
 * Where the mail set-up of Settings may connect (the operator's own `SMTP_URL` is not restricted):
 * public addresses on the mail ports only (`ports`: SMTP's by default, the mailbox's IMAP ones), and private, loopback and link-local addresses only
 * when the operator allows them. Otherwise the test e-mail, or a saved set-up, would let an
 * owner's account probe the site's own network (a port scanner that also shows what answered).
 * Every address of the name must pass, since the connection could go to any of them.
 */
export function createMailServerCheck({ allowPrivate, resolve = systemResolve }: MailServerPolicy): CheckMailServer {
  return async (host, port, ports = MAIL_PORTS) => {
    const bare = host.replace(/^\[(.*)\]$/, '$1');
    const addresses = net.isIP(bare) ? [bare] : await resolve(bare).catch((): string[] => []);
    if (addresses.length === 0) throw new MailServerNotAllowed('host', messages.mailServer.notFound);
    if (!allowPrivate && !addresses.every(isPublicAddress)) throw new MailServerNotAllowed('host', messages.mailServer.notPublic);
    if (!ports.includes(port) && addresses.some(isPublicAddress)) throw new MailServerNotAllowed('port', messages.mailServer.notMailPort(ports));
    // IPv4 first, as nodemailer orders a name's addresses itself.
    return addresses.find((address) => net.isIPv4(address)) ?? addresses[0]!;
  };
}

/** Which server of Settings was typed: the one mail goes out through (`smtp`, on the mail ports) or the mailbox read (`imap`, on IMAP's). */
export type MailServerSetting = 'smtp' | 'imap';
const PORTS_OF: Record<MailServerSetting, readonly number[]> = { smtp: MAIL_PORTS, imap: IMAP_PORTS };

/** The check of a server typed in Settings (a save, a test e-mail, a mailbox test): a refusal is the message next to its field. */
export async function checkTypedMailServer(check: CheckMailServer, { host, port }: Pick<SmtpAccount, 'host' | 'port'>, setting: MailServerSetting = 'smtp'): Promise<string> {
  try {
    return await check(host, port, PORTS_OF[setting]);
  } catch (error) {
    if (error instanceof MailServerNotAllowed) throw new ValidationError(messages.settings.invalid, { [`${setting}.${error.field}`]: error.message });
    throw error;
  }
}
