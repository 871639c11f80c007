import type { DiskStorage } from './disk-storage';
import { contentTypeOfKey, type ObjectStorage } from './object-storage';

export interface CopyReport {
  /** Files written to the target in this run. */
  copied: number;
  /** Files the target already held at the same size: copied by an earlier run. */
  alreadyThere: number;
  /** Names in the folder that are no stored file (a crashed upload's `.part`, a stray file). */
  skipped: string[];
}

/**
 * Copies every stored file of the upload folder into another store under the same key, so
 * messages find their images there unchanged. Idempotent: a key the target already holds at the
 * same size is left alone, so a run that stopped halfway is finished by running it again.
 */
export async function copyUploads(options: {
  from: DiskStorage;
  to: ObjectStorage;
  onCopied?: (key: string) => void;
}): Promise<CopyReport> {
  const { from, to, onCopied } = options;
  const { keys, skipped } = await from.keys();
  const report: CopyReport = { copied: 0, alreadyThere: 0, skipped };
  for (const key of keys) {
    const source = await from.open(key);
    if (!source) {
      // Removed since the listing (a refused upload cleaned up by a running app).
      report.skipped.push(key);
      continue;
    }
    if ((await to.size(key)) === source.size) {
      source.stream.destroy();
      report.alreadyThere += 1;
      continue;
    }
    const body = Buffer.concat(await source.stream.toArray());
    await to.put(key, body, contentTypeOfKey(key));
    report.copied += 1;
    onCopied?.(key);
  }
  return report;
}
