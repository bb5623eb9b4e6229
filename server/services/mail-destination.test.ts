import { createMailServerCheck, isPublicAddress, MailServerNotAllowed, type ResolveAddresses } from './mail-destination';

/** Names answered from a table (no network); a name not in it is not found. */
const resolveFrom =
  (table: Record<string, string[]>): ResolveAddresses =>
  async (host) => {
    if (table[host]) return table[host];
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  };

const refusal = async (check: Promise<string>) => {
  try {
    return `allowed ${await check}`;
  } catch (error) {
    if (!(error instanceof MailServerNotAllowed)) throw error;
    return `${error.field}: ${error.message}`;
  }
};

describe('where the mail server of Settings may be', () => {
  it.each([
    '0.0.0.0', '10.1.2.3', '100.64.0.1', '100.127.255.254', '127.0.0.1', '127.8.8.8', '169.254.169.254', '172.16.0.1', '172.31.255.255', '192.168.1.10', '224.0.0.251', '255.255.255.255',
    '::', '::1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'ff02::fb', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '::127.0.0.1',
  ])('counts %s as not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['203.0.113.10', '8.8.8.8', '100.128.0.1', '172.32.0.1', '2001:db8::25', '2a00:1450:400c:c0b::6c', '::ffff:8.8.8.8'])('counts %s as public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  const resolve = resolveFrom({ 'smtp.example.com': ['2001:db8::25', '203.0.113.10'], 'relay.internal': ['10.0.0.25'], 'split.example.com': ['203.0.113.11', '192.168.0.2'] });

  it('without SMTP_ALLOW_PRIVATE: public addresses on the mail ports only, every address of a name checked', async () => {
    const check = createMailServerCheck({ allowPrivate: false, resolve });
    const notPublic = 'host: This mail server is on a private network or on this machine: the site only connects to one there when it is started with SMTP_ALLOW_PRIVATE=true.';
    const notMailPort = 'port: Use a mail port: 25, 465, 587 or 2525.';
    expect(await Promise.all([25, 465, 587, 2525].map((port) => refusal(check('smtp.example.com', port))))).toEqual(Array(4).fill('allowed 203.0.113.10'));
    expect(await refusal(check('smtp.example.com', 2727))).toBe(notMailPort);
    expect(await refusal(check('203.0.113.10', 22))).toBe(notMailPort);
    expect(await refusal(check('relay.internal', 587))).toBe(notPublic);
    expect(await refusal(check('split.example.com', 587))).toBe(notPublic);
    expect(await refusal(check('127.0.0.1', 2727))).toBe(notPublic);
    expect(await refusal(check('[::ffff:127.0.0.1]', 587))).toBe(notPublic);
    expect(await refusal(check('[2001:db8::25]', 587))).toBe('allowed 2001:db8::25');
    expect(await refusal(check('nowhere.example.com', 587))).toBe('host: No address was found for this mail server: check its name.');
  });

  it('with SMTP_ALLOW_PRIVATE: a relay on a private network or this machine on any port; public servers still on the mail ports only', async () => {
    const check = createMailServerCheck({ allowPrivate: true, resolve });
    expect(await refusal(check('relay.internal', 1025))).toBe('allowed 10.0.0.25');
    expect(await refusal(check('127.0.0.1', 2727))).toBe('allowed 127.0.0.1');
    expect(await refusal(check('[::1]', 1025))).toBe('allowed ::1');
    expect(await refusal(check('smtp.example.com', 2727))).toBe('port: Use a mail port: 25, 465, 587 or 2525.');
    expect(await refusal(check('split.example.com', 1025))).toBe('port: Use a mail port: 25, 465, 587 or 2525.');
  });

  it('looks up names only, with the resolver given', async () => {
    const asked: string[] = [];
    const check = createMailServerCheck({ allowPrivate: true, resolve: async (host) => (asked.push(host), ['192.168.0.9']) });
    await check('203.0.113.10', 587);
    await check('[::1]', 587);
    await check('mail.agency.test', 587);
    expect(asked).toEqual(['mail.agency.test']);
  });
});
