// @ts-check
/**
 * `npm start`: builds when the sources changed since the last build (scripts/build-inputs.js),
 * then runs the server bundle in this process (decision 033). `node scripts/start.js
 * agent-create ...` runs that operator command's bundle instead, with the arguments after it.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildOutOfDate } from './build-inputs.js';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COMMANDS = ['agent-create', 'storage-migrate'];
const command = COMMANDS.find((name) => name === process.argv[2]);
// The command reads its own arguments from process.argv, after its name.
if (command) process.argv.splice(2, 1);
const reason = buildOutOfDate(rootDir);
if (reason !== undefined) {
  process.stdout.write(`Building the app (${reason})...\n`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(rootDir, 'scripts/build.ts'), '--quiet'],
    { cwd: rootDir, stdio: 'inherit' },
  );
  if (result.status !== 0) {
    process.stderr.write(
      '\nThe build failed. `npm ci` installs what it needs (the dev dependencies too).\n',
    );
    process.exit(result.status ?? 1);
  }
}
await import(pathToFileURL(path.join(rootDir, 'dist/server', `${command ?? 'main'}.js`)).href);
