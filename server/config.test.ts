import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('fills safe defaults for the embedded mode', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, env: 'development', publicUrl: 'http://localhost:3000', databaseUrl: undefined, regionSites: {}, smtpAllowPrivate: false });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      DATABASE_URL: 'postgres://app@db:5432/site',
      DATA_DIR: '/tmp/site',
      PUBLIC_URL: 'https://agency.example/',
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'a-long-enough-secret',
      ADMIN_DISPLAY_NAME: ' Olivia Owner ',
      SMTP_URL: 'smtp://mail.local:2525',
      SMTP_ALLOW_PRIVATE: 'true',
      NOTIFY_TO: 'staff@agency.example',
      REGION_SITES: 'us=https://us.agency.example, in=https://in.agency.example',
    });
    expect(config).toMatchObject({
      isProduction: true,
      port: 8080,
      databaseUrl: 'postgres://app@db:5432/site',
      dataDir: '/tmp/site',
      publicUrl: 'https://agency.example',
      admin: { username: 'owner', password: 'a-long-enough-secret', displayName: 'Olivia Owner' },
      smtpUrl: 'smtp://mail.local:2525',
      smtpAllowPrivate: true,
      notifyTo: 'staff@agency.example',
      regionSites: { us: 'https://us.agency.example', in: 'https://in.agency.example' },
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'Invalid configuration: PORT must be a port number'],
    [{ DATABASE_URL: 'mysql://db/site' }, 'Invalid configuration: DATABASE_URL must be a URL starting with postgres:// or postgresql://'],
    [{ PUBLIC_URL: 'agency.example' }, 'Invalid configuration: PUBLIC_URL must be a URL starting with http:// or https://'],
    [{ ADMIN_USERNAME: 'owner' }, 'Invalid configuration: ADMIN_USERNAME must be set together with ADMIN_PASSWORD (or neither)'],
    [{ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'short' }, 'Invalid configuration: ADMIN_PASSWORD must be at least 12 characters'],
    [{ ADMIN_DISPLAY_NAME: 'Olivia Owner' }, 'Invalid configuration: ADMIN_DISPLAY_NAME is the name of the ADMIN_USERNAME account: set ADMIN_USERNAME and ADMIN_PASSWORD too'],
    [{ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'a-long-enough-secret', ADMIN_DISPLAY_NAME: 'Olivia <owner@agency.test>' }, 'Invalid configuration: ADMIN_DISPLAY_NAME Leave out < > @ and ": the name is shown as the sender of our e-mails.'],
    [{ NOTIFY_TO: 'not-an-address' }, 'Invalid configuration: NOTIFY_TO must be an e-mail address'],
    [{ SMTP_ALLOW_PRIVATE: 'yes' }, 'Invalid configuration: SMTP_ALLOW_PRIVATE must be true or false'],
    [{ REGION_SITES: 'mars=https://mars.example' }, 'Invalid configuration: REGION_SITES "mars=https://mars.example" must look like us=https://us.example.com (codes: us, uk, eu, uae, in)'],
    [{ NODE_ENV: 'staging' }, 'Invalid configuration: NODE_ENV'],
  ])('rejects %j with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
