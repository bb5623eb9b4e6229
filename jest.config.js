/** Unit and HTTP tests against a real database: embedded PGlite, or PostgreSQL when DATABASE_URL is set. */
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }];

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  testMatch: ['<rootDir>/{server,views,islands,migrations,scripts,tests}/**/*.test.{ts,tsx}'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/tests/e2e/'],
  globalSetup: '<rootDir>/tests/helpers/global-setup.ts',
  testTimeout: 30000,
  maxWorkers: 2,
};
