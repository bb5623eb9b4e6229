/** Browser tests: Debian's Chromium driven by playwright-core against a real server on a free port. */
const base = require('./jest.config.js');

module.exports = {
  ...base,
  testMatch: ['<rootDir>/tests/e2e/**/*.test.{ts,tsx}'],
  testPathIgnorePatterns: ['/node_modules/'],
  globalSetup: '<rootDir>/tests/e2e/global-setup.ts',
  testTimeout: 60000,
  maxWorkers: 1,
};
