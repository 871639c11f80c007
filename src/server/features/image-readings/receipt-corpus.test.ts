import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteTestDatabase, type TestDatabase } from '../../../../tests/support/databases';
import { runReceiptCorpus } from '../../../../tests/fixtures/receipts/run-corpus';

/**
 * A part of the receipt corpus (3 bank layouts × 2 receipts, each with its 3 altered copies:
 * 24 images, 10–30 s of OCR) through the app; `npm run bench -- --only receipts` runs all of
 * it (3 × 10, 120 images). PGlite only: what is checked is the reading, not the database.
 */
describe('the receipt corpus, read', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openPgliteTestDatabase();
  });
  afterAll(() => database.dispose());

  it(
    'flags every altered copy as the same receipt, never two references, and reads 95 % of the references',
    { timeout: 180_000 },
    async () => {
      const result = await runReceiptCorpus({ database, count: 2 });
      expect(result.images).toHaveLength(24);
      expect(result.falseReuseFlags).toEqual([]);
      expect(result.missedCopies).toEqual([]);
      for (const copy of result.images.filter((i) => i.originalId !== null)) {
        expect(copy.seenBefore).toMatchObject({ kind: 'same_receipt', messageId: copy.originalId });
      }
      // No original repeats another: all references differ.
      expect(result.images.filter((i) => i.originalId === null && i.seenBefore)).toEqual([]);
      expect(result.referencesRead).toBeGreaterThanOrEqual(0.95);
    },
  );
});
