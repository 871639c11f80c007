import fs from 'node:fs';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Lints virtual probe files placed in each layer of the real tree with the project's own
// eslint.config.js: every kind of upward or sideways import ARCHITECTURE.md forbids must be an
// error, and the imports it allows must pass, so a zone that is too narrow or too broad fails here.
// The imported modules are picked from the tree as it is, so the probes follow files as they move.

const root = path.resolve(import.meta.dirname, '../..');
const PATHS = 'import-x/no-restricted-paths';
const NODE = 'import-x/no-nodejs-modules';
const LAYER_RULES = [PATHS, NODE];

const abs = (rel: string) => path.join(root, rel);

/** Production modules under dir (no tests), sorted, as absolute paths. */
function modulesIn(dir: string): string[] {
  const full = abs(dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .sort()
    .map((f) => path.join(full, f));
}

function someModule(dir: string): string {
  const [first] = modulesIn(dir);
  if (!first) throw new Error(`no module under ${dir} to import in a probe`);
  return first;
}

/** Two features of a side that have an index.ts and at least one internal module. */
function twoFeatures(featuresDir: string): [string, string] {
  const names = fs
    .readdirSync(abs(featuresDir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .filter((name) => fs.existsSync(abs(`${featuresDir}/${name}/index.ts`)))
    .filter((name) => internalOf(`${featuresDir}/${name}`) !== undefined)
    .sort();
  if (names.length < 2)
    throw new Error(`fewer than two features with an index.ts in ${featuresDir}`);
  return [names[0]!, names[1]!];
}

function internalOf(featureDir: string): string | undefined {
  return modulesIn(featureDir).find((f) => path.basename(f) !== 'index.ts');
}

/** The specifier `from` (a repo-relative file) would write to import `to` (absolute, or a bare name). */
function specifier(from: string, to: string): string {
  if (!path.isAbsolute(to)) return to;
  const rel = path.relative(path.dirname(abs(from)), to).replace(/\.tsx?$/, '');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/**
 * The rules the lints below run (ESLint's `ruleFilter`), out of the project's configuration: the
 * layer rules for the probes, no-cycle for its own tests. Whatever else is configured has nothing
 * to say here, and no-cycle walks the import graph from every probe's target (half a minute for
 * the web app's root on a busy machine) for an answer the probes never read.
 */
let running: readonly string[] = LAYER_RULES;
const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => running.includes(ruleId) });

async function layerMessages(file: string, to: string): Promise<Linter.LintMessage[]> {
  // An import that does not resolve is never reported by the zones: make sure each one does.
  if (path.isAbsolute(to) && !fs.existsSync(to)) throw new Error(`probe target ${to} is missing`);
  const code = `import '${specifier(file, to)}';\n`;
  const [result] = await eslint.lintText(code, { filePath: abs(file) });
  return result!.messages.filter((m) => m.ruleId !== null && LAYER_RULES.includes(m.ruleId));
}

beforeAll(async () => {
  // The first lint loads the configuration, the plugins and the TypeScript resolver: done here,
  // so each probe below measures only itself.
  await eslint.lintText("import '../../lib/api-client';\n", {
    filePath: abs('src/web/features/probe/warm-up.ts'),
  });
}, 180_000);

const [webA, webB] = twoFeatures('src/web/features');
const [serverA, serverB] = twoFeatures('src/server/features');
const webAppModule = someModule('src/web/app');
const webLib = someModule('src/web/lib');
const webComponent = someModule('src/web/components');
const webFeatureIndex = abs(`src/web/features/${webB}/index.ts`);
const webFeatureInternal = internalOf(`src/web/features/${webB}`)!;
const webTesting = someModule('src/web/testing');
const serverFeatureIndex = abs(`src/server/features/${serverB}/index.ts`);
const serverFeatureInternal = internalOf(`src/server/features/${serverB}`)!;
const serverPlatform = someModule('src/server/platform');
const serverDb = abs('src/server/db/client.ts');
const shared = abs('src/shared/money.ts');
const screen = modulesIn('src/web/screens')[0];
/** Another web feature's api/ and lib/ modules, and a component of it. */
const webFeatureApi = someModule(`src/web/features/${webB}/api`);
const webFeatureWithLib = fs
  .readdirSync(abs('src/web/features'))
  .sort()
  .find((name) => name !== webA && modulesIn(`src/web/features/${name}/lib`).length > 0)!;
const webFeatureLib = someModule(`src/web/features/${webFeatureWithLib}/lib`);
const webFeatureComponent = someModule(`src/web/features/${webB}/components`);
const FEATURE_TO_FEATURE = 'only from its api/ or lib/';

const webFeatureProbe = `src/web/features/${webA}/probe.ts`;
/** A feature other than auth, for the probes of auth's guards (a route's, never a feature's). */
const notAuthProbe = `src/web/features/${webA === 'auth' ? webB : webA}/probe.ts`;
const authGuard = abs('src/web/features/auth/components/require-agent.tsx');
const screenProbe = 'src/web/screens/probe-screen/probe-screen.tsx';
const serverFeatureProbe = `src/server/features/${serverA}/probe.ts`;

interface Probe {
  what: string;
  file: string;
  imports: string;
}

type Forbidden = Probe & { rule?: string; says?: string };

const forbidden = (
  [
    // web layers
    { what: 'feature → web app', file: webFeatureProbe, imports: webAppModule },
    { what: 'feature → main.tsx', file: webFeatureProbe, imports: abs('src/web/main.tsx') },
    { what: 'screen → web app', file: screenProbe, imports: webAppModule },
    { what: 'lib → feature', file: 'src/web/lib/probe.ts', imports: webFeatureIndex },
    { what: 'lib → web app', file: 'src/web/lib/probe.ts', imports: webAppModule },
    { what: 'component → feature', file: 'src/web/components/probe.tsx', imports: webFeatureIndex },
    { what: 'component → web app', file: 'src/web/components/ui/probe.tsx', imports: webAppModule },
    { what: 'pwa → web app', file: 'src/web/pwa/probe.ts', imports: webAppModule },
    { what: 'lib → pwa', file: 'src/web/lib/probe.ts', imports: abs('src/web/pwa/index.ts') },
    ...(screen
      ? [
          { what: 'feature → screen', file: webFeatureProbe, imports: screen },
          { what: 'lib → screen', file: 'src/web/lib/probe.ts', imports: screen },
        ]
      : []),
    {
      what: 'production web code → src/web/testing',
      file: webFeatureProbe,
      imports: webTesting,
    },
    // a web feature reaches another only for its api/ and lib/; screens compose their components
    {
      what: "feature → another feature's internals",
      file: webFeatureProbe,
      imports: webFeatureInternal,
      says: FEATURE_TO_FEATURE,
    },
    {
      what: "feature → another feature's component",
      file: webFeatureProbe,
      imports: webFeatureComponent,
      says: FEATURE_TO_FEATURE,
    },
    {
      what: "feature → another feature's index.ts (it exports components)",
      file: webFeatureProbe,
      imports: webFeatureIndex,
      says: FEATURE_TO_FEATURE,
    },
    // auth's guards and sign-out button are the routes' (app/routes.tsx), no feature screen's
    {
      what: "feature → auth's index.ts (its guards and sign-out button)",
      file: notAuthProbe,
      imports: abs('src/web/features/auth/index.ts'),
      says: FEATURE_TO_FEATURE,
    },
    {
      what: "feature → auth's guard component",
      file: notAuthProbe,
      imports: authGuard,
      says: FEATURE_TO_FEATURE,
    },
    {
      what: "screen → a feature's internals",
      file: screenProbe,
      imports: webFeatureInternal,
      says: 'only through its index.ts',
    },
    // server layers
    {
      what: 'server feature → app.ts',
      file: serverFeatureProbe,
      imports: abs('src/server/app.ts'),
    },
    {
      what: 'server feature → main.ts',
      file: serverFeatureProbe,
      imports: abs('src/server/main.ts'),
    },
    {
      what: 'config.ts → platform',
      file: 'src/server/config.ts',
      imports: abs('src/server/platform/errors.ts'),
    },
    {
      what: 'config.ts → feature',
      file: 'src/server/config.ts',
      imports: abs('src/server/features/rates/index.ts'),
    },
    {
      what: 'dev-idp → app.ts',
      file: 'src/server/dev-idp/probe.ts',
      imports: abs('src/server/app.ts'),
    },
    {
      what: 'platform → feature',
      file: 'src/server/platform/probe.ts',
      imports: serverFeatureIndex,
    },
    {
      what: 'platform → app.ts',
      file: 'src/server/platform/probe.ts',
      imports: abs('src/server/app.ts'),
    },
    { what: 'db → platform', file: 'src/server/db/probe.ts', imports: serverPlatform },
    { what: 'db → feature', file: 'src/server/db/probe.ts', imports: serverFeatureIndex },
    {
      what: "server feature → another feature's internals",
      file: serverFeatureProbe,
      imports: serverFeatureInternal,
      says: 'only through its index.ts',
    },
    {
      what: 'production server code → tests/support',
      file: 'src/server/platform/probe.ts',
      imports: someModule('tests/support'),
      says: 'Test helpers are for tests only',
    },
    // sides
    { what: 'web → server', file: 'src/web/lib/probe.ts', imports: serverPlatform },
    { what: 'web test → server', file: 'src/web/lib/probe.test.ts', imports: serverPlatform },
    { what: 'server → web', file: 'src/server/platform/probe.ts', imports: webLib },
    { what: 'shared → web', file: 'src/shared/probe.ts', imports: webLib },
    { what: 'shared → server', file: 'src/shared/api/probe.ts', imports: serverDb },
    { what: 'shared test → server', file: 'src/shared/probe.test.ts', imports: serverDb },
    // Node built-ins, with and without `node:`
    {
      what: 'node:crypto in shared',
      file: 'src/shared/probe.ts',
      imports: 'node:crypto',
      rule: NODE,
    },
    { what: 'bare path in shared', file: 'src/shared/api/probe.ts', imports: 'path', rule: NODE },
    { what: 'node:fs in a web feature', file: webFeatureProbe, imports: 'node:fs', rule: NODE },
    { what: 'bare fs in web lib', file: 'src/web/lib/probe.ts', imports: 'fs', rule: NODE },
    {
      what: 'node:path in entry-server.tsx',
      file: 'src/web/entry-server.tsx',
      imports: 'node:path',
      rule: NODE,
    },
  ] satisfies Forbidden[] as Forbidden[]
).map((p) => ({
  rule: PATHS,
  says: p.rule === NODE ? 'Node.js builtin' : 'restricted zone',
  ...p,
}));

const allowed: Probe[] = [
  {
    what: 'server feature → config.ts',
    file: serverFeatureProbe,
    imports: abs('src/server/config.ts'),
  },
  {
    what: 'platform → config.ts',
    file: 'src/server/platform/probe.ts',
    imports: abs('src/server/config.ts'),
  },
  { what: 'web app → feature index', file: 'src/web/app/probe.tsx', imports: webFeatureIndex },
  { what: 'main.tsx → web app', file: 'src/web/main.tsx', imports: webAppModule },
  { what: 'screen → feature index', file: screenProbe, imports: webFeatureIndex },
  { what: 'screen → component', file: screenProbe, imports: webComponent },
  {
    what: 'feature → own internals',
    file: `src/web/features/${webB}/probe.ts`,
    imports: webFeatureInternal,
  },
  { what: "feature → another feature's api/", file: webFeatureProbe, imports: webFeatureApi },
  { what: "feature → another feature's lib/", file: webFeatureProbe, imports: webFeatureLib },
  {
    what: "feature → auth's api/ (who is signed in)",
    file: notAuthProbe,
    imports: abs('src/web/features/auth/api/get-current-user.ts'),
  },
  {
    what: "web app → auth's guards (its index.ts)",
    file: 'src/web/app/probe.tsx',
    imports: abs('src/web/features/auth/index.ts'),
  },
  { what: 'feature → lib', file: webFeatureProbe, imports: webLib },
  { what: 'feature → component', file: webFeatureProbe, imports: webComponent },
  { what: 'feature → shared', file: webFeatureProbe, imports: shared },
  { what: 'component → lib', file: 'src/web/components/ui/probe.tsx', imports: webLib },
  { what: 'lib → component', file: 'src/web/lib/probe.ts', imports: webComponent },
  { what: 'lib → shared', file: 'src/web/lib/probe.ts', imports: shared },
  { what: 'pwa → component', file: 'src/web/pwa/probe.ts', imports: webComponent },
  { what: 'web test → web app', file: 'src/web/lib/probe.test.ts', imports: webAppModule },
  {
    what: 'web test → feature internals',
    file: webFeatureProbe.replace('.ts', '.test.tsx'),
    imports: webFeatureInternal,
  },
  { what: 'web test → testing', file: 'src/web/features/probe.test.tsx', imports: webTesting },
  { what: 'web test → node:fs', file: 'src/web/lib/probe.test.ts', imports: 'node:fs' },
  {
    what: 'testing → feature internals',
    file: 'src/web/testing/probe.tsx',
    imports: webFeatureInternal,
  },
  { what: 'server app.ts → feature index', file: 'src/server/app.ts', imports: serverFeatureIndex },
  { what: 'server feature → platform', file: serverFeatureProbe, imports: serverPlatform },
  { what: 'server feature → db', file: serverFeatureProbe, imports: serverDb },
  {
    what: 'server feature → another feature index',
    file: serverFeatureProbe,
    imports: serverFeatureIndex,
  },
  { what: 'server feature → shared', file: serverFeatureProbe, imports: shared },
  { what: 'server feature → node:crypto', file: serverFeatureProbe, imports: 'node:crypto' },
  { what: 'platform → db', file: 'src/server/platform/probe.ts', imports: serverDb },
  { what: 'db → shared', file: 'src/server/db/probe.ts', imports: shared },
  {
    what: 'server test → app.ts',
    file: `src/server/features/${serverA}/probe.test.ts`,
    imports: abs('src/server/app.ts'),
  },
  {
    what: 'server test → feature internals',
    file: 'src/server/platform/probe.test.ts',
    imports: serverFeatureInternal,
  },
  { what: 'shared → shared', file: 'src/shared/api/probe.ts', imports: shared },
];

describe('ESLint layer zones', () => {
  it.each(forbidden)('forbids $what', async ({ file, imports, rule, says }) => {
    const messages = await layerMessages(file, imports);
    expect(messages.map((m) => m.ruleId)).toContain(rule);
    expect(messages.find((m) => m.ruleId === rule)?.message).toContain(says);
  });

  it.each(allowed)('allows $what', async ({ file, imports }) => {
    expect(await layerMessages(file, imports)).toEqual([]);
  });

  // Until src/web/screens has a module to import, the probes above cannot resolve one: check the
  // zone itself instead, so the rule is in place before the first screen lands.
  it.runIf(!screen)('forbids features, components and lib → screens', async () => {
    for (const file of [webFeatureProbe, 'src/web/components/probe.tsx', 'src/web/lib/probe.ts']) {
      const config = (await eslint.calculateConfigForFile(abs(file))) as Linter.Config;
      const [, options] = config.rules![PATHS] as [unknown, { basePath: string; zones: Zone[] }];
      const screens = path.join(options.basePath, 'src/web/screens');
      const forbidsScreens = options.zones.some(
        (zone) =>
          [zone.target]
            .flat()
            .some((t) => isInside(abs(file), path.resolve(options.basePath, t))) &&
          [zone.from].flat().some((f) => path.resolve(options.basePath, f) === screens),
      );
      expect(forbidsScreens, file).toBe(true);
    }
  });
});

interface Zone {
  target: string | string[];
  from: string | string[];
}

function isInside(file: string, dir: string): boolean {
  const rel = path.relative(dir, file);
  return rel === '' || !rel.startsWith('..');
}

describe('ESLint import-x/no-cycle', () => {
  // Two real files importing each other (the rule reads what an import resolves to on disk), in
  // a folder of their own under src/web/lib, removed afterwards.
  const dir = abs(`src/web/lib/cycle-probe-${process.pid}`);
  beforeAll(() => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'first.ts'),
      "import { second } from './second';\nexport const first = () => second;\n",
    );
    fs.writeFileSync(
      path.join(dir, 'second.ts'),
      "import { first } from './first';\nexport const second = () => first;\n",
    );
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  beforeAll(() => {
    running = ['import-x/no-cycle'];
    return () => {
      running = LAYER_RULES;
    };
  });

  it('fails on a two-file cycle', async () => {
    const [result] = await eslint.lintFiles([path.join(dir, 'first.ts')]);
    expect(result!.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });

  it('passes a file that imports without a cycle', async () => {
    const code = "import { first } from './first';\nexport const third = () => first;\n";
    const [result] = await eslint.lintText(code, { filePath: path.join(dir, 'third.ts') });
    expect(result!.messages.filter((m) => m.ruleId === 'import-x/no-cycle')).toEqual([]);
  });
});
