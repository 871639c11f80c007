import { describe, expect, it } from 'vitest';
import { accountButtonId, orderButtonId, parseButtonId } from './button-ids';

describe("the channel's button ids", () => {
  it('read back what they were made from', () => {
    const accept = {
      kind: 'order',
      action: 'accept',
      orderId: 7,
      eventId: 31,
      accountId: 4,
    } as const;
    expect(orderButtonId(accept)).toBe('order:accept:7:31:4');
    expect(parseButtonId(orderButtonId(accept))).toEqual(accept);
    const received = { kind: 'order', action: 'received', orderId: 7, eventId: 40 } as const;
    expect(parseButtonId(orderButtonId(received))).toEqual(received);
    expect(parseButtonId(accountButtonId({ action: 'confirm', accountId: 9 }))).toEqual({
      kind: 'account',
      action: 'confirm',
      accountId: 9,
    });
  });

  it('are none of ours when made up or misshapen', () => {
    for (const id of [
      'desk:bitcoin',
      'order:accept:7:31',
      'order:received:7:31:4',
      'order:pay-me:7:31',
      'order:accept:0:31:4',
      'order:accept:7:31:99999999999',
      'order:accept:-7:31:4',
      'account:delete:9',
      'account:confirm:9x',
      '',
    ]) {
      expect(parseButtonId(id), id).toBeNull();
    }
  });
});
