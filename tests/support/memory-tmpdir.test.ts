import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useMemoryTmpdir } from './memory-tmpdir';

describe('useMemoryTmpdir', () => {
  let saved: string | undefined;
  let parent: string;
  beforeEach(() => {
    saved = process.env.TMPDIR;
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'memory-tmpdir-'));
    delete process.env.TMPDIR;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('puts os.tmpdir() in a folder of its own on a filesystem with room', () => {
    const dir = useMemoryTmpdir(parent, 1);
    expect(dir).toBe(path.join(parent, 'agentchat-tests'));
    expect(os.tmpdir()).toBe(dir);
    expect(fs.statSync(dir!).isDirectory()).toBe(true);
  });

  it('leaves TMPDIR alone on a filesystem without room, one that is not there, or when it is set', () => {
    expect(useMemoryTmpdir(parent, Number.MAX_SAFE_INTEGER)).toBeUndefined();
    expect(useMemoryTmpdir(path.join(parent, 'missing'), 1)).toBeUndefined();
    expect(process.env.TMPDIR).toBeUndefined();
    process.env.TMPDIR = '/somewhere/chosen';
    expect(useMemoryTmpdir(parent, 1)).toBeUndefined();
    expect(process.env.TMPDIR).toBe('/somewhere/chosen');
  });
});
