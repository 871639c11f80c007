import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  assertStorageKey,
  isStorageKey,
  StorageUnavailableError,
  type ObjectStorage,
  type StoredObject,
} from './object-storage';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/** Files in one folder on this machine (`DATA_DIR/uploads`): the embedded setup's store. */
export class DiskStorage implements ObjectStorage {
  readonly kind = 'disk';

  constructor(readonly dir: string) {}

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.dir, key);
  }

  /** The content type is not kept: the message knows its image's type. */
  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    const target = this.pathOf(key);
    // Written aside, then renamed: a reader sees the whole file or none.
    const temporary = path.join(this.dir, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await fs.promises.mkdir(this.dir, { recursive: true, mode: 0o700 });
      await fs.promises.writeFile(temporary, body, { mode: 0o600 });
      await fs.promises.rename(temporary, target);
    } catch (error) {
      await fs.promises.rm(temporary, { force: true }).catch(() => undefined);
      throw new StorageUnavailableError(error);
    }
  }

  async open(key: string): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    let handle: fs.promises.FileHandle | undefined;
    try {
      handle = await fs.promises.open(file, 'r');
      const { size } = await handle.stat();
      // The stream owns the handle from here and closes it when it ends or fails.
      return { stream: handle.createReadStream(), size };
    } catch (error) {
      await handle?.close();
      if (isMissing(error)) return null;
      throw new StorageUnavailableError(error);
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const stat = await fs.promises.stat(this.pathOf(key));
      return stat.isFile() ? stat.size : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw new StorageUnavailableError(error);
    }
  }

  async remove(key: string): Promise<void> {
    try {
      await fs.promises.rm(this.pathOf(key), { force: true });
    } catch (error) {
      throw new StorageUnavailableError(error);
    }
  }

  /** Writes and removes a file of its own, as an upload would: proves the folder takes writes. */
  async probe(): Promise<void> {
    await fs.promises.mkdir(this.dir, { recursive: true, mode: 0o700 });
    const probe = path.join(this.dir, `.ready-${randomBytes(8).toString('hex')}`);
    await fs.promises.writeFile(probe, '');
    await fs.promises.unlink(probe);
  }

  /** The stored files' keys (no temporary or hidden files); none when the folder is not there. */
  async keys(): Promise<{ keys: string[]; skipped: string[] }> {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(this.dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return { keys: [], skipped: [] };
      throw error;
    }
    const keys: string[] = [];
    const skipped: string[] = [];
    for (const entry of entries) {
      // `.part`: an upload cut off by a crash before it was re-encoded, never a message's file.
      const valid = entry.isFile() && isStorageKey(entry.name) && !entry.name.endsWith('.part');
      (valid ? keys : skipped).push(entry.name);
    }
    return { keys: keys.sort(), skipped: skipped.sort() };
  }

  async close(): Promise<void> {}
}
