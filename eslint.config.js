import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import unicorn from 'eslint-plugin-unicorn';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Zone paths are relative to this file, whatever directory ESLint runs from.
const root = import.meta.dirname;

const featuresOf = (dir) => {
  const abs = path.resolve(root, dir);
  return fs.existsSync(abs)
    ? fs
        .readdirSync(abs, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
};

/**
 * A feature reaches another feature only through that feature's index.ts (its exported use
 * cases and components), never its internals.
 */
function featureZones(featuresDir) {
  const features = featuresOf(featuresDir);
  return features.map((feature) => ({
    target: `${featuresDir}/${feature}`,
    from: featuresDir,
    except: [
      `./${feature}`,
      ...features.filter((f) => f !== feature).map((f) => `./${f}/index.ts`),
    ],
    message: 'Import another feature only through its index.ts.',
  }));
}

/**
 * A web feature reaches another only for its data and helpers: the other's `api/` (fetch, query
 * options, hooks, keys) and `lib/` (cache helpers, rules, constants), never its components or
 * screens. What shows two capabilities together is a screen (src/web/screens) that composes them;
 * what guards a screen is its route (src/web/app/routes.tsx), which puts auth's guard around it.
 */
function webFeatureZones(featuresDir) {
  const features = featuresOf(featuresDir);
  return features.map((feature) => ({
    target: `${featuresDir}/${feature}`,
    from: featuresDir,
    except: [
      `./${feature}`,
      ...features.filter((f) => f !== feature).flatMap((f) => [`./${f}/api`, `./${f}/lib`]),
    ],
    message:
      'A feature imports another only from its api/ or lib/: its components are for screens that compose both.',
  }));
}

/** A screen composes features, and reaches each only through its index.ts. */
function screenZone(screensDir, featuresDir) {
  return {
    target: screensDir,
    from: featuresDir,
    except: featuresOf(featuresDir).map((f) => `./${f}/index.ts`),
    message: 'A screen imports a feature only through its index.ts.',
  };
}

/** Which side may import which: true for every file, tests included. */
const sideZones = [
  { target: './src/web', from: './src/server', message: 'The web app never imports server code.' },
  { target: './src/shared', from: './src/server', message: 'shared is pure: no server code.' },
  { target: './src/shared', from: './src/web', message: 'shared is pure: no web code.' },
  { target: './src/server', from: './src/web', message: 'The server never imports web code.' },
];

// The composition roots (ARCHITECTURE.md, "One capability, one name, one place").
const webApp = ['./src/web/app', './src/web/main.tsx', './src/web/entry-server.tsx'];
/**
 * config.ts is not part of the app layer: it is the settings every server layer reads (each
 * takes its own slice of them), and it imports none of those layers (a zone below).
 */
const serverApp = ['./src/server/app.ts', './src/server/main.ts'];
const webLayers = 'Web layers: app → screens → features → components, lib → shared.';
const serverLayers = 'Server layers: app → features → platform → db → shared.';

/**
 * Production code never imports upward. `pwa/` sits beside the features (the app mounts it) and
 * `dev-idp/` beside the server features (app.ts mounts it).
 */
const layerZones = [
  { target: './src/web/screens', from: webApp, message: webLayers },
  {
    target: ['./src/web/features', './src/web/pwa'],
    from: [...webApp, './src/web/screens'],
    message: webLayers,
  },
  {
    target: ['./src/web/components', './src/web/lib'],
    from: [...webApp, './src/web/screens', './src/web/features', './src/web/pwa'],
    message: webLayers,
  },
  screenZone('./src/web/screens', './src/web/features'),
  ...webFeatureZones('./src/web/features'),
  {
    target: ['./src/server/features', './src/server/dev-idp'],
    from: serverApp,
    message: serverLayers,
  },
  {
    target: './src/server/platform',
    from: [...serverApp, './src/server/features', './src/server/dev-idp'],
    message: serverLayers,
  },
  {
    target: './src/server/db',
    from: [...serverApp, './src/server/features', './src/server/dev-idp', './src/server/platform'],
    message: serverLayers,
  },
  {
    target: './src/server/config.ts',
    from: [
      ...serverApp,
      './src/server/features',
      './src/server/dev-idp',
      './src/server/platform',
      './src/server/db',
    ],
    message: 'config.ts is read by every server layer and imports none of them.',
  },
  ...featureZones('./src/server/features'),
  {
    target: './src',
    from: ['./src/web/testing', './tests'],
    message: 'Test helpers are for tests only.',
  },
];

/** Tests and the web test helpers may import anything on their own side. */
const testFiles = ['**/*.test.{ts,tsx}', 'src/web/testing/**'];

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
      // Without the TypeScript extensions and parser, import-x never reads a .ts dependency:
      // no-cycle and the other rules that follow imports would pass everything.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
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
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: sideZones }],
      'unicorn/filename-case': ['error', { case: 'kebabCase' }],
      'no-console': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...sideZones, ...layerZones] },
      ],
    },
  },
  {
    // shared runs on both sides and web in the browser: no Node built-ins, with or without `node:`.
    files: ['src/shared/**/*.{ts,tsx}', 'src/web/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: { 'import-x/no-nodejs-modules': 'error' },
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
