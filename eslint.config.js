import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

/** Every client feature folder: each may import only itself, lib/ and components/ (STYLE.md, example 8). */
const clientFeatures = fs
  .readdirSync(new URL('./src/client/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'bench/data', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Imports end in .js and name .ts/.tsx files (moduleResolution Bundler), which the resolver maps back.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      // Our own modules only (node_modules is never followed); 10 levels find the cycles worth finding and keep
      // the rule to a few seconds.
      'import-x/no-cycle': ['error', { ignoreExternal: true, maxDepth: 10 }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...clientFeatures.map((feature) => ({
              target: `./src/client/features/${feature}`,
              from: './src/client/features',
              except: [`./${feature}`],
              message:
                'A client feature never imports another feature: move what both need to src/client/lib or src/client/components, or let the route pass it in.',
            })),
            {
              target: ['./src/client/components', './src/client/lib'],
              from: ['./src/client/features', './src/client/routes', './src/client/app'],
              message:
                'components/ and lib/ are shared by every feature: they never import features, routes or app.',
            },
            {
              target: './src/client/features',
              from: ['./src/client/routes', './src/client/app'],
              message: 'Routes compose features, not the other way round.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'The client never imports server code.' }] },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/client/**'], message: 'shared/ is used by both sides.' },
            { group: ['node:*', 'react', 'react-dom'], message: 'shared/ has no Node or DOM imports.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/client/**', '!@modelcontextprotocol/sdk/client/**'],
              message: 'The server never imports client code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every query lives in a repository (docs/decisions/0008); db/ holds migrations, seeds and the handle.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.repo.ts', 'src/server/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)$/]',
          message: 'Queries live in a repository (<feature>.repo.ts).',
        },
        {
          selector: 'TaggedTemplateExpression[tag.name="sql"]',
          message: 'Queries live in a repository (<feature>.repo.ts).',
        },
      ],
    },
  },
);
