import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { makeOrder } from '../../../testing/fixtures';
import { orderKeys } from '../api/keys';
import { upsertOrder, withDisputed, withOrder } from './order-cache';

const at = (minute: number) => `2026-11-22T08:${String(minute).padStart(2, '0')}:00.000Z`;

describe('the orders cache', () => {
  it('puts a new order first and replaces a known one where it is', () => {
    const old = makeOrder({ id: 1, state: 'completed' });
    const open = makeOrder({ id: 2 });
    expect(withOrder([old], open).map((o) => o.id)).toEqual([2, 1]);
    const moved = { ...open, state: 'deposit_seen' as const, updatedAt: at(30) };
    expect(withOrder([open, old], moved)).toEqual([moved, old]);
  });

  it('never steps an order back: an older answer after a newer event is ignored', () => {
    const newer = makeOrder({ id: 2, state: 'deposit_confirmed', updatedAt: at(40) });
    const older = makeOrder({ id: 2, state: 'deposit_seen', updatedAt: at(30) });
    expect(withOrder([newer], older)).toEqual([newer]);
  });

  it("writes into the order's chat only, and only once that chat's list has loaded", () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(orderKeys.chat(7), []);
    upsertOrder(queryClient, makeOrder({ id: 2 }));
    upsertOrder(queryClient, makeOrder({ id: 3, chatSessionId: 8 }));
    expect(queryClient.getQueryData(orderKeys.chat(7))).toEqual([makeOrder({ id: 2 })]);
    expect(queryClient.getQueryData(orderKeys.chat(8))).toBeUndefined();
  });

  it('keeps the disputed list to disputed orders: in when disputed, out once resolved, never stepped back', () => {
    const disputed = makeOrder({ id: 2, state: 'disputed', updatedAt: at(30) });
    expect(withDisputed([], disputed)).toEqual([disputed]);
    expect(withDisputed([], makeOrder({ id: 3, state: 'payout_sent' }))).toEqual([]);
    const resolved = { ...disputed, state: 'completed' as const, updatedAt: at(40) };
    expect(withDisputed([disputed], resolved)).toEqual([]);
    const older = { ...disputed, state: 'payout_sent' as const, updatedAt: at(20) };
    expect(withDisputed([disputed], older)).toEqual([disputed]);
    const queryClient = createQueryClient();
    queryClient.setQueryData(orderKeys.disputed, [disputed]);
    upsertOrder(queryClient, resolved);
    expect(queryClient.getQueryData(orderKeys.disputed)).toEqual([]);
  });
});
