import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate } from '../support/pglite-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR holding a migrated, empty PGlite database to copy (support/pglite-template). */
    pgliteTemplate: string;
  }
}

/** Makes the run's PGlite template once, for every test file of the project; removes it after. */
export default async function setup(project: TestProject): Promise<() => void> {
  const template = await createPgliteTemplate();
  project.provide('pgliteTemplate', template);
  return () => fs.rmSync(template, { recursive: true, force: true });
}
