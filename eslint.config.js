import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import unicorn from 'eslint-plugin-unicorn';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featuresOf = (dir) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];

/**
 * A feature reaches another feature only through that feature's index.ts (its exported use
 * cases and components), never its internals.
 */
function featureZones(root) {
  const features = featuresOf(root);
  return features.map((feature) => ({
    target: `${root}/${feature}`,
    from: root,
    except: [
      `./${feature}`,
      ...features.filter((f) => f !== feature).map((f) => `./${f}/index.ts`),
    ],
    message: 'Import another feature only through its index.ts.',
  }));
}

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      'drizzle',
      'bench/results',
      'test-results',
      'coverage',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX, unicorn },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/web',
              from: './src/server',
              message: 'The web app never imports server code.',
            },
            {
              target: './src/shared',
              from: './src/server',
              message: 'shared is pure: no server code.',
            },
            { target: './src/shared', from: './src/web', message: 'shared is pure: no web code.' },
            {
              target: './src/server',
              from: './src/web',
              message: 'The server never imports web code.',
            },
            ...featureZones('./src/server/features'),
            ...featureZones('./src/web/features'),
          ],
        },
      ],
      'unicorn/filename-case': ['error', { case: 'kebabCase' }],
      'no-console': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['bench/**', 'scripts/**', 'tests/**', '*.config.{js,ts}'],
    rules: { 'no-console': 'off' },
  },
);
