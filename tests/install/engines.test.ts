import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string }; os?: string[] }>;
};

/**
 * `npm ci` warns EBADENGINE for every locked package whose `engines.node` the running Node does
 * not satisfy. The README promises the lowest Node of package.json's `engines`; our machines run
 * Node 20. Platform binaries for other systems are skipped by npm, and so here.
 */
describe('the locked dependencies', () => {
  const supported = semver.minVersion(pkg.engines.node)!.version;

  it('all run on the lowest supported Node and on this one, so `npm ci` warns of none', () => {
    const unsupported = Object.entries(lock.packages)
      .filter(([name, entry]) => name !== '' && entry.engines?.node)
      .filter(([, entry]) => !entry.os || entry.os.includes(process.platform))
      .filter(
        ([, entry]) =>
          !semver.satisfies(supported, entry.engines!.node!) ||
          !semver.satisfies(process.version, entry.engines!.node!),
      )
      .map(([name, entry]) => `${name}@${entry.version} (node ${entry.engines!.node})`);
    expect(supported).toBe('20.19.0');
    expect(unsupported).toEqual([]);
  });
});
