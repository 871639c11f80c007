/**
 * Restores package-lock.json entries for optional, platform-specific binaries (rollup, Tailwind's
 * oxide, unrs-resolver for other systems) that the registry mirror on our build machines does
 * not serve. npm leaves them out of the lock when it cannot fetch their metadata, and then
 * `npm ci` refuses the lock ("Missing: ... from lock file") everywhere. Each entry gets its
 * version from the package that lists it and its os/cpu/libc from its name, so npm skips it on
 * every other platform without fetching anything.
 *
 *   npm install <something> && npm run lockfile:platforms
 */
import fs from 'node:fs';

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
}

const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8')) as { packages: Record<string, LockEntry> };
const OSES = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'win32',
  'openbsd',
  'openharmony',
  'netbsd',
  'sunos',
  'aix',
];
const CPUS: [RegExp, string][] = [
  [/(^|-)arm64(-|$)/, 'arm64'],
  [/(^|-)x64(-|$)/, 'x64'],
  [/(^|-)ia32(-|$)/, 'ia32'],
  [/(^|-)arm(-|$)/, 'arm'],
  [/(^|-)loong64(-|$)/, 'loong64'],
  [/(^|-)ppc64(-|$)/, 'ppc64'],
  [/(^|-)riscv64(-|$)/, 'riscv64'],
  [/(^|-)s390x(-|$)/, 's390x'],
  [/(^|-)wasm32(-|$)/, 'wasm32'],
];

function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> | null {
  const base = name.split('/').pop()!;
  const os = OSES.find((o) => base.includes(`-${o}-`) || base.endsWith(`-${o}`));
  const cpu = CPUS.find(([pattern]) => pattern.test(base))?.[1];
  if (!cpu) return null;
  const entry: Pick<LockEntry, 'os' | 'cpu' | 'libc'> = { cpu: [cpu] };
  if (os) entry.os = [os];
  if (os === 'linux' && /-musl/.test(base)) entry.libc = ['musl'];
  else if (os === 'linux' && /-gnu/.test(base)) entry.libc = ['glibc'];
  return entry;
}

let added = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const parentDir = location === '' ? '' : `${location}/`;
    const nested = `${parentDir}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[hoisted]) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    lock.packages[hoisted] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) =>
    a === '' ? -1 : b === '' ? 1 : a.localeCompare(b),
  ),
);
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${file}: ${added} platform entries restored`);
