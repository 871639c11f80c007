import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder, the nearest one above this code with a package.json: three levels up
 * from a source file under src/server, two from the bundle in dist/server (decision 033).
 * drizzle/ and dist/web are found from it.
 */
function findRootDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const rootDir = findRootDir(path.dirname(fileURLToPath(import.meta.url)));
