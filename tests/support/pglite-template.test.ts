import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rows } from '../../src/server/db/raw';
import { openPgliteTestDatabase } from './databases';

it("opens test databases with the template's small shared buffers (pglite-template.ts)", async () => {
  const database = await openPgliteTestDatabase();
  try {
    const settings = await rows<{ shared_buffers: string }>(database.db, sql`show shared_buffers`);
    expect(settings).toEqual([{ shared_buffers: '8MB' }]);
  } finally {
    await database.dispose();
  }
});
