/**
 * Copies the images in DATA_DIR/uploads to the S3 bucket that STORAGE=s3 and the S3_* settings
 * name, under the same keys, before an operator switches the app to the bucket:
 *   STORAGE=s3 S3_BUCKET=... (the app's own settings) npm run storage:migrate
 * Safe to run while the app runs (it reads files only) and to run again: what the bucket already
 * holds is not copied twice.
 */
import { ConfigError, loadConfig } from '../src/server/config';
import { copyUploads, DiskStorage, S3Storage } from '../src/server/platform/storage';

/** Skipped names printed at most; the rest are counted. */
const MAX_NAMED = 10;

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  if (config.storage.kind !== 's3') {
    console.error(
      'Set STORAGE=s3 and the S3_* settings of the bucket to copy to (see README.md, Configuration).',
    );
    return 1;
  }
  const from = new DiskStorage(config.uploadDir);
  const to = new S3Storage(config.storage);
  const target = `s3://${config.storage.bucket}${config.storage.endpoint ? ` at ${config.storage.endpoint}` : ''}`;
  console.log(`Copying ${config.uploadDir} to ${target}`);
  try {
    await to.probe();
  } catch (error) {
    console.error(`The bucket cannot be reached: ${(error as Error).message}`);
    await to.close();
    return 1;
  }
  try {
    let copied = 0;
    const report = await copyUploads({
      from,
      to,
      onCopied: () => {
        copied += 1;
        if (copied % 100 === 0) console.log(`  ${copied} copied so far`);
      },
    });
    const { skipped } = report;
    const named = skipped.slice(0, MAX_NAMED).join(', ');
    const more = skipped.length > MAX_NAMED ? ` and ${skipped.length - MAX_NAMED} more` : '';
    console.log(
      `Copied ${report.copied} file(s); ${report.alreadyThere} already in the bucket; ` +
        `${skipped.length} skipped (not uploads)${skipped.length > 0 ? `: ${named}${more}` : ''}.`,
    );
    return 0;
  } catch (error) {
    // A StorageUnavailableError's own text is for chat users; the store's says what failed.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    console.error(
      `Stopped: ${cause instanceof Error ? cause.message : String(cause)}. ` +
        'Run it again: what was copied stays and is not copied twice.',
    );
    return 1;
  } finally {
    await to.close();
  }
}

process.exitCode = await main();
