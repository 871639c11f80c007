import { describe, expect, it, vi } from 'vitest';
import { ALONE, GroupCommit } from './group-commit';

interface Item {
  key: string;
  value: number;
}

/** A group whose statements answer when `release` is called, recording what each carried. */
function recorder(fail: (items: readonly Item[]) => boolean = () => false) {
  const statements: number[][] = [];
  const pending: Array<() => void> = [];
  const group = {
    key: (item: Item) => item.key,
    run: (items: readonly Item[]) => {
      statements.push(items.map((item) => item.value));
      return new Promise<number[]>((resolve, reject) => {
        pending.push(() =>
          fail(items) ? reject(new Error('refused')) : resolve(items.map((i) => i.value * 10)),
        );
      });
    },
  };
  const release = async () => {
    while (pending.length > 0) {
      pending.shift()!();
      // Let the answer reach the queue, which may start the next statement.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { group, statements, release };
}

describe('GroupCommit', () => {
  it('runs an item at once when the database is free, and what queued meanwhile in one statement', async () => {
    const { group, statements, release } = recorder();
    const queue = new GroupCommit(group);
    const first = queue.submit({ key: 'a', value: 1 });
    expect(statements).toEqual([[1]]);
    const rest = [2, 3, 4].map((value) => queue.submit({ key: `k${value}`, value }));
    expect(statements).toEqual([[1]]);
    await release();
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
    expect(statements).toEqual([[1], [2, 3, 4]]);
  });

  it('never puts two items with one key in a statement, and keeps their order', async () => {
    const { group, statements, release } = recorder();
    const queue = new GroupCommit(group);
    const all = [
      queue.submit({ key: 'x', value: 0 }),
      queue.submit({ key: 'a', value: 1 }),
      queue.submit({ key: 'a', value: 2 }),
      queue.submit({ key: 'b', value: 3 }),
      queue.submit({ key: 'a', value: 4 }),
    ];
    await release();
    expect(await Promise.all(all)).toEqual([0, 10, 20, 30, 40]);
    expect(statements).toEqual([[0], [1, 3], [2], [4]]);
  });

  it('carries at most `maxItems` items in each statement', async () => {
    const { group, statements, release } = recorder();
    const queue = new GroupCommit(group, 3);
    const all = [1, 2, 3, 4, 5, 6, 7, 8].map((value) => queue.submit({ key: `k${value}`, value }));
    expect(statements).toEqual([[1]]);
    await release();
    await Promise.all(all);
    expect(statements).toEqual([[1], [2, 3, 4], [5, 6, 7], [8]]);
  });

  it("a failed statement runs each of its items again alone: one item's fault fails only that item", async () => {
    const { group, statements, release } = recorder((items) => items.some((i) => i.value === 3));
    const queue = new GroupCommit(group);
    const all = [1, 2, 3, 4].map((value) =>
      queue.submit({ key: `k${value}`, value }).then(
        (answer) => answer,
        (error: Error) => error.message,
      ),
    );
    await release();
    expect(await Promise.all(all)).toEqual([10, 20, 'refused', 40]);
    expect(statements).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });

  it('answers the items a shared statement did at once, then runs each one it left alone', async () => {
    const statements: number[][] = [];
    let release: () => void = () => undefined;
    const group = {
      key: (item: Item) => item.key,
      run: async (items: readonly Item[]) => {
        statements.push(items.map((item) => item.value));
        // The first statement holds the queue until released; a shared one leaves 2 undone.
        if (statements.length === 1) await new Promise<void>((resolve) => (release = resolve));
        if (statements.length === 3) await new Promise<void>((resolve) => (release = resolve));
        return items.map((item) => (items.length > 1 && item.value === 2 ? ALONE : item.value));
      },
    };
    const queue = new GroupCommit(group);
    const answered: number[] = [];
    const all = [1, 2, 3].map((value) =>
      queue.submit({ key: `k${value}`, value }).then((answer) => answered.push(answer as number)),
    );
    release();
    // 3 is answered while 2, left alone, still runs in a statement of its own; and that one
    // does not hold up the queue: 4 runs meanwhile.
    await vi.waitFor(() => expect(statements).toEqual([[1], [2, 3], [2]]));
    expect(answered).toEqual([1, 3]);
    expect(await queue.submit({ key: 'k4', value: 4 })).toBe(4);
    // Another item of the key that runs alone waits for it.
    const again = queue.submit({ key: 'k2', value: 5 });
    expect(statements).toEqual([[1], [2, 3], [2], [4]]);
    release();
    await Promise.all([...all, again]);
    expect(answered).toEqual([1, 3, 2]);
    expect(statements).toEqual([[1], [2, 3], [2], [4], [5]]);
  });
});
