import { describe, expect, it } from 'vitest';
import { ChangeCache } from './change-cache';

/** A read the test finishes by hand, counting how often the cache asked for one. */
function reads() {
  const pending: ((value: string) => void)[] = [];
  let count = 0;
  return {
    get count() {
      return count;
    },
    read: () => {
      count++;
      return new Promise<string>((resolve) => pending.push(resolve));
    },
    finish(value: string) {
      pending.shift()!(value);
    },
  };
}

function setup(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const feed = { live: true };
  let now = 0;
  const cache = new ChangeCache<string>(feed, {
    ttlMs: options.ttlMs ?? 1_000,
    maxEntries: options.maxEntries ?? 10,
    keep: (value) => value !== 'unknown',
    now: () => now,
  });
  return {
    feed,
    cache,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('ChangeCache', () => {
  it('reads once, then answers from memory until cleared', async () => {
    const { cache } = setup();
    let count = 0;
    const read = async () => `value ${++count}`;
    expect(await cache.get('k', read)).toBe('value 1');
    expect(await cache.get('k', read)).toBe('value 1');
    cache.clear();
    expect(await cache.get('k', read)).toBe('value 2');
    expect(count).toBe(2);
  });

  it('shares one read among callers who ask while it runs', async () => {
    const { cache } = setup();
    const r = reads();
    const first = cache.get('k', r.read);
    const second = cache.get('k', r.read);
    r.finish('shared');
    expect(await Promise.all([first, second])).toEqual(['shared', 'shared']);
    expect(r.count).toBe(1);
  });

  it('does not keep a read that a change raced, nor let later callers join it', async () => {
    const { cache } = setup();
    const r = reads();
    const before = cache.get('k', r.read);
    cache.clear(); // the database changed while the read ran: its answer may predate the change
    const after = cache.get('k', r.read);
    expect(r.count).toBe(2);
    r.finish('old');
    r.finish('new');
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    // Only the read that began after the change was kept.
    expect(await cache.get('k', r.read)).toBe('new');
    expect(r.count).toBe(2);
  });

  it('serves nothing from memory and keeps nothing while changes cannot be heard', async () => {
    const { cache, feed } = setup();
    let count = 0;
    const read = async () => `value ${++count}`;
    await cache.get('k', read);
    feed.live = false;
    expect(await cache.get('k', read)).toBe('value 2');
    expect(await cache.get('k', read)).toBe('value 3');
    expect(cache.size).toBe(1); // the old value, never served while not live
    feed.live = true;
    cache.clear(); // what clearOn does when the notifications come back
    expect(await cache.get('k', read)).toBe('value 4');
    expect(await cache.get('k', read)).toBe('value 4');
  });

  it('forgets a value after its time to live, or when the caller finds it no longer valid', async () => {
    const { cache, advance } = setup({ ttlMs: 1_000 });
    let count = 0;
    const read = async () => `value ${++count}`;
    await cache.get('k', read);
    advance(999);
    expect(await cache.get('k', read)).toBe('value 1');
    advance(1);
    expect(await cache.get('k', read)).toBe('value 2');
    expect(await cache.get('k', read, (value) => value !== 'value 2')).toBe('value 3');
  });

  it('does not keep values the owner says not to, and stays within its size', async () => {
    const { cache } = setup({ maxEntries: 3 });
    let count = 0;
    await cache.get('unknown cookie', async () => {
      count++;
      return 'unknown';
    });
    await cache.get('unknown cookie', async () => {
      count++;
      return 'unknown';
    });
    expect(count).toBe(2);
    for (let i = 0; i < 10; i++) await cache.get(`k${i}`, async () => `v${i}`);
    expect(cache.size).toBeLessThanOrEqual(3);
  });

  it('passes a failed read to every caller waiting on it and keeps nothing', async () => {
    const { cache } = setup();
    let fail = true;
    const read = async () => {
      if (fail) throw new Error('database down');
      return 'ok';
    };
    await expect(Promise.all([cache.get('k', read), cache.get('k', read)])).rejects.toThrow(
      'database down',
    );
    fail = false;
    expect(await cache.get('k', read)).toBe('ok');
  });
});
