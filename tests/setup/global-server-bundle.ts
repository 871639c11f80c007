import path from 'node:path';
import { buildServer } from '../../scripts/build-server';

/**
 * The server bundle (dist/server) from the current sources, once before the files that start
 * the app as a process (tests/support/server-process.ts): they run what `npm start` runs.
 */
export default async function setup(): Promise<void> {
  await buildServer(path.resolve(import.meta.dirname, '../..'));
}
