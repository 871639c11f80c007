import type { TestProject } from 'vitest/node';
import { sharedPgliteTemplate } from '../support/pglite-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR holding a migrated, empty PGlite database to copy (support/pglite-template). */
    pgliteTemplate: string;
  }
}

/** The PGlite template for every test file of the project (kept for the next run). */
export default async function setup(project: TestProject): Promise<void> {
  project.provide('pgliteTemplate', await sharedPgliteTemplate());
}
