// Lint rules, including the import boundaries of style.md: shared → features → app.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/server/drizzle/**', '**/test-results/**', '**/playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['apps/web/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },
  {
    // The shared package is pure: no app code, no framework, no I/O.
    files: ['packages/shared/**/*.ts'],
    rules: restrict([
      { group: ['**/apps/**', '@fst/server*', '@fst/web*'], message: 'packages/shared imports nothing of the apps.' },
      { group: ['react', 'react-*', 'fastify', '@fastify/*', 'drizzle-orm*', 'node:*', 'pg'], message: 'Shared rules stay pure (no I/O, no framework).' },
    ]),
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/app.ts', 'apps/server/src/server.ts', 'apps/server/src/admin-cli.ts'],
    rules: restrict([
      { group: ['**/apps/web/**', '@fst/web*'], message: 'The server does not import the web app.' },
      { group: ['**/app.ts', '**/server.ts'], message: 'Features and platform do not import the composition root.' },
    ]),
  },
  {
    files: ['apps/server/src/platform/**/*.ts'],
    rules: restrict([
      { group: ['**/features/*/*.service.ts', '**/features/*/*.routes.ts', '**/features/*/*.repository.ts'], message: 'platform/ is below features.' },
    ]),
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: restrict([
      { group: ['**/features/**', '**/app/**'], message: 'components/ and lib/ are shared by features: they import no feature or app code.' },
      { group: ['**/apps/server/**', '@fst/server*'], message: 'The web app talks to the server over HTTP only.' },
    ]),
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: restrict([
      { group: ['**/app/**'], message: 'Features do not import the app layer; routes compose features.' },
      { group: ['**/apps/server/**', '@fst/server*'], message: 'The web app talks to the server over HTTP only.' },
    ]),
  },
);
