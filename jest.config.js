/** Unit and HTTP tests against a real database: embedded PGlite, or PostgreSQL when DATABASE_URL is set. */
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.tsx?$': '<rootDir>/tests/helpers/esbuild-transform.js' },
  testMatch: ['<rootDir>/{server,shared,views,islands,migrations,scripts,tests}/**/*.test.{ts,tsx}'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/tests/e2e/'],
  globalSetup: '<rootDir>/tests/helpers/global-setup.ts',
  testTimeout: 30000,
  maxWorkers: 2,
};
