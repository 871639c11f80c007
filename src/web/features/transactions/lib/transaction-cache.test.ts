import { describe, expect, it } from 'vitest';
import { placeInApprovals, upsertInList, upsertInPages } from './transaction-cache';
import { makeTransaction } from '../../../testing/fixtures';

describe('transaction caches', () => {
  it('replaces a known transaction in place and adds a new one newest first', () => {
    const list = [makeTransaction({ id: 3 }), makeTransaction({ id: 1 })];
    const done = makeTransaction({ id: 1, status: 'completed' });
    expect(upsertInList(list, done).map((t) => [t.id, t.status])).toEqual([
      [3, 'pending'],
      [1, 'completed'],
    ]);
    expect(upsertInList(list, makeTransaction({ id: 2 })).map((t) => t.id)).toEqual([3, 2, 1]);
  });

  it('puts a new one on the first page, changes one on any page, and skips one not loaded', () => {
    const data = {
      pages: [
        { items: [makeTransaction({ id: 9 }), makeTransaction({ id: 8 })], nextCursor: '8' },
        { items: [makeTransaction({ id: 5 })], nextCursor: '5' },
      ],
      pageParams: [null, '8'],
    };
    const added = upsertInPages(data, makeTransaction({ id: 10 }));
    expect(added.pages[0]!.items.map((t) => t.id)).toEqual([10, 9, 8]);
    const changed = upsertInPages(data, makeTransaction({ id: 5, status: 'failed' }));
    expect(changed.pages[1]!.items[0]!.status).toBe('failed');
    expect(upsertInPages(data, makeTransaction({ id: 2 }))).toBe(data);
    const empty = { pages: [{ items: [], nextCursor: null }], pageParams: [null] };
    expect(upsertInPages(empty, makeTransaction({ id: 1 })).pages[0]!.items).toHaveLength(1);
  });

  it('keeps the Approvals list to the waiting ones, oldest first', () => {
    const waiting = (id: number) => makeTransaction({ id, status: 'pending_approval' });
    const list = [waiting(2), waiting(5)];
    expect(placeInApprovals(list, waiting(3)).map((t) => t.id)).toEqual([2, 3, 5]);
    const approved = makeTransaction({ id: 2, status: 'pending' });
    expect(placeInApprovals(list, approved).map((t) => t.id)).toEqual([5]);
    expect(placeInApprovals(list, makeTransaction({ id: 7 })).map((t) => t.id)).toEqual([2, 5]);
  });
});
