import fs from 'node:fs';
import path from 'node:path';

/**
 * Room a memory filesystem must have left to take a run's folders: each app's DATA_DIR holds a
 * 45 MB copy of the PGlite template, two or three are open at once, and a few test files start
 * several apps (a container's default /dev/shm of 64 MB would fail them).
 */
const MIN_FREE_BYTES = 2 * 1024 ** 3;

/**
 * The tests' temporary folders (every DATA_DIR, the PGlite template, the browsers' profiles) on
 * the machine's memory filesystem, when it has one with room: copying the template into a fresh
 * DATA_DIR costs about 0.95 CPU-s on an ext4 disk and 0.065 on /dev/shm (tmpfs), measured
 * 2026-11-29, and the browser tests copy it for each app they start (26 of their node
 * CPU-seconds went to `copyFile`). Sets TMPDIR, which `os.tmpdir()` reads, for this process and
 * every one it starts; a TMPDIR already set stands. Returns the folder chosen, or undefined
 * where none was.
 */
export function useMemoryTmpdir(
  candidate = '/dev/shm',
  minFreeBytes = MIN_FREE_BYTES,
): string | undefined {
  if (process.env.TMPDIR) return undefined;
  try {
    const space = fs.statfsSync(candidate);
    if (space.bavail * space.bsize < minFreeBytes) return undefined;
    const dir = path.join(candidate, 'agentchat-tests');
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
    process.env.TMPDIR = dir;
    return dir;
  } catch {
    // No such filesystem here (macOS, Windows), or not ours to write.
    return undefined;
  }
}
