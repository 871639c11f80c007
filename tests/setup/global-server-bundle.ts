import path from 'node:path';
import { buildServerIfOutOfDate } from '../../scripts/build-server';

/**
 * The server bundle (dist/server) from the current sources, before the files that run it as a
 * process (tests/support/server-process.ts, the CLI and lock tests): they run what `npm start`
 * runs. Built only when a source is newer than the last build, so the projects that need it
 * (unit, server, e2e, the fault tests) build it once between them, and a fresh clone still works.
 */
export default async function setup(): Promise<void> {
  const built = await buildServerIfOutOfDate(path.resolve(import.meta.dirname, '../..'));
  if (built !== undefined) console.log(built);
}
