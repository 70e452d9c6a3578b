// Lint rules, including the import boundaries of style.md: shared → features → app.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const webFeatures = readdirSync(new URL('./apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

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
  // Type-aware: a promise nobody awaits or marks `void` loses its failure (an unhandled rejection).
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  // The rules of hooks, and the React Compiler's checks of what a component may do while rendering (refs,
  // purity, set-state-in-effect, static-components, preserve-manual-memoization included: issue 24.3).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
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
    ignores: ['apps/server/src/app.ts', 'apps/server/src/composition/**', 'apps/server/src/server.ts', 'apps/server/src/admin-cli.ts'],
    rules: restrict([
      { group: ['**/apps/web/**', '@fst/web*'], message: 'The server does not import the web app.' },
      { group: ['**/app.ts', '**/server.ts', '**/composition/**'], message: 'Features and platform do not import the composition root.' },
    ]),
  },
  // Skia's asynchronous encode runs on Node's thread pool, and a canvas collected under it crashed the whole
  // server (docs/quality.md, Reliability item 11): the PDF threads encode with encodeSync.
  {
    files: ['apps/server/src/**/*.{ts,mjs}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='encode'][arguments.0.value=/^(webp|png|jpeg|avif|gif)$/]",
          message: 'Encode canvases with encodeSync on a thread of their own (docs/quality.md, Reliability item 11).',
        },
      ],
    },
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
  // Web features import no app code and no other feature (decisions 003, 006): they meet through what app/
  // composes, components/ and lib/ (lib/api/ holds the queries that several features read).
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: restrict([
      { group: ['**/app/**'], message: 'Features do not import the app layer; routes compose features.' },
      { group: ['**/apps/server/**', '@fst/server*'], message: 'The web app talks to the server over HTTP only.' },
      {
        regex: `(^|/)(\\.\\./|features/)(${webFeatures.filter((f) => f !== feature).join('|')})/`,
        message: `Features do not import each other: compose them in app/, or move what they share to components/ or lib/.`,
      },
    ]),
  })),
);
