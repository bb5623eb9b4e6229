import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Rooms and the way dependencies run: server → views → islands → shared. Code shipped to browsers
 * (islands, and the isomorphic modules in shared/) may not reach Node, the database or the server;
 * views render what the server hands them through `views/render-context.tsx` and import nothing
 * from it. Tests may cross rooms (they test the whole).
 */
const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];
const serverOnlyPackages = [
  'knex', 'knex-pglite', '@electric-sql/pglite', 'pg', 'koa', '@koa/router', 'koa-body', 'koa-compress',
  'koa-send', 'sharp', 'nodemailer', 'pino', 'helmet', '@node-rs/argon2', 'react-dom/server',
];
const forbid = (groups, message) => ({ group: groups, message });
// A relative path climbing to the top-level folder (`../../server/…`), not a sibling named alike.
const topLevel = (folder, message) => ({ regex: `^(\\.\\./)+${folder}(/|$)`, message });
const noServer = topLevel('server', 'Only the server imports the server; pass what is needed through props or views/render-context.');
const noViews = topLevel('views', 'Islands and shared modules ship to browsers and may not import server-only views.');
const noIslands = topLevel('islands', 'Shared modules are imported by islands, not the other way round.');
const browserSafe = (extraPatterns) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: [...nodeBuiltins, ...serverOnlyPackages].map((name) => ({ name, message: 'Code shipped to browsers may not import Node built-ins or server-only packages.' })),
      patterns: [forbid(['@electric-sql/pglite/*'], 'Code shipped to browsers may not import server-only packages.'), noServer, ...extraPatterns],
    },
  ],
});

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', __dirname: 'readonly', require: 'readonly', module: 'writable' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  { files: ['islands/**/*.{ts,tsx}'], ignores: ['**/*.test.{ts,tsx}'], rules: browserSafe([noViews]) },
  { files: ['shared/**/*.{ts,tsx}'], ignores: ['**/*.test.{ts,tsx}'], rules: browserSafe([noViews, noIslands]) },
  { files: ['views/**/*.{ts,tsx}'], ignores: ['**/*.test.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { patterns: [noServer] }] } },
);
